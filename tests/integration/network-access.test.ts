// Issue 9, "A desk that people on the same network can use": the real server,
// started as `npm start` starts it (no NEXTAUTH_URL), answers under each of its
// own addresses — sign-in through next-auth, writes and websockets all work at
// http://127.0.0.1:PORT and at this machine's LAN address — and refuses any
// other Host (DNS rebinding). With NEXTAUTH_URL set, another address gets a
// page naming the right one.
import http from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, disconnectDb } from '../../lib/db';
import { createUser } from '../../lib/users/create-user';
import { seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { type AppServer, login, startAppServer, stopStarted } from '../support/app-server';
import { connectSocket, connected, refused } from '../support/socket-client';

// A real account (not a demo one): sign-ins from the LAN address come from a
// non-loopback client address, where demo passwords are refused.
const EMAIL = 'lan.reviewer@factdesk.test';
const PASSWORD = 'correct horse battery staple 9';

/** This machine's own non-loopback addresses, as written in URLs. */
function lanHosts(family: 'IPv4' | 'IPv6'): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && a.family === family && !/^fe[89ab]/i.test(a.address))
    .map((a) => (family === 'IPv6' ? `[${a!.address}]` : a!.address));
}

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request with a Host header of our choosing (fetch would send the URL's). */
function rawRequest(
  port: number,
  options: { host?: string | null; path?: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.host !== null) headers.host = options.host ?? `127.0.0.1:${port}`;
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = http.request({ host: '127.0.0.1', port, path: options.path ?? '/', method: options.method ?? 'GET', headers, setHost: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

let claimId: string;
let lan: AppServer; // HOST=0.0.0.0, no NEXTAUTH_URL
let loopback: AppServer; // HOST unset (the default), no NEXTAUTH_URL
let published: AppServer; // NEXTAUTH_URL=http://localhost:PORT

beforeAll(async () => {
  await seedArticles();
  await seedDemoUsers(); // before the servers start, so their own seeding finds them
  await createUser({ actor: null, user: { email: EMAIL, displayName: 'LAN Reviewer', role: 'reviewer', password: PASSWORD } });
  claimId = (await db.claim.findFirstOrThrow({ orderBy: { id: 'asc' } })).id;
  const base = { DATABASE_URL: process.env.DATABASE_URL!, NEXTAUTH_URL: undefined, SEED_DEMO_USERS: '1' };
  [lan, loopback, published] = await Promise.all([
    startAppServer({ ...base, HOST: '0.0.0.0', ALLOWED_HOSTS: 'factdesk.lan' }),
    startAppServer({ ...base, HOST: undefined }),
    startAppServer({ DATABASE_URL: process.env.DATABASE_URL! }),
  ]);
}, 120_000);

afterAll(async () => {
  await stopStarted(lan, loopback, published);
  await disconnectDb();
});

// HOST=0.0.0.0 listens on IPv4 only (the IPv6 case is in tests/unit/allowed-hosts.test.ts).
const addresses = () => ['127.0.0.1', 'localhost', ...lanHosts('IPv4')];

describe('without NEXTAUTH_URL, every address of this machine works', () => {
  it('has a non-loopback interface address to test with', () => {
    expect(lanHosts('IPv4').length).toBeGreaterThan(0);
  });

  it.each(addresses())('at http://%s:PORT: sign-in, session, a write and the websocket', async (host) => {
    const origin = `http://${host}:${lan.port}`;
    // As a browser does: Origin on every request that posts.
    const session = await login(origin, EMAIL, PASSWORD, { origin });
    expect(session.error).toBeNull();
    expect(session.ok).toBe(true);

    const me = await fetch(`${origin}/api/auth/session`, { headers: { cookie: session.cookie } });
    expect(((await me.json()) as { user?: { email?: string } }).user?.email).toBe(EMAIL);

    const write = await fetch(`${origin}/api/claims/${claimId}/comments`, {
      method: 'POST',
      headers: { cookie: session.cookie, origin, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ body: `posted from ${host}` }),
    });
    expect(write.status).toBe(201);

    const socket = connectSocket(origin, { cookie: session.cookie, origin });
    await connected(socket);
    socket.close();
  });

  it('next-auth builds its URLs from the Host, never from a client-sent X-Forwarded-Host/Proto', async () => {
    const origin = `http://127.0.0.1:${lan.port}`;
    const csrf = await fetch(`${origin}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const jar = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const res = await fetch(`${origin}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar, origin, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      body: new URLSearchParams({ csrfToken, email: EMAIL, password: 'wrong password', json: 'true', callbackUrl: origin }),
    });
    const { url } = (await res.json()) as { url: string };
    expect(new URL(url).origin).toBe(origin);
  });

  it('refuses writes and websockets whose Origin is not one of its addresses on its port', async () => {
    const origin = `http://127.0.0.1:${lan.port}`;
    const session = await login(origin, EMAIL, PASSWORD, { origin });
    const foreign = ['http://evil.example', `http://evil.example:${lan.port}`, `http://127.0.0.1:${lan.port + 1}`, `https://127.0.0.1:${lan.port}`, 'null'];
    for (const bad of foreign) {
      const res = await fetch(`${origin}/api/claims/${claimId}/comments`, {
        method: 'POST',
        headers: { cookie: session.cookie, origin: bad, 'content-type': 'application/json' },
        body: JSON.stringify({ body: `from ${bad}` }),
      });
      expect(res.status, bad).toBe(403);
      expect(await refused(connectSocket(origin, { cookie: session.cookie, origin: bad }))).toMatch(/origin not allowed|websocket error/);
    }
    expect(await db.comment.count({ where: { body: { startsWith: 'from ' } } })).toBe(0);
  });

  // DNS rebinding: a hostile name resolving to this machine carries its own Host.
  const hostile = ['evil.example', 'evil.example:PORT', '127.0.0.1.evil.example', 'localhost.evil.example:PORT', 'desk.lan', '[::2]:PORT'];

  it.each(hostile)('refuses Host: %s on pages, the API and the socket handshake', async (template) => {
    const host = template.replace('PORT', String(lan.port));
    const page = await rawRequest(lan.port, { host, path: '/login', headers: { accept: 'text/html' } });
    expect(page.status).toBe(403);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('ALLOWED_HOSTS');
    expect(page.body).toContain(`http://127.0.0.1:${lan.port}`);

    const api = await rawRequest(lan.port, { host, path: '/api/claims' });
    expect(api.status).toBe(403);
    expect((JSON.parse(api.body) as { error: { message: string } }).error.message).toMatch(/ALLOWED_HOSTS/);

    const post = await rawRequest(lan.port, {
      host,
      path: '/api/auth/callback/credentials',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` },
      body: new URLSearchParams({ email: EMAIL, password: PASSWORD, json: 'true' }).toString(),
    });
    expect(post.status).toBe(403);

    const handshake = await rawRequest(lan.port, { host, path: '/socket.io/?EIO=4&transport=polling', headers: { origin: `http://${host}` } });
    expect(handshake.status).toBe(403);
    expect(handshake.body).toMatch(/ALLOWED_HOSTS/);
  });

  it('answers under a name listed in ALLOWED_HOSTS (factdesk.lan), writes included', async () => {
    const origin = `http://127.0.0.1:${lan.port}`;
    const session = await login(origin, EMAIL, PASSWORD, { origin });
    const host = `factdesk.lan:${lan.port}`;
    const page = await rawRequest(lan.port, { host, path: '/login', headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const write = await rawRequest(lan.port, {
      host,
      path: `/api/claims/${claimId}/comments`,
      method: 'POST',
      headers: { cookie: session.cookie, origin: `http://${host}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'posted from factdesk.lan' }),
    });
    expect(write.status).toBe(201);
  });

  it('refuses a request without any Host header', async () => {
    const res = await rawRequest(lan.port, { host: null, path: '/api/claims' });
    expect([400, 403]).toContain(res.status);
  });

  it('leaves /api/health open under any Host (load balancers probe backends by address)', async () => {
    expect((await rawRequest(lan.port, { host: 'evil.example', path: '/api/health' })).status).toBe(200);
  });

  it('prints the addresses it can be reached at, and that demo accounts only work locally', () => {
    const out = lan.output();
    for (const host of lanHosts('IPv4')) expect(out).toContain(`http://${host}:${lan.port}`);
    expect(out).toContain(`http://127.0.0.1:${lan.port}`);
    expect(out).toMatch(/Demo accounts work only from this machine/);
    expect(out).toMatch(/ALLOWED_HOSTS/);
  });
});

describe('by default the desk listens on loopback only', () => {
  it('answers at 127.0.0.1 and is unreachable at the LAN address', async () => {
    expect((await fetch(`http://127.0.0.1:${loopback.port}/api/health`)).status).toBe(200);
    for (const host of lanHosts('IPv4')) {
      await expect(fetch(`http://${host}:${loopback.port}/api/health`)).rejects.toThrow();
    }
  });

  it('says so at start-up, and how to open it to the network', () => {
    const out = loopback.output();
    expect(out).toContain(`http://127.0.0.1:${loopback.port}`);
    expect(out).toMatch(/only this machine can reach it/);
    expect(out).toContain('HOST=0.0.0.0');
    for (const host of lanHosts('IPv4')) expect(out).not.toContain(`http://${host}:`);
  });
});

describe('with NEXTAUTH_URL set, another address is told the right one', () => {
  it('a page opened at 127.0.0.1 links to the same page at NEXTAUTH_URL', async () => {
    const res = await fetch(`http://127.0.0.1:${published.port}/claims?status=open`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain(`href="http://localhost:${published.port}/claims?status=open"`);
    expect(html).toContain('NEXTAUTH_URL');
  });

  it('the API and the socket handshake answer with the right URL, not a network error', async () => {
    const res = await fetch(`http://127.0.0.1:${published.port}/api/claims`);
    expect(res.status).toBe(403);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vitest types its asymmetric matchers as any
    expect((await res.json()) as unknown).toMatchObject({ error: { message: expect.stringContaining(`http://localhost:${published.port}`) } });
    const handshake = await rawRequest(published.port, {
      host: `127.0.0.1:${published.port}`,
      path: '/socket.io/?EIO=4&transport=polling',
      headers: { origin: `http://127.0.0.1:${published.port}` },
    });
    expect(handshake.status).toBe(403);
    expect(handshake.body).toContain(`http://localhost:${published.port}`);
  });

  it('does not turn a protocol-relative path into a link to another site', async () => {
    const res = await rawRequest(published.port, { host: `127.0.0.1:${published.port}`, path: '//evil.example/x', headers: { accept: 'text/html' } });
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('evil.example');
  });

  it('still works at NEXTAUTH_URL itself', async () => {
    const res = await fetch(`http://localhost:${published.port}/login`);
    expect(res.status).toBe(200);
  });
});
