// A fetch() that connects from a chosen local address (127.0.N.1 on loopback),
// so a test can look like several client machines to a load balancer that
// routes by client address. Never follows redirects.
import http from 'node:http';

export function fetchFrom(localAddress: string, extraHeaders: Record<string, string> = {}): typeof fetch {
  return async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const body = textBody(init.body);
    const headers: Record<string, string> = { ...extraHeaders, ...Object.fromEntries(new Headers(init.headers).entries()) };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise<Response>((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method: init.method ?? 'GET', headers, localAddress },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const out = new Headers();
            for (let i = 0; i < res.rawHeaders.length; i += 2) out.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
            const status = res.statusCode ?? 0;
            const payload = [101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
            resolve(new Response(payload, { status, headers: out }));
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      init.signal?.addEventListener('abort', () => req.destroy(init.signal?.reason as Error));
      req.end(body);
    });
  };
}

// The bodies the tests send: text, or a form (sign-in).
function textBody(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams) return body.toString();
  throw new Error('fetchFrom sends text and form bodies only');
}
