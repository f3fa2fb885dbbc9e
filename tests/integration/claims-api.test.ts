import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDb, db } from '../../lib/db';
import { seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { type AppServer, login, startAppServer, stopStarted } from '../support/app-server';

let app: AppServer;
let cookie: string;

beforeAll(async () => {
  await seedArticles();
  await seedDemoUsers();
  app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL! });
  const session = await login(app.baseUrl, 'reviewer@factdesk.test', DEMO_PASSWORD);
  expect(session.ok).toBe(true);
  cookie = session.cookie;
}, 90_000);

afterAll(async () => {
  await stopStarted(app);
  await disconnectDb();
});

const get = (p: string, withSession = true) => fetch(`${app.baseUrl}${p}`, { headers: withSession ? { cookie } : {} });

describe('claims API', () => {
  it('answers 401 JSON without a session, on every API route but health', async () => {
    for (const p of ['/api/claims', `/api/claims/${crypto.randomUUID()}`, '/api/nothing-here']) {
      const res = await get(p, false);
      expect(res.status, p).toBe(401);
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vitest types its asymmetric matchers as any
      expect(await res.json()).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
    }
    const health = await get('/api/health', false);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
  });

  it('lists the five claims with the documented fields', async () => {
    const res = await get('/api/claims');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { claims: Record<string, unknown>[]; nextCursor: string | null };
    expect(body.claims).toHaveLength(5);
    expect(body.nextCursor).toBeNull();
    expect(Object.keys(body.claims[0]!)).toEqual(expect.arrayContaining(['id', 'language', 'sourceKey', 'status', 'title', 'updatedAt', 'version']));
  });

  it('filters by language and status, and searches across accents and Cyrillic case', async () => {
    const bg = (await (await get('/api/claims?lang=bg')).json()) as { claims: { sourceKey: string }[] };
    expect(bg.claims.map((c) => c.sourceKey)).toEqual(['003_c796c6a1adc09b2d']);
    const accent = (await (await get('/api/claims?q=colombia')).json()) as { claims: { sourceKey: string }[] };
    expect(accent.claims.map((c) => c.sourceKey)).toContain('000_552dc560a453afa8'); // text says "Colômbia"
    const cyr = (await (await get(`/api/claims?q=${encodeURIComponent('МАДУРО')}`)).json()) as { claims: { sourceKey: string }[] };
    expect(cyr.claims.map((c) => c.sourceKey)).toEqual(['003_c796c6a1adc09b2d']);
    const none = (await (await get('/api/claims?status=verified&q=zzzz')).json()) as { claims: unknown[] };
    expect(none.claims).toEqual([]);
  });

  it('paginates with a cursor without repeating or skipping claims', async () => {
    const first = (await (await get('/api/claims?limit=2')).json()) as { claims: { id: string }[]; nextCursor: string };
    const second = (await (await get(`/api/claims?limit=2&cursor=${first.nextCursor}`)).json()) as { claims: { id: string }[]; nextCursor: string };
    const third = (await (await get(`/api/claims?limit=2&cursor=${second.nextCursor}`)).json()) as { claims: { id: string }[]; nextCursor: string | null };
    const ids = [...first.claims, ...second.claims, ...third.claims].map((c) => c.id);
    expect(new Set(ids).size).toBe(5);
    expect(third.nextCursor).toBeNull();
  });

  it('rejects bad query input with a clear 400', async () => {
    const res = await get('/api/claims?status=maybe');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toMatch(/status/);
  });

  it('returns one claim with body and boilerplate; 404 unknown; 400 malformed', async () => {
    const claim = await db.claim.findUniqueOrThrow({ where: { sourceKey: '004_70e37703d5faa8e3' } });
    const res = await get(`/api/claims/${claim.id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { body: string; boilerplate: string; language: string };
    expect(body.language).toBe('en');
    expect(body.boilerplate).toContain('Sulemana Braimah');
    expect(body.body).toContain('colectivos');
    expect((await get(`/api/claims/${crypto.randomUUID()}`)).status).toBe(404);
    const bad = await get('/api/claims/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
  });
});

describe('login', () => {
  it('rejects a wrong password with the generic message and no session', async () => {
    const result = await login(app.baseUrl, 'viewer@factdesk.test', 'wrong-password');
    expect(result.ok).toBe(false);
    expect(result.error).toBe('Email or password is incorrect.');
  });

  it('refuses a disabled account', async () => {
    await db.user.update({ where: { email: 'viewer@factdesk.test' }, data: { disabledAt: new Date() } });
    try {
      const result = await login(app.baseUrl, 'viewer@factdesk.test', DEMO_PASSWORD);
      expect(result.ok).toBe(false);
    } finally {
      await db.user.update({ where: { email: 'viewer@factdesk.test' }, data: { disabledAt: null } });
    }
  });

  it('locks an account after repeated failures and says when to try again; the audit log shows it', async () => {
    const email = 'reviewer2@factdesk.test';
    for (let i = 0; i < 5; i++) expect((await login(app.baseUrl, email, `guess-${i}`)).ok).toBe(false);
    const locked = await login(app.baseUrl, email, DEMO_PASSWORD);
    expect(locked.ok).toBe(false);
    expect(locked.error).toMatch(/Try again in 15 minutes/);
    const failures = await db.auditEvent.findMany({ where: { action: 'auth.login_failed', actorLabel: email }, orderBy: { seq: 'asc' } });
    // Five wrong passwords, then the refused attempt while locked: every attempt is in the trail.
    expect(failures.map((e) => (e.after as { reason: string }).reason)).toEqual([...Array<string>(5).fill('wrong_password'), 'locked']);
    expect(failures.map((e) => (e.after as { accountFailures?: number }).accountFailures)).toEqual([1, 2, 3, 4, 5, undefined]);
    expect((failures[4]!.after as { locked: boolean }).locked).toBe(true);
    await db.loginThrottle.deleteMany({});
  });

  it('locks a client address after 20 failures across different accounts; X-Forwarded-For is not trusted by default', async () => {
    // Four guesses per account stay under the per-account limit of five.
    const accounts = [...Array.from({ length: 4 }, (_, i) => `nobody-${i}@factdesk.test`), 'admin@factdesk.test'];
    let attempt = 0;
    for (const email of accounts) {
      for (let i = 0; i < 4; i++) {
        // A guesser rotating a spoofed X-Forwarded-For still counts as one address.
        const r = await login(app.baseUrl, email, `guess-${attempt}`, { 'x-forwarded-for': `198.51.100.${attempt++}` });
        expect(r.ok).toBe(false);
        expect(r.error).toBe('Email or password is incorrect.');
      }
    }
    // The address is now locked: even a correct password for an untouched account is refused.
    const locked = await login(app.baseUrl, 'viewer@factdesk.test', DEMO_PASSWORD);
    expect(locked.ok).toBe(false);
    expect(locked.error).toMatch(/Too many failed sign-in attempts\. Try again in 15 minutes\./);

    const trail = await db.auditEvent.findMany({ where: { action: 'auth.login_failed' }, orderBy: { seq: 'desc' }, take: 21 });
    const [refused, last] = trail;
    expect(refused!.after).toMatchObject({ reason: 'locked' });
    expect(refused!.actorLabel).toBe('viewer@factdesk.test');
    expect(last!.after).toMatchObject({ locked: true, accountFailures: 4 });
    // All 21 attempts are recorded under the socket's address, not the spoofed ones.
    const ips = new Set(trail.map((e) => (e.after as { ip: string }).ip));
    expect(ips.size).toBe(1);
    expect([...ips][0]).not.toMatch(/^198\.51\.100\./);
    const addressRow = await db.loginThrottle.findFirstOrThrow({ where: { key: { startsWith: 'address:' } } });
    expect(addressRow.failures).toBe(20);
    // No account reached its own limit: the lock is the address's.
    expect(await db.loginThrottle.count({ where: { key: { startsWith: 'account:' }, lockedUntil: { not: null } } })).toBe(0);
    await db.loginThrottle.deleteMany({});
    expect((await login(app.baseUrl, 'viewer@factdesk.test', DEMO_PASSWORD)).ok).toBe(true);
  });
});
