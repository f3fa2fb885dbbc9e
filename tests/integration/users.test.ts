import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, disconnectDb } from '../../lib/db';
import { type AppServer, login, startAppServer, stopStarted } from '../support/app-server';
import { connectSocket, connected, emitAny } from '../support/socket-client';

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL! });
}, 90_000);
afterAll(async () => {
  await stopStarted(app);
  await disconnectDb();
});

// Asynchronous on purpose: a synchronous spawn would freeze this process's
// event loop, and its idle HTTP connections would go stale meanwhile.
function npm(args: string[], input = ''): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], { env: { ...process.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('account commands', () => {
  it('user:create reads the password from stdin, hashes it, audits, and the account can sign in', { timeout: 120_000 }, async () => {
    const r = await npm(['user:create', '--', '--email', 'Lucia@Paper.example', '--role', 'reviewer', '--name', 'Lúcia Ramos'], 'a-long-enough-password\n');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Created reviewer lucia@paper.example.');
    const user = await db.user.findUniqueOrThrow({ where: { email: 'lucia@paper.example' } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain('a-long-enough-password');
    expect(await db.auditEvent.count({ where: { action: 'user.created', after: { path: ['email'], equals: 'lucia@paper.example' } } })).toBe(1);
    expect((await login(app.baseUrl, 'lucia@paper.example', 'a-long-enough-password')).ok).toBe(true);
  });

  it("user:create takes --role editor, and still --role admin (the editor role's former name)", { timeout: 120_000 }, async () => {
    for (const [email, role] of [
      ['ed@paper.example', 'editor'],
      ['old-habits@paper.example', 'admin'],
    ]) {
      const r = await npm(['user:create', '--', '--email', email!, '--role', role!], 'a-long-enough-password\n');
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain(`Created editor ${email}.`);
      expect((await db.user.findUniqueOrThrow({ where: { email } })).role).toBe('editor');
      const event = await db.auditEvent.findFirstOrThrow({ where: { action: 'user.created', after: { path: ['email'], equals: email } } });
      expect(event.after).toMatchObject({ role: 'editor' });
    }
  });

  it('user:create refuses bad input and changes nothing', { timeout: 120_000 }, async () => {
    const before = await db.user.count();
    const shortPw = await npm(['user:create', '--', '--email', 'x@paper.example', '--role', 'reviewer'], 'short\n');
    expect(shortPw.status).toBe(1);
    expect(shortPw.stderr).toMatch(/at least 12 characters/);
    const badRole = await npm(['user:create', '--', '--email', 'y@paper.example', '--role', 'boss'], 'a-long-enough-password\n');
    expect(badRole.status).toBe(1);
    expect(badRole.stderr).toMatch(/Role must be editor, reviewer or viewer\./);
    const dup = await npm(['user:create', '--', '--email', 'lucia@paper.example', '--role', 'viewer'], 'a-long-enough-password\n');
    expect(dup.status).toBe(1);
    expect(dup.stderr).toMatch(/already exists/);
    expect(await db.user.count()).toBe(before);
  });

  it('user:create with nothing piped in prints a single-use invitation link instead, and refuses weak piped passwords', { timeout: 120_000 }, async () => {
    const r = await npm(['user:create', '--', '--email', 'First@Desk.example', '--role', 'editor', '--name', 'Fiona First']);
    expect(r.status, r.stderr).toBe(0);
    const link = /https?:\/\/\S+\/invite\/([A-Za-z0-9_-]{43})/.exec(r.stdout);
    expect(link, r.stdout).not.toBeNull();
    expect(await db.user.count({ where: { email: 'first@desk.example' } })).toBe(0);
    const accepted = await fetch(`${app.baseUrl}/api/invitations/${link![1]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'quiet orange ferry at dawn' }),
    });
    expect(accepted.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { email: 'first@desk.example' } })).role).toBe('editor');
    expect((await login(app.baseUrl, 'first@desk.example', 'quiet orange ferry at dawn')).ok).toBe(true);

    const weak = await npm(['user:create', '--', '--email', 'weak@desk.example', '--role', 'viewer'], 'password1234\n');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/too easy to guess/);
    expect(await db.user.count({ where: { email: 'weak@desk.example' } })).toBe(0);
  });

  it('user:disable ends sign-in, API sessions and sockets at their next event, and audits it', { timeout: 120_000 }, async () => {
    const session = await login(app.baseUrl, 'lucia@paper.example', 'a-long-enough-password');
    const socket = connectSocket(app.baseUrl, { cookie: session.cookie });
    await connected(socket);

    // Listen before disabling: the server's periodic session check (every 10 s)
    // may end the socket before our own next event does.
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const r = await npm(['user:disable', '--', '--email', 'lucia@paper.example']);
    expect(r.status, r.stderr).toBe(0);
    expect((await fetch(`${app.baseUrl}/api/claims`, { headers: { cookie: session.cookie } })).status).toBe(401);
    if (socket.connected) {
      // Still open: the next event is refused, then the socket is closed.
      const ack = await emitAny(socket, 'sync', { since: 0 }, 10_000).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the server may have closed it during the await
      if (socket.connected || ack !== 'operation has timed out') {
        expect(ack).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
      }
    }
    expect(await gone).toBe('io server disconnect');
    // The right password learns why; a wrong one learns nothing about the account.
    const rightPassword = await login(app.baseUrl, 'lucia@paper.example', 'a-long-enough-password');
    expect(rightPassword).toMatchObject({ ok: false, error: 'This account is disabled; ask an editor.' });
    const wrongPassword = await login(app.baseUrl, 'lucia@paper.example', 'not-the-password-at-all');
    expect(wrongPassword).toMatchObject({ ok: false, error: 'Email or password is incorrect.' });
    expect(await db.auditEvent.count({ where: { action: 'user.disabled' } })).toBe(1);
    expect((await npm(['user:disable', '--', '--email', 'lucia@paper.example'])).stderr).toMatch(/already disabled/);
  });
});
