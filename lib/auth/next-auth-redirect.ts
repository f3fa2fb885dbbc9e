// next-auth's redirect callback. Its default throws on a `callbackUrl` form or
// JSON field that is not a URL (new URL('2026-13-01')), which answers 500.
// No Next.js imports: lib/auth/options loads in the custom server before Next does.

import 'server-only';

/**
 * next-auth's default redirect callback, without the throws: anything not on
 * this site goes to baseUrl. `url` is typed unknown because a JSON body can make
 * `callbackUrl` a number or an object.
 */
export function safeRedirect({ url, baseUrl }: { url: unknown; baseUrl: string }): string {
  if (typeof url !== 'string') return baseUrl;
  if (url.startsWith('/')) return `${baseUrl}${url}`;
  try {
    if (new URL(url).origin === baseUrl) return url;
  } catch {
    /* not a URL: home */
  }
  return baseUrl;
}
