// Server-side sessions: signing out ends every copy of the session cookie, and
// signing out or disabling an account closes its open sockets at once, on every
// app server. Both servers here re-check sockets only once an hour
// (SESSION_SWEEP_SECONDS), so a socket closed within the test was closed by the
// sign-out or the disabling itself, not by the periodic sweep.
import { spawn } from 'node:child_process';
import { decode, encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../lib/auth/password';
import { db, disconnectDb } from '../../lib/db';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { type AppServer, login, startAppServer, stopStarted } from '../support/app-server';
import { connectSocket, connected, type DeskSocket, refused } from '../support/socket-client';

let a: AppServer;
let b: AppServer;
const opened: DeskSocket[] = [];

beforeAll(async () => {
  await seedArticles();
  await seedDemoUsers();
  const env = { DATABASE_URL: process.env.DATABASE_URL!, SESSION_SWEEP_SECONDS: '3600' };
  [a, b] = await Promise.all([startAppServer(env), startAppServer(env)]);
}, 120_000);
afterAll(async () => {
  for (const s of opened) s.close();
  await stopStarted(a, b);
  await disconnectDb();
});

async function openSocket(app: AppServer, cookie: string) {
  const socket = connectSocket(app.baseUrl, { cookie });
  opened.push(socket);
  await connected(socket);
  // Listening from the start: the close may come before the test awaits it.
  const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return { socket, gone };
}

const api = (app: AppServer, cookie: string) => fetch(`${app.baseUrl}/api/claims?limit=1`, { headers: { cookie } }).then((r) => r.status);

async function keepAlive(app: AppServer, cookie: string) {
  const res = await fetch(`${app.baseUrl}/api/auth/session`, { headers: { cookie } });
  const sessionCookies = res.headers.getSetCookie().filter((c) => /^(__Secure-)?next-auth\.session-token=/.test(c));
  return { body: (await res.json()) as { user?: unknown }, sessionCookies };
}

// What the browser's "Sign out" button does: next-auth's sign-out with its CSRF token.
async function signOut(app: AppServer, cookie: string) {
  const csrf = await fetch(`${app.baseUrl}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${app.baseUrl}/api/auth/signout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: app.baseUrl },
    body: new URLSearchParams({ csrfToken, json: 'true', callbackUrl: app.baseUrl }),
  });
  expect(res.status).toBe(200);
  return res;
}

function npm(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], { env: { ...process.env } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('signing out', () => {
  it('ends every copy of the session cookie: API 401, no refresh from /api/auth/session, sockets closed on every server', async () => {
    const session = await login(a.baseUrl, 'reviewer@factdesk.test', DEMO_PASSWORD);
    expect(session.ok).toBe(true);
    const copy = session.cookie; // e.g. lifted from the browser before sign-out
    const other = await login(a.baseUrl, 'reviewer@factdesk.test', DEMO_PASSWORD); // the same person on another device
    expect(await api(a, copy)).toBe(200);
    expect(await api(b, copy)).toBe(200);
    const onA = await openSocket(a, copy);
    const onB = await openSocket(b, copy);
    const otherSocket = await openSocket(b, other.cookie);

    const res = await signOut(a, session.cookie);
    // The browser's own cookie is cleared, as before.
    expect(res.headers.getSetCookie().some((c) => /^next-auth\.session-token=;/.test(c))).toBe(true);

    // The copy is dead everywhere.
    expect(await onA.gone).toBe('io server disconnect');
    expect(await onB.gone).toBe('io server disconnect');
    expect(await api(a, copy)).toBe(401);
    expect(await api(b, copy)).toBe(401);
    const refresh = await keepAlive(a, copy);
    expect(refresh.body).toEqual({});
    // No fresh token: the only session cookie sent back is the one that clears it.
    expect(refresh.sessionCookies.every((c) => /^next-auth\.session-token=;/.test(c))).toBe(true);
    expect(await refused(connectSocket(b.baseUrl, { cookie: copy }))).toBe('unauthenticated');
    const page = await fetch(`${a.baseUrl}/`, { headers: { cookie: copy }, redirect: 'manual' });
    expect(page.status).toBe(307);
    expect(page.headers.get('location')).toContain('/login');

    // Only that session ended: the same account signed in elsewhere carries on.
    expect(await api(a, other.cookie)).toBe(200);
    expect(otherSocket.socket.connected).toBe(true);
    expect(await otherSocket.socket.emitWithAck('sync', { since: 0 })).toMatchObject({ ok: true });
    const fresh = await keepAlive(a, other.cookie);
    expect(fresh.body.user).toBeDefined();
    expect(fresh.sessionCookies.some((c) => /^next-auth\.session-token=[^;]+/.test(c))).toBe(true);
  });

  it('a session is stored only as a hash, with the bounded user agent of the sign-in', async () => {
    const userAgent = `Mozilla/5.0 ${'x'.repeat(5_000)}`;
    const session = await login(a.baseUrl, 'viewer@factdesk.test', DEMO_PASSWORD, { 'user-agent': userAgent });
    expect(session.ok).toBe(true);
    const user = await db.user.findUniqueOrThrow({ where: { email: 'viewer@factdesk.test' } });
    const row = await db.session.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: 'desc' } });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.revokedAt).toBeNull();
    expect(row.userAgent!.length).toBeLessThanOrEqual(256);
    expect(userAgent.startsWith(row.userAgent!)).toBe(true);
    expect(row.ip).toBe('127.0.0.1');

    // The keep-alive records activity (for a future "your sessions" list); an hour ago becomes now.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db.session.update({ where: { id: row.id }, data: { lastSeenAt: hourAgo } });
    expect((await keepAlive(a, session.cookie)).body.user).toBeDefined();
    const seen = await db.session.findUniqueOrThrow({ where: { id: row.id } });
    expect(seen.lastSeenAt.getTime()).toBeGreaterThan(hourAgo.getTime() + 3_000_000);
  });

  it('a cookie signed while editors were called "admin" keeps working, and its session says editor', async () => {
    const session = await login(a.baseUrl, 'admin@factdesk.test', DEMO_PASSWORD);
    const secret = process.env.NEXTAUTH_SECRET!;
    const token = await decode({ token: /next-auth\.session-token=([^;]+)/.exec(session.cookie)![1], secret });
    expect(token).toMatchObject({ role: 'editor' });
    const cookie = `next-auth.session-token=${await encode({ token: { ...token, role: 'admin' }, secret })}`;
    expect(await api(a, cookie)).toBe(200);
    expect((await keepAlive(a, cookie)).body.user).toMatchObject({ email: 'admin@factdesk.test', role: 'editor' });
  });

  it('a cookie issued before server-side sessions (no session id) is treated as ended: sign in again', async () => {
    const user = await db.user.findUniqueOrThrow({ where: { email: 'viewer@factdesk.test' } });
    const token = await encode({
      token: { name: user.displayName, email: user.email, sub: user.id, uid: user.id, role: user.role, loginAt: Date.now() },
      secret: process.env.NEXTAUTH_SECRET!,
    });
    const cookie = `next-auth.session-token=${token}`;
    expect(await api(a, cookie)).toBe(401);
    expect((await keepAlive(a, cookie)).body).toEqual({});
    expect(await refused(connectSocket(a.baseUrl, { cookie }))).toBe('unauthenticated');
  });
});

describe('after the database connection of the session listener is lost', () => {
  const listeners = () =>
    db.$queryRaw<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'factdesk-listener'`;

  it('each server listens again, and sign-out still closes sockets on every server', { timeout: 60_000 }, async () => {
    const before = await listeners();
    expect(before).toHaveLength(2); // one per app server
    await db.$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'factdesk-listener'`;
    // Wait until both servers have reconnected: new backends, none of the old.
    await vi.waitFor(
      async () => {
        const now = await listeners();
        expect(now).toHaveLength(2);
        expect(now.filter((r) => before.some((b) => b.pid === r.pid))).toEqual([]);
      },
      { timeout: 30_000, interval: 100 },
    );
    const session = await login(b.baseUrl, 'reviewer2@factdesk.test', DEMO_PASSWORD);
    const sockets = [await openSocket(a, session.cookie), await openSocket(b, session.cookie)];
    await signOut(b, session.cookie);
    for (const s of sockets) expect(await s.gone).toBe('io server disconnect');
    expect(a.alive() && b.alive()).toBe(true);
  });
});

describe('disabling an account', () => {
  it('closes its open sockets on every server at once, from another process, and revokes its sessions', { timeout: 120_000 }, async () => {
    await db.user.create({
      data: { email: 'leaver@paper.example', displayName: 'Leaver', role: 'reviewer', passwordHash: await hashPassword('a-long-enough-password') },
    });

    const first = await login(a.baseUrl, 'leaver@paper.example', 'a-long-enough-password');
    const second = await login(b.baseUrl, 'leaver@paper.example', 'a-long-enough-password');
    const sockets = [await openSocket(a, first.cookie), await openSocket(b, first.cookie), await openSocket(b, second.cookie)];
    const bystander = await openSocket(a, (await login(a.baseUrl, 'viewer@factdesk.test', DEMO_PASSWORD)).cookie);

    const r = await npm(['user:disable', '--', '--email', 'leaver@paper.example']);
    expect(r.status, r.stderr).toBe(0);

    // No event sent on these sockets and no sweep due for an hour: the disabling itself closed them.
    for (const s of sockets) expect(await s.gone).toBe('io server disconnect');
    expect(bystander.socket.connected).toBe(true);
    for (const cookie of [first.cookie, second.cookie]) {
      expect(await api(a, cookie)).toBe(401);
      expect((await keepAlive(b, cookie)).body).toEqual({});
    }
    const user = await db.user.findUniqueOrThrow({ where: { email: 'leaver@paper.example' } });
    // Revoked, not only refused while disabled: re-enabling must not bring these cookies back.
    expect(await db.session.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    await db.user.update({ where: { id: user.id }, data: { disabledAt: null } });
    expect(await api(a, first.cookie)).toBe(401);
  });
});
