'use client';

// POST with upload progress, which fetch cannot report: the Add articles page
// sends each file, paste or address in a request of its own through this, and
// shows a progress bar per request. Errors become messages as in api-client.ts
// (a 401 goes to sign in), worded for an import rather than a save.
import { type ApiError, apiErrorFrom } from './api-client';

/** A file of 2 MB on a slow line, plus the server's work (a URL is fetched for up to 10 s). */
const UPLOAD_TIMEOUT_MS = 90_000;

export type UploadOptions = {
  /** Sent as multipart/form-data; anything else as JSON. */
  body: FormData | object;
  /** Share of the request body sent so far, 0 to 1 (not called when the browser cannot tell). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
};

export type UploadResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

const failure = (code: string, message: string): { ok: false; error: ApiError } => ({ ok: false, error: { status: 0, code, message, body: {} } });

/** What a person reads for a failed request; the server's own sentence when it gave one. */
function messageFor(error: ApiError): string {
  if (error.status === 413 && !error.body.error) return 'This is larger than Factdesk accepts: files of up to 2 MB each, 50 at a time.';
  if (error.status === 403 && !error.body.error) return 'Your role cannot add articles.';
  return error.message;
}

// T names the response of our own route (its type in lib/validation): a claim about the server, not a check.
export function postWithProgress<T>(url: string, options: UploadOptions): Promise<UploadResult<T>> {
  const timeoutMs = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = timeoutMs;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let json: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(xhr.responseText);
        if (typeof parsed === 'object' && parsed !== null) json = parsed as Record<string, unknown>;
      } catch {
        // Not JSON (a proxy's error page): the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, data: json as T });
        return;
      }
      const error = apiErrorFrom(xhr.status, json);
      resolve({ ok: false, error: { ...error, message: messageFor(error) } });
    };
    xhr.onerror = () => resolve(failure('network', 'Could not reach Factdesk. Nothing was imported from this one; check the connection and try again.'));
    xhr.ontimeout = () =>
      resolve(
        failure(
          'timeout',
          `Factdesk has not answered for ${Math.round(timeoutMs / 1000)} seconds. The import may still go through; trying again is safe (an article already on the desk comes back as a duplicate).`,
        ),
      );
    xhr.onabort = () => resolve(failure('aborted', 'Cancelled.'));
    if (options.signal?.aborted) {
      resolve(failure('aborted', 'Cancelled.'));
      return;
    }
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    if (options.body instanceof FormData) {
      xhr.send(options.body);
    } else {
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(JSON.stringify(options.body));
    }
  });
}
