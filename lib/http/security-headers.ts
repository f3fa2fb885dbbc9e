// Content-Security-Policy values: pages get a fresh nonce per request (set by
// proxy.ts), JSON responses and the downloadable HTML report get fixed policies.
// The other headers (nosniff, Referrer-Policy, X-Frame-Options) are in next.config.js.

import 'server-only';

/** 128 random bits, base64: unguessable and fresh for every page request. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

// A Host header is only echoed into the policy when it looks like a host name,
// so a hostile one cannot add directives (it would only reach its own sender anyway).
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

export type PageCspOptions = {
  nonce: string;
  /** `next dev`: React needs eval for its debugging aids and the overlay injects styles. */
  dev: boolean;
  /** The Host the browser used; socket.io connects back to it over ws:/wss:. */
  host: string | null;
  /** The app is served over https (NEXTAUTH_URL): upgrade any stray http subresource. */
  https: boolean;
};

export function pageCsp({ nonce, dev, host, https }: PageCspOptions): string {
  // 'self' covers same-origin websockets in CSP Level 3 browsers; older ones
  // need the ws:/wss: origins spelled out.
  const sockets = host && HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic': Next's nonce-bearing bootstrap may load its own chunks;
    // nothing else runs, not even inline event handlers.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    // <style> elements need the nonce (Next adds it to its own). Inline style
    // attributes cannot carry a nonce, so they are allowed: styles cannot run
    // script (see docs/SECURITY.md). The dev overlay injects unnonced styles.
    dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sockets}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** JSON answers are never rendered as documents: allow nothing. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** What the HTML report may do wherever it is opened: its inline <style> and SVG chart; no scripts, no requests. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** Export downloads: the report's policy (also in its own <meta>, for the saved file) plus no framing. */
export const EXPORT_CSP = `${REPORT_CSP}; frame-ancestors 'none'`;

/** The server's own short notices (wrong address): inline style only. */
export const NOTICE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
