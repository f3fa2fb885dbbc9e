// Issue 15 over HTTP and socket.io, as the People and account pages use it:
// an invitation mailed through a real SMTP server (SMTP_URL) and accepted from
// the mail, a mail server that is down (the editor still gets the link), a
// disabled person's open socket told why before it closes, a role change that
// holds on the person's next request, and bad input answered with one sentence
// that writes nothing.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../lib/db';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { freePort, login, startAppServer, type AppServer } from '../support/app-server';
import { closeDesk, type Desk, EMAIL, openDesk } from '../support/fixtures';
import { connectSocket, connected } from '../support/socket-client';

const STRONG = 'quiet orange ferry at dawn';
type Mail = { to: string; text: string };

let desk: Desk;
let mailed: AppServer;
let smtp: SMTPServer;
const inbox: Mail[] = [];

beforeAll(async () => {
  desk = await openDesk({ signIn: 'credentials' });
  // A real SMTP server on loopback that keeps what it receives.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  mailed = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SMTP_FROM: 'Desk <desk@paper.example>' });
}, 180_000);
afterAll(async () => {
  await mailed.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await closeDesk(desk);
});

async function as(baseUrl: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { error?: { code: string; message: string; issues?: { path: string }[] } },
  };
}

const accept = (baseUrl: string, path: string, password: string) =>
  fetch(`${baseUrl}/api${path.replace('/invite/', '/invitations/')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { email?: string; error?: { message: string; issues?: { path: string }[] } } }));

describe('invitations by mail', () => {
  it('mails the link when SMTP_URL is set; the link in the mail lets the person in, once', async () => {
    const editor = await login(mailed.baseUrl, EMAIL.editor, DEMO_PASSWORD);
    if (!editor.ok) throw new Error(editor.error ?? 'sign-in failed');
    const email = `mailed-${Date.now()}@paper.example`;
    const res = await as(mailed.baseUrl, editor.cookie, 'POST', '/api/people', { email, displayName: 'Mia Mailed', role: 'reviewer' });
    expect(res.status).toBe(201);
    expect(res.body.emailed).toBe(true);
    const mail = inbox.find((m) => m.to === email);
    expect(mail?.text).toContain('Mia Mailed');
    // The mail carries the same link the editor sees, as a full URL on this desk.
    const link = (res.body.link as { path: string }).path;
    expect(mail?.text.replace(/=\r?\n/g, '')).toContain(`${mailed.baseUrl}${link}`);
    expect((await accept(mailed.baseUrl, link, STRONG)).status).toBe(200);
    expect((await login(mailed.baseUrl, email, STRONG)).ok).toBe(true);
    const again = await accept(mailed.baseUrl, link, STRONG);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toContain('already been used');
  });

  it('a mail server that is down costs the mail, not the invitation', async () => {
    const down = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    try {
      const editor = await login(down.baseUrl, EMAIL.editor, DEMO_PASSWORD);
      if (!editor.ok) throw new Error(editor.error ?? 'sign-in failed');
      const res = await as(down.baseUrl, editor.cookie, 'POST', '/api/people', {
        email: `unmailed-${Date.now()}@paper.example`,
        displayName: 'Uma',
        role: 'viewer',
      });
      expect(res.status).toBe(201);
      expect(res.body.emailed).toBe(false);
      expect((await accept(down.baseUrl, (res.body.link as { path: string }).path, STRONG)).status).toBe(200);
    } finally {
      await down.stop();
    }
  });
});

describe('bad input gets one sentence and writes nothing', () => {
  const cases: [string, string, unknown, number, string][] = [
    ['a duplicate email', '/api/people', { email: EMAIL.reviewer, displayName: 'Again', role: 'reviewer' }, 409, 'already has an account'],
    ['an unknown role', '/api/people', { email: 'new-role@paper.example', displayName: 'Rolf', role: 'owner' }, 400, 'role'],
    ['a missing name', '/api/people', { email: 'no-name@paper.example', displayName: '  ', role: 'viewer' }, 400, 'Enter their name.'],
    ['a malformed account id', '/api/people/not-a-uuid/role', { role: 'viewer' }, 400, 'not an account id'],
    ['an account that does not exist', `/api/people/${crypto.randomUUID()}/status`, { disabled: true }, 404, 'No such account.'],
  ];
  for (const [what, path, body, status, sentence] of cases) {
    it(what, async () => {
      const before = await db.auditEvent.count();
      const invitations = await db.invitation.count();
      const res = await as(desk.app.baseUrl, desk.cookies.editor, 'POST', path, body);
      expect(res.status).toBe(status);
      // One sentence (field errors say which field), never a stack trace or a bare code.
      expect(res.body.error?.message).toMatch(/^[^\n]{8,300}[.)]$/);
      if (sentence) expect(res.body.error?.message).toContain(sentence);
      expect(await db.auditEvent.count()).toBe(before);
      expect(await db.invitation.count()).toBe(invitations);
    });
  }

  it('a weak password on an invitation link is refused with the reason, and the link still works', async () => {
    const email = `weak-${Date.now()}@paper.example`;
    const res = await as(desk.app.baseUrl, desk.cookies.editor, 'POST', '/api/people', { email, displayName: 'Walt Weak', role: 'viewer' });
    const link = (res.body.link as { path: string }).path;
    for (const weak of ['short', 'password1234', 'qwertyuiop123', 'Walt Weak walt.weak@paper.example']) {
      const refused = await accept(desk.app.baseUrl, link, weak);
      expect(refused.status, weak).toBe(400);
      expect(refused.body.error?.issues?.map((i) => i.path)).toEqual(['password']);
    }
    // Long and in any script: never truncated, accepted whole.
    const long = `${'ночной паром через залив '.repeat(8)}🚢`;
    expect((await accept(desk.app.baseUrl, link, long)).status).toBe(200);
    expect((await login(desk.app.baseUrl, email, long)).ok).toBe(true);
    expect((await login(desk.app.baseUrl, email, long.slice(0, -2))).ok).toBe(false);
  });
});

describe('live effects on the person', () => {
  async function newPerson(role: 'reviewer' | 'viewer') {
    const email = `live-${role}-${Date.now()}@paper.example`;
    const res = await as(desk.app.baseUrl, desk.cookies.editor, 'POST', '/api/people', { email, displayName: `Live ${role}`, role });
    await accept(desk.app.baseUrl, (res.body.link as { path: string }).path, STRONG);
    const session = await login(desk.app.baseUrl, email, STRONG);
    if (!session.ok) throw new Error(session.error ?? 'sign-in failed');
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    return { id: user.id, cookie: session.cookie };
  }

  it('disabling tells the open socket why, closes it, and the cookie stops working', async () => {
    const person = await newPerson('reviewer');
    const socket = connectSocket(desk.app.baseUrl, { cookie: person.cookie });
    try {
      await connected(socket);
      const told = new Promise<{ reason: string }>((resolve) => socket.on('session:ended', resolve));
      const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
      const res = await as(desk.app.baseUrl, desk.cookies.editor, 'POST', `/api/people/${person.id}/status`, { disabled: true });
      expect(res.status).toBe(200);
      expect(await told).toEqual({ reason: 'disabled' });
      expect(await closed).toBe('io server disconnect');
      expect((await fetch(`${desk.app.baseUrl}/api/claims`, { headers: { cookie: person.cookie } })).status).toBe(401);
    } finally {
      socket.close();
    }
  });

  it('a role change holds on the person’s next request, without signing in again', async () => {
    const person = await newPerson('viewer');
    const claimId = await desk.claimId('001_a4564d29494e56b0');
    const comment = () => as(desk.app.baseUrl, person.cookie, 'POST', `/api/claims/${claimId}/comments`, { body: 'From a new reviewer.' });
    expect((await comment()).status).toBe(403);
    expect((await as(desk.app.baseUrl, desk.cookies.editor, 'POST', `/api/people/${person.id}/role`, { role: 'reviewer' })).status).toBe(200);
    expect((await comment()).status).toBe(201);
  });
});

// Each app server keeps the accounts behind recent sessions in memory
// (lib/auth/account-cache.ts). A change made through one server, or straight
// in the database, must hold on the very next request to another.
describe('two app servers on one database: a change holds at once on the other', () => {
  async function newPerson(role: 'reviewer' | 'viewer') {
    const email = `cached-${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@paper.example`;
    const res = await as(desk.app.baseUrl, desk.cookies.editor, 'POST', '/api/people', { email, displayName: `Cached ${role}`, role });
    await accept(desk.app.baseUrl, (res.body.link as { path: string }).path, STRONG);
    const session = await login(mailed.baseUrl, email, STRONG);
    if (!session.ok) throw new Error(session.error ?? 'sign-in failed');
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    return { id: user.id, cookie: session.cookie };
  }
  const onOther = (cookie: string) => fetch(`${mailed.baseUrl}/api/claims?limit=1`, { headers: { cookie } }).then((r) => r.status);

  it('disabled through one server: refused on the next request to the other', async () => {
    for (let round = 0; round < 3; round++) {
      const person = await newPerson('reviewer');
      // The other server has read (and keeps) this session.
      expect(await onOther(person.cookie)).toBe(200);
      expect(await onOther(person.cookie)).toBe(200);
      expect((await as(desk.app.baseUrl, desk.cookies.editor, 'POST', `/api/people/${person.id}/status`, { disabled: true })).status).toBe(200);
      expect(await onOther(person.cookie)).toBe(401);
    }
  });

  it('a role changed through one server holds on the next request to the other, both ways', async () => {
    const person = await newPerson('viewer');
    const claimId = await desk.claimId('001_a4564d29494e56b0');
    const comment = () => as(mailed.baseUrl, person.cookie, 'POST', `/api/claims/${claimId}/comments`, { body: 'Across servers.' }).then((r) => r.status);
    expect(await comment()).toBe(403);
    expect((await as(desk.app.baseUrl, desk.cookies.editor, 'POST', `/api/people/${person.id}/role`, { role: 'reviewer' })).status).toBe(200);
    expect(await comment()).toBe(201);
    expect((await as(desk.app.baseUrl, desk.cookies.editor, 'POST', `/api/people/${person.id}/role`, { role: 'viewer' })).status).toBe(200);
    expect(await comment()).toBe(403);
  });

  it('signed out on one server: refused on the other', async () => {
    const person = await newPerson('reviewer');
    expect(await onOther(person.cookie)).toBe(200);
    const res = await fetch(`${desk.app.baseUrl}/api/account/sessions/sign-out`, {
      method: 'POST',
      headers: { cookie: person.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ scope: 'all' }),
    });
    expect(res.status).toBe(200);
    expect(await onOther(person.cookie)).toBe(401);
  });

  it('a change made straight in the database (a DBA in psql) holds too', async () => {
    const person = await newPerson('reviewer');
    expect(await onOther(person.cookie)).toBe(200);
    await db.$executeRaw`UPDATE users SET disabled_at = now() WHERE id = ${person.id}::uuid`;
    expect(await onOther(person.cookie)).toBe(401);
  });
});

describe('links die with their issuer (issue 29)', () => {
  const base = () => desk.app.baseUrl;
  const admin = () => desk.cookies.editor;
  const idOf = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
  const linkOf = (res: { body: Record<string, unknown> }) => (res.body.link as { path: string }).path;
  const pendingResetOf = async (userId: string) =>
    (await db.invitation.findFirstOrThrow({ where: { kind: 'reset', userId, usedAt: null, revokedAt: null }, select: { id: true } })).id;

  /** A second editor, invited by the desk's editor and signed in. */
  async function newEditor(name: string) {
    const email = `${name.toLowerCase()}-${Date.now()}@paper.example`;
    const invited = await as(base(), admin(), 'POST', '/api/people', { email, displayName: name, role: 'editor' });
    expect(invited.status).toBe(201);
    expect((await accept(base(), linkOf(invited), STRONG)).status).toBe(200);
    const session = await login(base(), email, STRONG);
    if (!session.ok) throw new Error(session.error ?? 'sign-in failed');
    return { id: await idOf(email), email, name, cookie: session.cookie };
  }
  async function victim(name: string, role: 'reviewer' | 'viewer' = 'reviewer') {
    const email = `${name.toLowerCase()}-${Date.now()}@paper.example`;
    const invited = await as(base(), admin(), 'POST', '/api/people', { email, displayName: name, role });
    expect((await accept(base(), linkOf(invited), STRONG)).status).toBe(200);
    return { id: await idOf(email), email };
  }

  it('disabling an editor revokes the invitation and the reset link they issued: no backdoor account, no takeover', async () => {
    const b = await newEditor('Bruno');
    const target = await victim('Rosa');
    const backdoor = `backdoor-${Date.now()}@paper.example`;
    const invite = await as(base(), b.cookie, 'POST', '/api/people', { email: backdoor, displayName: 'Back Door', role: 'editor' });
    const reset = await as(base(), b.cookie, 'POST', `/api/people/${target.id}/password-reset`, {});
    expect([invite.status, reset.status]).toEqual([201, 201]);

    const disabled = await as(base(), admin(), 'POST', `/api/people/${b.id}/status`, { disabled: true });
    expect(disabled.status).toBe(200);
    const event = await db.auditEvent.findFirstOrThrow({ where: { action: 'user.disabled' }, orderBy: { seq: 'desc' } });
    expect(event.after).toMatchObject({ userId: b.id, linksRevoked: 2 });

    for (const link of [linkOf(invite), linkOf(reset)]) {
      const res = await accept(base(), link, 'a brand new password of mine');
      expect(res.status).toBe(409);
      expect(res.body.error?.message).toMatch(/no longer works/);
    }
    expect(await db.user.findUnique({ where: { email: backdoor } })).toBeNull();
    expect((await login(base(), target.email, STRONG)).ok).toBe(true);
    // The link's page says so too, in one sentence.
    expect(await (await fetch(`${base()}${linkOf(reset)}`)).text()).toMatch(/no longer works/);
  });

  it('demoting an editor revokes the links they issued', async () => {
    const c = await newEditor('Clara');
    const target = await victim('Vasco', 'viewer');
    const reset = await as(base(), c.cookie, 'POST', `/api/people/${target.id}/password-reset`, {});
    expect(reset.status).toBe(201);
    expect((await as(base(), admin(), 'POST', `/api/people/${c.id}/role`, { role: 'reviewer' })).status).toBe(200);
    const event = await db.auditEvent.findFirstOrThrow({ where: { action: 'user.role_changed' }, orderBy: { seq: 'desc' } });
    expect(event.after).toMatchObject({ userId: c.id, role: 'reviewer', linksRevoked: 1 });
    expect((await accept(base(), linkOf(reset), 'a brand new password of mine')).status).toBe(409);
  });

  it('a link whose issuer is no longer an active editor does not work, even if it was never revoked', async () => {
    const d = await newEditor('Dario');
    const target = await victim('Ines');
    const reset = await as(base(), d.cookie, 'POST', `/api/people/${target.id}/password-reset`, {});
    // As a database administrator would (or as links issued before this rule were left): no revocation.
    await db.user.update({ where: { id: d.id }, data: { role: 'viewer' } });
    const res = await accept(base(), linkOf(reset), 'a brand new password of mine');
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toMatch(/the editor who issued it can no longer hand out links/);
    expect((await login(base(), target.email, STRONG)).ok).toBe(true);
  });

  it('pending reset links are listed on the People page with their issuer, and can be withdrawn there', async () => {
    const target = await victim('Olga', 'viewer');
    const reset = await as(base(), admin(), 'POST', `/api/people/${target.id}/password-reset`, {});
    const id = await pendingResetOf(target.id);
    const list = await as(base(), admin(), 'GET', '/api/people');
    const row = (list.body.people as { userId: string | null; resetLink: unknown }[]).find((p) => p.userId === target.id);
    expect(row?.resetLink).toMatchObject({ invitationId: id, issuedBy: 'Ana Admin' });
    const page = await (await fetch(`${base()}/people`, { headers: { cookie: admin() } })).text();
    expect(page).toContain('A password-reset link is pending until');
    expect(page).toContain('Withdraw reset link');

    const withdrawn = await as(base(), admin(), 'DELETE', `/api/people/invitations/${id}`);
    expect(withdrawn.status).toBe(200);
    const event = await db.auditEvent.findFirstOrThrow({ where: { action: 'user.invitation_revoked' }, orderBy: { seq: 'desc' } });
    expect(event.before).toMatchObject({ invitationId: id, email: target.email, kind: 'reset' });
    expect((await accept(base(), linkOf(reset), 'a brand new password of mine')).status).toBe(409);
    const after = await as(base(), admin(), 'GET', '/api/people');
    expect((after.body.people as { userId: string | null; resetLink: unknown }[]).find((p) => p.userId === target.id)?.resetLink).toBeNull();
  });

  it('the audit row of an accepted link names its issuer', async () => {
    const target = await victim('Pia', 'viewer');
    const reset = await as(base(), admin(), 'POST', `/api/people/${target.id}/password-reset`, {});
    expect((await accept(base(), linkOf(reset), 'a brand new password of mine')).status).toBe(200);
    const used = await db.auditEvent.findFirstOrThrow({ where: { action: 'user.password_reset' }, orderBy: { seq: 'desc' } });
    expect(used).toMatchObject({ actorId: target.id, after: { userId: target.id, issuedById: await idOf(EMAIL.editor), issuedBy: EMAIL.editor } });
    const joined = await db.auditEvent.findFirstOrThrow({ where: { action: 'user.invitation_accepted' }, orderBy: { seq: 'desc' } });
    expect(joined.after).toMatchObject({ email: target.email, issuedBy: EMAIL.editor });
  });
});
