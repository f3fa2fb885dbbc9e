// Next.js answers a bare 500 when a dynamic segment holds a percent-escape that
// is not UTF-8 ("/api/claims/%", "/claims/%E9"; vercel/next.js#92527), before
// any route code runs. The custom server refuses such paths first with a 400.
import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_CSP } from './security-headers';

const UNDECODABLE_PATH_MESSAGE = 'The URL path is not valid percent-encoded UTF-8.';

function isUndecodablePath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/** Answers 400 (JSON under /api/) and returns true when the request's path cannot be decoded. */
export function refuseUndecodablePath(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  if (!isUndecodablePath(url)) return false;
  const api = url.startsWith('/api/');
  res.writeHead(400, {
    'content-type': api ? 'application/json' : 'text/plain; charset=utf-8',
    'content-security-policy': API_CSP,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
  res.end(api ? JSON.stringify({ error: { code: 'invalid_input', message: UNDECODABLE_PATH_MESSAGE } }) : `Bad request: ${UNDECODABLE_PATH_MESSAGE}\n`);
  return true;
}
