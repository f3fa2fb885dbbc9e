import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../lib/db';
import { latestSeq } from '../../lib/history/replay-changes';
import { startAppServer, type AppServer, login, stopStarted } from '../support/app-server';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';
import { collect, connectSocket, connected, emitAny, refused } from '../support/socket-client';
import { DEMO_PASSWORD } from '../../seeds/demo-users';

let desk: Desk;
beforeAll(async () => {
  desk = await openDesk({ signIn: 'credentials' });
}, 120_000);
afterAll(() => closeDesk(desk));

async function decide(claimId: string, reason: string, role: 'reviewer' | 'reviewer2' = 'reviewer') {
  const version = (await db.claim.findUniqueOrThrow({ where: { id: claimId } })).version;
  const res = await desk.call(role, 'POST', `/api/claims/${claimId}/verdict`, { status: 'disputed', reason, evidence: [], expectedVersion: version });
  expect(res.status).toBe(200);
}

describe('socket.io handshake', () => {
  it('refuses a connection without a session', async () => {
    expect(await refused(connectSocket(desk.app.baseUrl))).toBe('unauthenticated');
  });

  it('refuses a connection from another origin, even with a valid session', async () => {
    const socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.reviewer, origin: 'https://evil.example' });
    expect(await refused(socket)).toMatch(/origin not allowed|websocket error/);
  });

  it("accepts a signed-in browser from the app's own origin", async () => {
    const socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.viewer });
    await connected(socket);
    socket.close();
  });
});

describe('events', () => {
  it("refuses a viewer's mutating event and validates payloads", async () => {
    const socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.viewer });
    await connected(socket);
    const claimId = await desk.claimId('000_552dc560a453afa8');
    const verdict = await socket.emitWithAck('verdict:set', { claimId, status: 'verified', reason: 'x', evidence: [], expectedVersion: 1 });
    expect(verdict).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await socket.emitWithAck('presence:view', { claimId });
    expect(await socket.emitWithAck('presence:writing', { claimId, what: 'verdict' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await emitAny(socket, 'sync', { since: -3 }, 10_000)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await db.claim.findUniqueOrThrow({ where: { id: claimId } })).version).toBe(1);
    socket.close();
  });

  it('pushes real payloads after commit, in sequence order', async () => {
    const socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.reviewer2 });
    await connected(socket);
    const inbox = collect(socket);
    const claimId = await desk.claimId('001_a4564d29494e56b0');
    for (let i = 0; i < 5; i++) await decide(claimId, `round ${i}`);
    await inbox.waitFor(5);
    const seqs = inbox.changes.map((c) => c.event.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const last = inbox.changes.at(-1)!;
    expect(last.event).toMatchObject({ action: 'claim.verdict_set', claimId, reason: 'round 4' });
    expect(last.claim).toMatchObject({ id: claimId, status: 'disputed', version: 6 });
    expect(last.actorName).toBe('Rita Reviewer');
    expect(last.event.seq).toBe(await latestSeq());
    socket.close();
  });

  it('a client that was away while 10 verdicts were made gets all 10 on reconnect, once each', async () => {
    const socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.viewer });
    await connected(socket);
    const since = await latestSeq();
    socket.disconnect();
    const claimId = await desk.claimId('002_d367ca68bff82dc3');
    for (let i = 0; i < 10; i++) await decide(claimId, `while away ${i}`, i % 2 ? 'reviewer' : 'reviewer2');

    socket.connect();
    await connected(socket);
    const live = collect(socket);
    const result = await socket.emitWithAck('sync', { since });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const reasons = result.data.changes.filter((c) => c.event.action === 'claim.verdict_set').map((c) => c.event.reason);
    expect(reasons).toEqual(Array.from({ length: 10 }, (_, i) => `while away ${i}`));
    const seqs = result.data.changes.map((c) => c.event.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => since + 1 + i));
    expect(result.data.latest).toBe(await latestSeq());
    expect(result.data.more).toBe(false);

    // Live delivery resumes after the catch-up. (A push of a change the catch-up
    // already returned may still arrive: socket.io's cluster adapter emits
    // locally only after its NOTIFY round trip. Clients drop seq <= last applied.)
    await decide(claimId, 'after reconnect');
    const newer = () => live.changes.filter((c) => c.event.seq > result.data.latest);
    await vi.waitFor(() => expect(newer()).not.toHaveLength(0), { timeout: 5_000 });
    expect(newer().map((c) => c.event.seq)).toEqual([result.data.latest + 1]);
    socket.close();
  });

  it('shows who views a claim and who is writing, and forgets them when they leave', async () => {
    const claimId = await desk.claimId('003_c796c6a1adc09b2d');
    const watcher = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.viewer });
    const writer = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.reviewer });
    await Promise.all([connected(watcher), connected(writer)]);
    const updates: { claimId: string; people: { name: string; writing: string | null }[] }[] = [];
    watcher.on('presence:claim', (p) => updates.push(p));
    const until = (pred: () => boolean) => vi.waitFor(() => expect(pred()).toBe(true), { timeout: 5_000 });

    await writer.emitWithAck('presence:view', { claimId });
    await until(() => updates.some((u) => u.claimId === claimId && u.people.some((p) => p.name === 'Rita Reviewer')));
    await writer.emitWithAck('presence:writing', { claimId, what: 'verdict' });
    await until(() => updates.at(-1)?.people.some((p) => p.name === 'Rita Reviewer' && p.writing === 'verdict') ?? false);
    const snapshot = await watcher.emitWithAck('presence:snapshot', {});
    expect(snapshot.ok && snapshot.data.find((p) => p.claimId === claimId)?.people[0]?.writing).toBe('verdict');

    writer.close();
    await until(() => updates.at(-1)?.claimId === claimId && updates.at(-1)?.people.length === 0);
    watcher.close();
  });

  it('disconnects a socket whose account is disabled', async () => {
    const session = await login(desk.app.baseUrl, 'reviewer2@factdesk.test', DEMO_PASSWORD);
    const socket = connectSocket(desk.app.baseUrl, { cookie: session.cookie });
    await connected(socket);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await db.user.update({ where: { email: 'reviewer2@factdesk.test' }, data: { disabledAt: new Date() } });
    try {
      expect(await gone).toBe('io server disconnect');
    } finally {
      await db.user.update({ where: { email: 'reviewer2@factdesk.test' }, data: { disabledAt: null } });
    }
  }, 30_000);
});

describe('more than one server', () => {
  let second: AppServer;
  beforeAll(async () => {
    second = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL! });
  }, 90_000);
  afterAll(() => stopStarted(second));

  it('delivers a verdict made through either process to clients of both', async () => {
    const cookie2 = (await login(second.baseUrl, 'viewer@factdesk.test', DEMO_PASSWORD)).cookie;
    const onFirst = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.viewer });
    const onSecond = connectSocket(second.baseUrl, { cookie: cookie2 });
    await Promise.all([connected(onFirst), connected(onSecond)]);
    const a = collect(onFirst);
    const b = collect(onSecond);
    const claimId = await desk.claimId('004_70e37703d5faa8e3');

    await decide(claimId, 'through the first process');
    const version = (await db.claim.findUniqueOrThrow({ where: { id: claimId } })).version;
    const reviewer2 = (await login(second.baseUrl, 'reviewer2@factdesk.test', DEMO_PASSWORD)).cookie;
    const res = await fetch(`${second.baseUrl}/api/claims/${claimId}/verdict`, {
      method: 'POST',
      headers: { cookie: reviewer2, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'verified', reason: 'through the second process', evidence: [], expectedVersion: version }),
    });
    expect(res.status).toBe(200);

    const verdicts = (c: typeof a) => c.changes.filter((x) => x.event.action === 'claim.verdict_set').map((x) => x.event.reason);
    for (const inbox of [a, b]) {
      await vi.waitFor(() => expect(verdicts(inbox).length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
      expect(verdicts(inbox)).toEqual(['through the first process', 'through the second process']);
    }
    onFirst.close();
    onSecond.close();
  });
});
