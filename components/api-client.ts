'use client';

// Browser side of the JSON API: one place that turns error bodies into messages.
export type ApiError = { status: number; code: string; message: string; issues?: { path: string; message: string }[]; body: Record<string, unknown> };
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

// A save that gets no answer must not spin for ever (a database that stopped
// answering holds requests already under way). The request may still complete
// on the server: its change then arrives live, and a retry meets the version check.
export const SAVE_TIMEOUT_MS = 20_000;

// T names the response of one of our own routes (its DTO type in lib/): a claim about the server, not a check.
export async function postJson<T>(
  url: string,
  body: unknown,
  options: { timeoutMs?: number; method?: 'POST' | 'PATCH' | 'DELETE' } = {},
): Promise<ApiResult<T>> {
  const timeoutMs = options.timeoutMs ?? SAVE_TIMEOUT_MS;
  let res: Response;
  let json: Record<string, unknown>;
  try {
    res = await fetch(url, {
      method: options.method ?? 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    json = (await res.json().catch((e: unknown) => {
      if (isTimeout(e)) throw e;
      return {};
    })) as Record<string, unknown>;
  } catch (e) {
    if (isTimeout(e)) return timedOut(timeoutMs);
    return {
      ok: false,
      error: { status: 0, code: 'network', message: 'Could not reach Factdesk. Your draft is kept; check the connection and try again.', body: {} },
    };
  }
  if (res.ok) return { ok: true, data: json as T };
  return { ok: false, error: apiErrorFrom(res.status, json) };
}

/**
 * The error of a non-2xx answer, from its JSON body (`{ error: { code, message } }`).
 * A 401 means the session ended: the browser goes to sign in, and comes back here.
 * Shared with the upload client (components/upload-client.ts).
 */
export function apiErrorFrom(status: number, json: Record<string, unknown>): ApiError {
  const err = (json.error ?? {}) as { code?: string; message?: string; issues?: ApiError['issues'] };
  if (status === 401) window.location.assign(`/login?callbackUrl=${encodeURIComponent(location.pathname + location.search)}`);
  return { status, code: err.code ?? 'error', message: err.message ?? `Request failed (${status}).`, issues: err.issues, body: json };
}

/** A save that got no answer in time (over HTTP or the socket): it may still go through. */
export function timedOut(timeoutMs: number): { ok: false; error: ApiError } {
  return {
    ok: false,
    error: {
      status: 0,
      code: 'timeout',
      message: `Factdesk has not answered for ${Math.round(timeoutMs / 1000)} seconds. Your draft is kept. The save may still go through: if it does, it appears here by itself; otherwise try again.`,
      body: {},
    },
  };
}

function isTimeout(e: unknown): boolean {
  return (e as { name?: string } | null)?.name === 'TimeoutError';
}
