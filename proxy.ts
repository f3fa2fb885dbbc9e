// Runs before every page request: a fresh CSP nonce per request. Next.js reads
// the nonce from the request's Content-Security-Policy header and puts it on its
// own scripts; pages are rendered per request (force-dynamic), so it is never stale.
// API routes set their own policy (lib/http/api-route.ts), static files need none.
import { type NextRequest, NextResponse } from 'next/server';
import { config as appConfig } from './lib/env';
import { newNonce, pageCsp } from './lib/http/security-headers';

export function proxy(request: NextRequest) {
  const settings = appConfig();
  const nonce = newNonce();
  const csp = pageCsp({
    nonce,
    dev: settings.NODE_ENV === 'development',
    host: request.headers.get('host'),
    https: (settings.NEXTAUTH_URL ?? '').startsWith('https://'),
  });
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', csp);
  return response;
}

export const config = {
  matcher: [{ source: '/((?!api/|_next/static/|_next/image|favicon.ico).*)' }],
};
