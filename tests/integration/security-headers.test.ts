// Response headers from the real server: a per-request CSP nonce on pages (and
// on every script Next renders), fixed policies for the API and exports, frame
// and sniffing protection, the session cookie's flags on http and https, and
// the idle and absolute session limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CSP, EXPORT_CSP, REPORT_CSP } from '../../lib/http/security-headers';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { type AppServer, login, startAppServer, stopStarted } from '../support/app-server';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';

let desk: Desk;
let claimId: string;
beforeAll(async () => {
  desk = await openDesk({ signIn: 'credentials' });
  claimId = await desk.claimId('003_c796c6a1adc09b2d');
}, 120_000);
afterAll(() => closeDesk(desk));

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectFrameAndSniffingProtection(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
}

describe('pages', () => {
  const pages = () => ['/', `/claims/${claimId}`, '/audit', '/login', '/no-such-page'];

  it('carry a CSP whose nonce is fresh on every request and marks every script Next renders', async () => {
    const seen = new Set<string>();
    for (const p of pages()) {
      for (let i = 0; i < 2; i++) {
        const res = await desk.call(p === '/login' ? null : 'reviewer', 'GET', p);
        expect([200, 404], p).toContain(res.status);
        const csp = res.headers.get('content-security-policy') ?? '';
        const d = directives(csp);
        const script = d.get('script-src') ?? [];
        const nonce = script.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
        expect(nonce, `${p}: ${csp}`).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(seen.has(nonce!), 'nonce reused').toBe(false);
        seen.add(nonce!);
        expect(script).not.toContain("'unsafe-inline'");
        expect(script).not.toContain("'unsafe-eval'");
        expect(script).toContain("'strict-dynamic'");
        expect(d.get('frame-ancestors')).toEqual(["'none'"]);
        expect(d.get('object-src')).toEqual(["'none'"]);
        expect(d.get('base-uri')).toEqual(["'none'"]);
        const host = new URL(desk.app.baseUrl).host;
        expect(d.get('connect-src')).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
        expectFrameAndSniffingProtection(res);

        const html = await res.text();
        const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
        expect(scripts.length, p).toBeGreaterThan(0);
        for (const tag of scripts) expect(tag, p).toContain(`nonce="${nonce}"`);
      }
    }
  });

  it('name the desk icon, and /favicon.ico answers with one, signed in or not (issue 32 item 23)', async () => {
    const html = await (await desk.call(null, 'GET', '/login')).text();
    const icon = /<link rel="icon" href="(\/icon\.svg[^"]*)"[^>]*type="image\/svg\+xml"/.exec(html)?.[1];
    expect(icon, html.slice(0, 2000)).toBeDefined();
    const svg = await fetch(`${desk.app.baseUrl}${icon!.replaceAll('&amp;', '&')}`);
    expect(svg.status).toBe(200);
    expect(await svg.text()).toContain('<svg');
    const ico = await fetch(`${desk.app.baseUrl}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toBe('image/x-icon');
    // An ICO file: reserved 0, type 1, then its image count.
    const bytes = new Uint8Array(await ico.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes[4]).toBeGreaterThan(0);
  });

  it('redirects to the sign-in page carry the policy too', async () => {
    const res = await fetch(`${desk.app.baseUrl}/audit`, { redirect: 'manual' });
    expect(res.status).toBe(307);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expectFrameAndSniffingProtection(res);
  });
});

describe('API and exports', () => {
  it('JSON answers have a policy that allows nothing, errors included', async () => {
    for (const [who, p] of [
      ['reviewer', '/api/claims'],
      [null, '/api/claims'],
      ['viewer', '/api/audit/verify'],
      ['viewer', '/api/nope'],
    ] as const) {
      const res = await desk.call(who, 'GET', p);
      expect(res.headers.get('content-security-policy'), `${who} ${p}`).toBe(API_CSP);
      expectFrameAndSniffingProtection(res);
    }
  });

  it('export downloads have their own strict policy; the HTML report carries it inside the file too', async () => {
    for (const format of ['html', 'csv', 'json', 'claimreview', 'pdf']) {
      const res = await desk.call('viewer', 'GET', `/api/export?format=${format}`);
      expect(res.status, format).toBe(200);
      expect(res.headers.get('content-security-policy'), format).toBe(EXPORT_CSP);
      expect(res.headers.get('content-disposition'), format).toMatch(/^attachment;/);
      const body = await res.text();
      if (format === 'html') {
        expect(body).toContain(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`);
        expect(body).not.toMatch(/<script/i);
      }
    }
    expect(directives(EXPORT_CSP).get('default-src')).toEqual(["'none'"]);
    expect(directives(EXPORT_CSP).get('style-src')).toEqual(["'unsafe-inline'"]);
    expect(directives(EXPORT_CSP).get('img-src')).toEqual(['data:']);
  });
});

describe('session cookie', () => {
  function sessionCookie(setCookies: string[]) {
    const line = setCookies.find((c) => /^(__Secure-)?next-auth\.session-token=/.test(c));
    expect(line).toBeDefined();
    const [nameValue, ...attrs] = line!.split(';').map((s) => s.trim());
    return { name: nameValue!.split('=')[0], attrs: attrs.map((a) => a.toLowerCase()) };
  }

  it('is HttpOnly and SameSite=Lax (not Secure on plain http)', async () => {
    const session = await login(desk.app.baseUrl, 'viewer@factdesk.test', DEMO_PASSWORD);
    const cookie = sessionCookie(session.setCookies);
    expect(cookie.name).toBe('next-auth.session-token');
    expect(cookie.attrs).toContain('httponly');
    expect(cookie.attrs).toContain('samesite=lax');
    expect(cookie.attrs).toContain('path=/');
    expect(cookie.attrs).not.toContain('secure');
  });

  it('is Secure, with the __Secure- prefix, when NEXTAUTH_URL is https', async () => {
    let https: AppServer | undefined;
    try {
      https = await startAppServer((port) => ({ DATABASE_URL: process.env.DATABASE_URL!, NEXTAUTH_URL: `https://localhost:${port}` }));
      const session = await login(https.baseUrl, 'viewer@factdesk.test', DEMO_PASSWORD);
      const cookie = sessionCookie(session.setCookies);
      expect(cookie.name).toBe('__Secure-next-auth.session-token');
      expect(cookie.attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure']));
      // Pages served for an https deployment also upgrade stray http subresources.
      const page = await fetch(`${https.baseUrl}/login`);
      expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await https?.stop();
    }
  }, 90_000);
});

describe('session lifetime', () => {
  // Short limits on a server of its own: idle 3 s, absolute 9 s.
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, SESSION_IDLE_MINUTES: '0.05', SESSION_MAX_AGE_HOURS: '0.0025' });
  }, 90_000);
  afterAll(() => stopStarted(app));

  const status = async (cookie: string, p = '/api/claims') => (await fetch(`${app.baseUrl}${p}`, { headers: { cookie } })).status;
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('ends after SESSION_IDLE_MINUTES without activity', async () => {
    const { cookie } = await login(app.baseUrl, 'viewer@factdesk.test', DEMO_PASSWORD);
    expect(await status(cookie)).toBe(200);
    await wait(3_500);
    expect(await status(cookie)).toBe(401);
  });

  it('ends SESSION_MAX_AGE_HOURS after sign-in even while active; the keep-alive cannot extend it', async () => {
    let { cookie } = await login(app.baseUrl, 'viewer@factdesk.test', DEMO_PASSWORD);
    const started = Date.now();
    // Touch the session every second, as the browser's keep-alive does, taking the refreshed cookie.
    while (Date.now() - started < 7_000) {
      const res = await fetch(`${app.baseUrl}/api/auth/session`, { headers: { cookie } });
      expect(((await res.json()) as { user?: unknown }).user).toBeDefined();
      const fresh = res.headers.getSetCookie().find((c) => c.startsWith('next-auth.session-token='));
      if (fresh) cookie = fresh.split(';')[0]!;
      expect(await status(cookie)).toBe(200);
      await wait(1_000);
    }
    await wait(Math.max(0, 9_500 - (Date.now() - started)));
    expect(await status(cookie)).toBe(401);
    expect(await (await fetch(`${app.baseUrl}/api/auth/session`, { headers: { cookie } })).json()).toEqual({});
  }, 30_000);
});
