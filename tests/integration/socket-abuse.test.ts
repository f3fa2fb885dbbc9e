// One signed-in account must not be able to starve the desk through its
// sockets: events are rate-limited per account, payloads are bounded and
// validated before any database read, and a catch-up replay is capped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/auth/password';
import { appendAuditEvents } from '../../lib/audit/append-audit-events';
import { db, disconnectDb } from '../../lib/db';
import { MAX_REPLAY_CHANGES, type SyncResult } from '../../lib/realtime/events';
import { latestSeq } from '../../lib/history/replay-changes';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { type AppServer, login, startAppServer, stopStarted } from '../support/app-server';
import { connectSocket, connected, type DeskSocket, emitAny } from '../support/socket-client';

let app: AppServer;
const BURST = 60;
const PER_SECOND = 10;
const opened: DeskSocket[] = [];

beforeAll(async () => {
  await seedArticles();
  await seedDemoUsers();
  // No periodic sweep during the tests: a socket closes only for the reason under test.
  app = await startAppServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    SESSION_SWEEP_SECONDS: '3600',
    SOCKET_EVENT_BURST: String(BURST),
    SOCKET_EVENTS_PER_SECOND: String(PER_SECOND),
  });
}, 120_000);
afterAll(async () => {
  for (const s of opened) s.close();
  await stopStarted(app);
  await disconnectDb();
});

async function signIn(email: string, password = DEMO_PASSWORD) {
  const session = await login(app.baseUrl, email, password);
  expect(session.ok, session.error ?? '').toBe(true);
  return session.cookie;
}

async function open(cookie: string) {
  const socket = connectSocket(app.baseUrl, { cookie });
  opened.push(socket);
  await connected(socket);
  return socket;
}

const emit = (socket: DeskSocket, event: string, payload: unknown) => emitAny(socket, event, payload, 15_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('per-account rate limit on socket events', () => {
  it('a flood of events from one account is cut off with rate_limited + retryAfter; other accounts are unaffected', async () => {
    const viewer = await signIn('viewer@factdesk.test');
    // More sockets for the same account do not buy more: the limit is per account.
    const sockets = [await open(viewer), await open(viewer), await open(viewer)];
    const claimId = (await db.claim.findFirstOrThrow()).id;
    const started = Date.now();
    const flood = Array.from({ length: 300 }, (_, i) => {
      const socket = sockets[i % sockets.length]!;
      // Every kind of event counts, valid or not.
      if (i % 3 === 0) return emit(socket, 'sync', { since: 0 });
      if (i % 3 === 1) return emit(socket, 'presence:view', { claimId });
      return emit(socket, 'presence:snapshot', { junk: 'x'.repeat(100) });
    });
    const acks = await Promise.all(flood);
    const seconds = (Date.now() - started) / 1000;
    const limited = acks.filter((a) => a.error?.code === 'rate_limited');
    expect(limited.length).toBeGreaterThan(acks.length / 2);
    for (const a of limited) {
      expect(a.ok).toBe(false);
      expect(a.error!.message).toMatch(/slow down/i);
      expect(a.retryAfter).toBeGreaterThanOrEqual(1);
    }
    // What got through fits one account's bucket (sync and snapshot cost 2),
    // not three sockets' worth.
    const cost = acks.reduce((sum, a, i) => sum + (a.error?.code === 'rate_limited' ? 0 : i % 3 === 1 ? 1 : 2), 0);
    expect(cost).toBeLessThanOrEqual(BURST + Math.ceil(PER_SECOND * seconds) + 2);
    // Someone else on the same server is served as usual meanwhile.
    const reviewer = await open(await signIn('reviewer@factdesk.test'));
    expect(await emit(reviewer, 'sync', { since: 0 })).toMatchObject({ ok: true });

    // After the wait the server named, the account is served again; its sockets stayed open.
    await sleep(Math.max(...limited.map((a) => a.retryAfter!)) * 1000);
    expect(await emit(sockets[1]!, 'sync', { since: 0 })).toMatchObject({ ok: true });
    expect(sockets.every((s) => s.connected)).toBe(true);
  });
});

describe('socket payloads', () => {
  it('a message over 256 KB closes the connection before it is parsed; one under the limit is answered', async () => {
    const socket = await open(await signIn('reviewer2@factdesk.test'));
    const claimId = (await db.claim.findFirstOrThrow()).id;
    const versionBefore = (await db.claim.findUniqueOrThrow({ where: { id: claimId } })).version;
    const under = await emit(socket, 'verdict:set', {
      claimId,
      status: 'verified',
      reason: 'r'.repeat(200 * 1024),
      evidence: [],
      expectedVersion: versionBefore,
    });
    expect(under.ok).toBe(false);
    expect(under.error!.code).toBe('invalid_input');
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    void emit(socket, 'verdict:set', { claimId, status: 'verified', reason: 'r'.repeat(300 * 1024), evidence: [], expectedVersion: versionBefore }).catch(
      () => {},
    );
    expect(await gone).toMatch(/transport close|transport error/);
    expect((await db.claim.findUniqueOrThrow({ where: { id: claimId } })).version).toBe(versionBefore);
    // The server itself is fine.
    expect(await emit(await open(await signIn('reviewer2@factdesk.test')), 'sync', { since: 0 })).toMatchObject({ ok: true });
  });

  it('payloads are validated before the database is read: invalid input is answered as such even when the session can no longer be checked', async () => {
    const email = 'checked-late@paper.example';
    await db.user.create({ data: { email, displayName: 'Checked Late', role: 'reviewer', passwordHash: await hashPassword('a-long-enough-password') } });
    const socket = await open(await signIn(email, 'a-long-enough-password'));
    // Disabled behind the app's back (no notification): only the next database read can notice.
    await db.user.update({ where: { email }, data: { disabledAt: new Date() } });
    for (const [event, payload] of [
      ['sync', { since: -1 }],
      ['sync', { since: 'everything' }],
      ['presence:view', { claimId: '------------------------------------' }],
      ['presence:writing', { claimId: 'x', what: 'poem' }],
      ['verdict:set', { claimId: 42 }],
      // A well-formed claim id does not let the rest of the verdict through unchecked.
      ['verdict:set', { claimId: '00000000-0000-4000-8000-000000000000' }],
      ['verdict:set', { claimId: '00000000-0000-4000-8000-000000000000', status: 'verified', reason: '', evidence: [], expectedVersion: 1 }],
      [
        'verdict:set',
        { claimId: '00000000-0000-4000-8000-000000000000', status: 'verified', reason: 'ok', evidence: [], expectedVersion: 1, reReviewAt: '2030-01-01' },
      ],
    ] as const) {
      expect(await emit(socket, event, payload), `${event} ${JSON.stringify(payload)}`).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(socket.connected).toBe(true);
    // A valid event reaches the database read, which refuses the account and closes the socket.
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(await emit(socket, 'sync', { since: 0 })).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(await gone).toBe('io server disconnect');
  });
});

describe('catch-up replay is capped', () => {
  it(`a client more than ${MAX_REPLAY_CHANGES} changes behind is told to reload instead of replaying the log`, async () => {
    const socket = await open(await signIn('admin@factdesk.test'));
    const before = await latestSeq();
    await db.$transaction((tx) =>
      appendAuditEvents(
        tx,
        Array.from({ length: MAX_REPLAY_CHANGES + 1 }, (_, i) => ({
          action: 'auth.login_failed' as const,
          actorId: null,
          actorLabel: `flood${i}@paper.example`,
          after: { ip: '192.0.2.1', reason: 'unknown_account', locked: false },
        })),
      ),
    );
    const latest = await latestSeq();
    expect(latest - before).toBe(MAX_REPLAY_CHANGES + 1);

    for (const since of [0, before, latest - MAX_REPLAY_CHANGES - 1]) {
      const ack = await emit(socket, 'sync', { since });
      expect(ack.ok).toBe(true);
      const page = ack.data as SyncResult;
      expect(page).toMatchObject({ reload: true, changes: [], more: false, latest });
      expect(page.message).toMatch(/Too much changed while you were away.*Reload/);
    }
    // Within the cap, replay works as before, page by page.
    const ack = await emit(socket, 'sync', { since: latest - MAX_REPLAY_CHANGES });
    const page = ack.data as SyncResult;
    expect(page.reload).toBeUndefined();
    expect(page.changes[0]!.event.seq).toBe(latest - MAX_REPLAY_CHANGES + 1);
    expect(page.more).toBe(true);
  });
});
