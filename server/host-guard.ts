// The custom server's first step for every request: answer only under the
// desk's own addresses (lib/http/allowed-hosts.ts). A page that a hostile DNS
// name points at 127.0.0.1 (DNS rebinding) gets a short refusal, and so does a
// browser that opened the desk at another address than NEXTAUTH_URL: it is told
// the right one instead of failing later with a network or cross-site error.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostOf, isAllowedHost, isLoopbackHost, networkAccess, wrongHostMessage } from '../lib/http/allowed-hosts';
import { NOTICE_CSP } from '../lib/http/security-headers';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// Load balancers probe the backend under its own address; health says nothing private.
const UNCHECKED = new Set(['/api/health']);

function page(host: string | null, requestUrl: string): string {
  const access = networkAccess();
  let links: string[];
  if (access.canonical) {
    const target = new URL(requestUrl, access.canonical);
    links = [target.origin === access.canonical ? target.href : access.canonical];
  } else {
    links = [...access.urls];
  }
  const items = links.map((u) => `<li><a href="${escapeHtml(u)}">${escapeHtml(u)}</a></li>`).join('');
  const lead = access.canonical
    ? 'This desk is served at another address. Open it there:'
    : `This desk does not answer to ${host ? `<code>${escapeHtml(host)}</code>` : 'this address'}. Open it at:`;
  const tail = access.canonical
    ? '<p>Its address is set by <code>NEXTAUTH_URL</code>.</p>'
    : `<p>To reach it under another name or address, add that name to <code>ALLOWED_HOSTS</code>${host ? ` (<code>ALLOWED_HOSTS=${escapeHtml(host)}</code>)` : ''} and restart it.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Factdesk: wrong address</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#0f172a}code{background:#f1f5f9;padding:0 .2em}</style>
</head><body><h1>Wrong address</h1><p>${lead}</p><ul>${items}</ul>${tail}</body></html>`;
}

function wantsHtml(req: IncomingMessage, path: string): boolean {
  return !path.startsWith('/api/') && /text\/html/.test(req.headers.accept ?? '');
}

/**
 * Drops forwarding headers a client may not set, then checks the Host.
 * Returns false after answering the request itself when the host is not ours.
 */
export function guardHost(req: IncomingMessage, res: ServerResponse, options: { trustProxy: boolean }): boolean {
  // next-auth takes its URL from these when NEXTAUTH_URL is unset (AUTH_TRUST_HOST):
  // only our own proxy may name another host, and without one we serve plain http.
  if (!options.trustProxy) {
    delete req.headers['x-forwarded-host'];
    req.headers['x-forwarded-proto'] = 'http';
  } else {
    req.headers['x-forwarded-proto'] ??= 'http';
  }
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (UNCHECKED.has(path)) return true;
  const forwarded = req.headers['x-forwarded-host'];
  const badHeader = !isAllowedHost(req.headers.host) ? req.headers.host : forwarded !== undefined && !isAllowedHost(forwarded) ? forwarded : null;
  if (badHeader === null) return true;

  const host = hostOf(badHeader);
  const headers = { 'content-security-policy': NOTICE_CSP, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', connection: 'close' };
  if (wantsHtml(req, path)) {
    res.writeHead(403, { ...headers, 'content-type': 'text/html; charset=utf-8' });
    res.end(page(host, req.url ?? '/'));
  } else {
    const body = { error: { code: 'forbidden', message: wrongHostMessage(host) }, urls: networkAccess().urls };
    res.writeHead(403, { ...headers, 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  return false;
}

/** Start-up lines saying where the desk can be opened, and from where. */
export function bannerLines(options: { demoUsers: boolean }): string[] {
  const access = networkAccess();
  const local = (u: string) => isLoopbackHost(new URL(u).hostname);
  const lines = [
    'Factdesk is ready. Open it at:',
    ...access.urls.map((u) => `  ${u}${!access.canonical && !access.loopbackOnly && local(u) ? '   (this machine only)' : ''}`),
  ];
  if (access.canonical) lines.push('That is NEXTAUTH_URL: a browser that opens any other address is told to go there.');
  if (access.loopbackOnly) {
    lines.push('It listens on loopback only, so only this machine can reach it. To serve your network, start it with HOST=0.0.0.0.');
  } else if (!access.canonical) {
    lines.push('Other names for this machine (e.g. desk.lan) must be listed in ALLOWED_HOSTS.');
  }
  if (options.demoUsers && !access.loopbackOnly) {
    lines.push('Demo accounts work only from this machine: create real accounts for everyone else (npm run user:create).');
  }
  return lines;
}
