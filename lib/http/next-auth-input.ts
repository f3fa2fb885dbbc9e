// Client input that next-auth 4 turns into a 500, refused first with a 400:
// - a `callbackUrl` query parameter or callback-url cookie that is not an http(s)
//   URL or a path: its config check answers "problem with the server
//   configuration" (next-auth/core/lib/assert.js); a bad cookie is also cleared;
// - a POST whose JSON body does not parse: next-auth calls req.json() unguarded.
// (A `callbackUrl` form field that is not a URL: see lib/auth/next-auth-redirect.ts.)
import 'server-only';
import { AppError, isAppError } from '../errors';
import { errorResponse, readJson } from './api-route';

const invalid = (message: string) => errorResponse(new AppError('invalid_input', message));

const CALLBACK_COOKIES = ['next-auth.callback-url', '__Secure-next-auth.callback-url'];

/** next-auth's own test (isValidHttpUrl): a path, or an absolute http(s) URL. */
function isUsableCallbackUrl(value: string): boolean {
  try {
    return /^https?:/.test(new URL(value, value.startsWith('/') ? 'http://localhost' : undefined).protocol);
  } catch {
    return false;
  }
}

/**
 * Every value of the named cookies, decoded as Next's request cookies decode
 * them (pairs split on "; ", pairs that fail to decode skipped): next-auth keeps
 * the last, so a hostile copy after a good one must be seen too.
 */
function cookieValues(header: string, names: string[]): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  for (const pair of header.split(/; */)) {
    const at = pair.indexOf('=');
    const name = at === -1 ? pair : pair.slice(0, at);
    if (!names.includes(name)) continue;
    try {
      found.push({ name, value: decodeURIComponent(at === -1 ? 'true' : pair.slice(at + 1)) });
    } catch {
      /* Next skips it too */
    }
  }
  return found;
}

export function refuseUnusableCallbackUrl<C>(handler: (req: Request, context: C) => Promise<Response> | Response) {
  return async (req: Request, context: C) => {
    const params = new URL(req.url).searchParams.getAll('callbackUrl');
    if (params.some((v) => v !== '' && !isUsableCallbackUrl(v))) {
      return invalid('callbackUrl: must be a path on this site or an http(s) address.');
    }
    const bad = cookieValues(req.headers.get('cookie') ?? '', CALLBACK_COOKIES).filter((c) => c.value !== '' && !isUsableCallbackUrl(c.value));
    if (bad.length) {
      const res = invalid('The sign-in callback cookie is not a usable address; it has been cleared. Try again.');
      for (const name of new Set(bad.map((c) => c.name))) {
        res.headers.append('set-cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}`);
      }
      return res;
    }
    if (req.method === 'POST' && (req.headers.get('content-type') ?? '').includes('application/json')) {
      try {
        await readJson(req.clone()); // bounded like every API body; next-auth reads the original
      } catch (e) {
        if (isAppError(e)) return errorResponse(e);
        throw e;
      }
    }
    return handler(req, context);
  };
}
