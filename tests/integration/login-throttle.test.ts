// Sign-in throttling, its audit trail and next-auth's endpoints, through the
// real server and next-auth's real credentials endpoint (issue 9). The server
// trusts X-Forwarded-For here (TRUST_PROXY=1) so one test process can look like
// many client machines.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db, disconnectDb } from '../../lib/db';
import { DEMO_PASSWORD, DEMO_USERS } from '../../seeds/demo-users';
import { seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { type AppServer, login, startAppServer, stopStarted } from '../support/app-server';
import { endlessChunkedUpload } from '../support/endless-upload';

let app: AppServer;

beforeAll(async () => {
  await seedArticles();
  await seedDemoUsers();
  app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, TRUST_PROXY: '1' });
}, 90_000);

afterAll(async () => {
  await stopStarted(app);
  await disconnectDb();
});

beforeEach(async () => {
  await db.loginThrottle.deleteMany({});
});

const LOCKED = /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/;
const WRONG = 'Email or password is incorrect.';
const UNAVAILABLE = /^Sign-in is unavailable right now/;
const from = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...extra });

async function failuresFrom(ip: string) {
  const rows = await db.auditEvent.findMany({ where: { action: 'auth.login_failed' }, orderBy: { seq: 'asc' } });
  return rows.filter((e) => (e.after as { ip?: string }).ip === ip);
}
const reasons = (rows: { after: unknown }[]) => rows.map((e) => (e.after as { reason: string }).reason);
const countOf = (list: (string | null)[], value: string | RegExp) => list.filter((v) => (typeof value === 'string' ? v === value : value.test(v ?? ''))).length;

describe('bursts of parallel attempts', () => {
  it('50 parallel wrong passwords for one account: 5 are evaluated, 45 get the lock message', async () => {
    const ip = '203.0.113.10';
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => login(app.baseUrl, 'reviewer2@factdesk.test', `guess-${i}`, from(ip))));
    expect(results.every((r) => !r.ok)).toBe(true);
    const errors = results.map((r) => r.error);
    expect(countOf(errors, WRONG)).toBe(5);
    expect(countOf(errors, LOCKED)).toBe(45);
    // Wrong: 401. Locked: 429 with Retry-After, so clients and proxies can tell "wait" from "wrong".
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(45);
    // Every attempt is in the trail: five evaluated, the rest refused unevaluated.
    const trail = reasons(await failuresFrom(ip));
    expect(trail).toHaveLength(50);
    expect(countOf(trail, 'wrong_password')).toBe(5);
    expect(countOf(trail, 'locked')).toBe(45);
    // The account stays locked for its owner too, and the answer says for how long.
    let last: Response | undefined;
    const recording = (async (input: string | URL | Request, init: RequestInit = {}) =>
      (last = await fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), ...from(ip) } }))) as typeof fetch;
    const owner = await login(app.baseUrl, 'reviewer2@factdesk.test', DEMO_PASSWORD, recording);
    expect(owner.error).toMatch(LOCKED);
    expect(owner.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(60);
  });

  it('50 parallel attempts on 50 accounts from one address: 20 are evaluated, 30 get the lock message', async () => {
    const ip = '203.0.113.20';
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => login(app.baseUrl, `nobody-${i}@factdesk.test`, `guess-${i}`, from(ip))));
    const errors = results.map((r) => r.error);
    expect(countOf(errors, WRONG)).toBe(20);
    expect(countOf(errors, LOCKED)).toBe(30);
    const trail = reasons(await failuresFrom(ip));
    expect(countOf(trail, 'unknown_account')).toBe(20);
    expect(countOf(trail, 'locked')).toBe(30);
    // Another address is not affected.
    expect((await login(app.baseUrl, 'viewer@factdesk.test', DEMO_PASSWORD, from('127.0.0.1'))).ok).toBe(true);
  });

  it('a burst of correct passwords signs in, and leaves no failures behind', async () => {
    const ip = '127.0.0.1';
    const results = await Promise.all(Array.from({ length: 3 }, () => login(app.baseUrl, 'admin@factdesk.test', DEMO_PASSWORD, from(ip))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await db.loginThrottle.count({ where: { failures: { gt: 0 } } })).toBe(0);
  });
});

describe('client values are bounded before they reach the audit trail', () => {
  // Headers a real HTTP client can send: long, tab, Latin-1 bytes, markup, several copies.
  const hostileIds: Record<string, string>[] = [
    { 'x-request-id': 'r'.repeat(300) },
    { 'x-request-id': 'x'.repeat(5000) },
    { 'x-request-id': 'tab\there' },
    { 'x-request-id': Buffer.from('café-ünïcödé', 'utf8').toString('latin1') },
    { 'x-request-id': '<script>alert(1)</script>' },
    { 'x-request-id': 'a'.repeat(101) },
    { 'x-request-id': 'first, second' },
    { 'x-request-id': ' ' },
  ];

  it('8 wrong passwords with hostile X-Request-Ids are all audited and lock the account', async () => {
    const ip = '203.0.113.30';
    const email = 'reviewer@factdesk.test';
    for (const [i, headers] of hostileIds.entries()) {
      const r = await login(app.baseUrl, email, `guess-${i}`, from(ip, headers));
      expect(r.error, JSON.stringify(headers).slice(0, 80)).toMatch(i < 5 ? /^Email or password is incorrect\.$/ : LOCKED);
    }
    const locked = await login(app.baseUrl, email, DEMO_PASSWORD, from(ip, { 'x-request-id': 'y'.repeat(300) }));
    expect(locked.ok).toBe(false);
    expect(locked.error).toMatch(LOCKED);

    const trail = await failuresFrom(ip);
    expect(reasons(trail)).toEqual([...Array<string>(5).fill('wrong_password'), ...Array<string>(4).fill('locked')]);
    for (const event of trail) expect(event.requestId).toMatch(/^[A-Za-z0-9._:-]{1,100}$/);
    expect(trail[6]!.requestId).toBe('first');
  });

  it('every API route sees the same normalised request id, in its answer and in the audit row it writes', async () => {
    const session = await login(app.baseUrl, 'reviewer@factdesk.test', DEMO_PASSWORD, from('127.0.0.1'));
    expect(session.ok).toBe(true);
    const claim = await db.claim.findFirstOrThrow();
    for (const [i, hostile] of ['<x>' + 'r'.repeat(300), 'tab\there', Buffer.from('ünï', 'utf8').toString('latin1'), 'a, b'].entries()) {
      const read = await fetch(`${app.baseUrl}/api/claims`, { headers: { cookie: session.cookie, 'x-request-id': hostile } });
      expect(read.status).toBe(200);
      expect(read.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._:-]{1,100}$/);
      const write = await fetch(`${app.baseUrl}/api/claims/${claim.id}/comments`, {
        method: 'POST',
        headers: { cookie: session.cookie, 'content-type': 'application/json', 'x-request-id': hostile },
        body: JSON.stringify({ body: `comment ${i}` }),
      });
      expect(write.status).toBeLessThan(300);
      const row = await db.auditEvent.findFirstOrThrow({ where: { action: 'claim.comment_added' }, orderBy: { seq: 'desc' } });
      expect(row.requestId).toMatch(/^[A-Za-z0-9._:-]{1,100}$/);
      expect(write.headers.get('x-request-id')).toBe(row.requestId);
    }
  });

  it('keeps a plain request id as sent, so logs and the trail can be matched', async () => {
    const ip = '203.0.113.31';
    await login(app.baseUrl, 'viewer@factdesk.test', 'nope', from(ip, { 'x-request-id': 'trace-2026.12:abc_1' }));
    expect((await failuresFrom(ip)).map((e) => e.requestId)).toEqual(['trace-2026.12:abc_1']);
  });

  it('a forwarded address that is not an IP address is replaced by the socket address', async () => {
    for (const forwarded of ['not-an-ip', '203.0.113.5<script>', 'x'.repeat(500), '999.1.1.1', '203.0.113.5 extra']) {
      await login(app.baseUrl, 'nobody@factdesk.test', 'nope', from(forwarded));
    }
    const rows = await db.auditEvent.findMany({ where: { action: 'auth.login_failed', actorLabel: 'nobody@factdesk.test' } });
    expect(rows).toHaveLength(5);
    for (const row of rows) expect((row.after as { ip: string }).ip).toBe('127.0.0.1');
  });

  it('an over-long or malformed email is refused before anything is stored', async () => {
    const before = await db.auditEvent.count();
    for (const email of [`${'a'.repeat(250)}@factdesk.test`, 'nul\u0000@factdesk.test', 'ctl\u0007@factdesk.test', 'ünï@factdesk.test']) {
      const r = await login(app.baseUrl, email, 'nope', from('203.0.113.40'));
      expect(r.error).toBe(WRONG);
    }
    expect(await db.auditEvent.count()).toBe(before);
  });
});

describe('fails closed when an attempt cannot be recorded', () => {
  async function breakInserts(table: 'audit_events' | 'login_throttle', column: string, value: string) {
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION test_refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: writes refused'; END $$`);
    await db.$executeRawUnsafe(
      `CREATE TRIGGER test_refuse_write BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW WHEN (NEW.${column} = '${value}') EXECUTE FUNCTION test_refuse_write()`,
    );
    return () => db.$executeRawUnsafe(`DROP TRIGGER test_refuse_write ON ${table}`);
  }

  it('audit insert failing: wrong passwords are still counted, and nobody signs in meanwhile', async () => {
    const email = 'viewer@factdesk.test';
    const repair = await breakInserts('audit_events', 'actor_label', email);
    try {
      for (let i = 0; i < 8; i++) {
        const r = await login(app.baseUrl, email, `guess-${i}`, from('203.0.113.50'));
        expect(r.error).toMatch(UNAVAILABLE);
        expect(r.status).toBe(503);
      }
      const right = await login(app.baseUrl, email, DEMO_PASSWORD, from('127.0.0.1'));
      expect(right.ok).toBe(false);
      expect(right.error).toMatch(UNAVAILABLE);
    } finally {
      await repair();
    }
    // The guesses counted: the account is locked now that auditing works again.
    const after = await login(app.baseUrl, email, DEMO_PASSWORD, from('127.0.0.1'));
    expect(after.ok).toBe(false);
    expect(after.error).toMatch(LOCKED);
  });

  it('throttle counter failing: the attempt is refused before any password is checked', async () => {
    const email = 'admin@factdesk.test';
    const repair = await breakInserts('login_throttle', 'key', `account:${email}`);
    try {
      const r = await login(app.baseUrl, email, DEMO_PASSWORD, from('127.0.0.1'));
      expect(r.ok).toBe(false);
      expect(r.error).toMatch(UNAVAILABLE);
    } finally {
      await repair();
    }
    expect((await login(app.baseUrl, email, DEMO_PASSWORD, from('127.0.0.1'))).ok).toBe(true);
  });
});

describe('demo accounts from other machines', () => {
  const remote = ['192.168.1.20', '10.0.0.5', '203.0.113.60', '::ffff:10.0.0.1', '2001:db8::1', 'fe80::1', '128.0.0.1'];

  it('refuses the published demo password from any non-loopback address, says how to get a real account, and audits it', async () => {
    for (const [i, ip] of remote.entries()) {
      const user = DEMO_USERS[i % DEMO_USERS.length]!;
      const r = await login(app.baseUrl, user.email, DEMO_PASSWORD, from(ip));
      expect(r.ok, ip).toBe(false);
      expect(r.error, ip).toMatch(/Demo accounts can only sign in on the machine running Factdesk/);
      expect(r.error).toContain('npm run user:create');
      expect(reasons(await failuresFrom(ip))).toEqual(['demo_password_from_network']);
    }
  });

  it('accepts it from loopback addresses', async () => {
    for (const ip of ['127.0.0.1', '127.5.6.7', '::1', '::ffff:127.0.0.1']) {
      expect((await login(app.baseUrl, 'viewer@factdesk.test', DEMO_PASSWORD, from(ip))).ok, ip).toBe(true);
    }
  });
});

describe("next-auth's own endpoints", () => {
  const credentialsUrl = () => `${app.baseUrl}/api/auth/callback/credentials`;
  const big = () => `email=a%40b.test&password=${'p'.repeat(300 * 1024)}`;

  it('refuses bodies over 256 KB with 413, with or without Content-Length', async () => {
    const withLength = await fetch(credentialsUrl(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: big() });
    expect(withLength.status).toBe(413);
    // Chunked, no Content-Length: a raw socket, so the answer can be read while still sending.
    const answer = await endlessChunkedUpload({
      port: app.port,
      head: `POST /api/auth/callback/credentials HTTP/1.1\r\nHost: localhost:${app.port}\r\ncontent-type: application/x-www-form-urlencoded\r\n`,
      firstChunk: 'password=',
      fill: 'p',
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    const json = await fetch(`${app.baseUrl}/api/auth/signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'y'.repeat(300 * 1024) }),
    });
    expect(json.status).toBe(413);
  });

  it('POST /api/auth/_log is not there: anonymous clients cannot write server log lines', async () => {
    const marker = `factdesk-log-probe-${Date.now()}`;
    const before = app.output().length;
    for (const level of ['error', 'warn', 'debug']) {
      const res = await fetch(`${app.baseUrl}/api/auth/_log`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ code: marker, level, message: JSON.stringify([marker]) }),
      });
      expect(res.status, level).toBeGreaterThanOrEqual(400);
      expect(res.status, level).toBeLessThan(500);
    }
    // Give a log line that would have been written time to arrive.
    await fetch(`${app.baseUrl}/api/health`);
    expect(app.output().slice(before)).not.toContain(marker);
  });
});

describe('the current-password check of a password change (issue 29, finding 5)', () => {
  const email = 'reviewer2@factdesk.test';
  const STRONG = 'amber kites above quiet dunes';
  const change = (cookie: string, ip: string, current: string, next = STRONG) =>
    fetch(`${app.baseUrl}/api/account/password`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', ...from(ip) },
      body: JSON.stringify({ current, next }),
    });
  const message = async (res: Response) => ((await res.json()) as { error?: { message?: string } }).error?.message;

  it('a held session guessing the current password is throttled like sign-in, and every guess is audited', async () => {
    const ip = '203.0.113.90';
    const { cookie } = await login(app.baseUrl, email, DEMO_PASSWORD);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await change(cookie, ip, `guess number ${i}`));
    expect(answers.slice(0, 5).map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5).map((r) => r.status)).toEqual([429, 429, 429]);
    expect(await message(answers[6]!)).toMatch(LOCKED);
    // The right password does not get through the lock either.
    const right = await change(cookie, ip, DEMO_PASSWORD);
    expect(right.status).toBe(429);
    const trail = await failuresFrom(ip);
    const times = (n: number, value: string) => Array.from({ length: n }, () => value);
    expect(trail.map((e) => (e.after as { via?: string }).via)).toEqual(times(9, 'password_change'));
    expect(reasons(trail)).toEqual([...times(5, 'wrong_password'), ...times(4, 'locked')]);
    // It is the sign-in throttle: the form is locked for this account too.
    expect((await login(app.baseUrl, email, DEMO_PASSWORD)).error).toMatch(LOCKED);
  });

  it('a wrong current password gets one answer, whatever the new password', async () => {
    const ip = '203.0.113.91';
    const { cookie } = await login(app.baseUrl, email, DEMO_PASSWORD);
    const answer = async (current: string, next: string) => {
      const res = await change(cookie, ip, current, next);
      return { status: res.status, message: await message(res) };
    };
    // The new password is judged before the current one is tried: a weak or
    // unchanged one gets the same refusal whether the guess was right or not.
    for (const next of ['password1234', 'SAME']) {
      const withRight = await answer(DEMO_PASSWORD, next === 'SAME' ? DEMO_PASSWORD : next);
      const withWrong = await answer('not the password', next === 'SAME' ? 'not the password' : next);
      expect(withRight).toEqual(withWrong);
      expect(withRight.status).toBe(400);
    }
    const wrong = await change(cookie, ip, 'still not the password');
    expect(await message(wrong)).toBe('current: Your current password is not right.');
  });
});
