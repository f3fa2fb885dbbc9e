'use client';

// Browser side of the JSON API: one place that turns error bodies into messages.
export type ApiError = { status: number; code: string; message: string; issues?: { path: string; message: string }[]; body: Record<string, unknown> };

export async function postJson<T>(url: string, body: unknown): Promise<{ ok: true; data: T } | { ok: false; error: ApiError }> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    return { ok: false, error: { status: 0, code: 'network', message: 'Could not reach Factdesk. Your draft is kept; check the connection and try again.', body: {} } };
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) return { ok: true, data: json as T };
  const err = (json.error ?? {}) as { code?: string; message?: string; issues?: ApiError['issues'] };
  if (res.status === 401) window.location.assign(`/login?callbackUrl=${encodeURIComponent(location.pathname + location.search)}`);
  return {
    ok: false,
    error: { status: res.status, code: err.code ?? 'error', message: err.message ?? `Request failed (${res.status}).`, issues: err.issues, body: json },
  };
}
