// The database stops answering without refusing connections (a load balancer
// or proxy in front of a dead server: connections are accepted, nothing comes
// back). Requests must still end, promptly, in a clear 503 — the pool's connect
// timeout (DB_CONNECT_TIMEOUT_MS) is what ends them — and the app must recover
// by itself when the database answers again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, disconnectDb } from '../../lib/db';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { type AppServer, login, startAppServer, stopStarted } from '../support/app-server';
import { portFor } from '../support/ports';
import { expectConsistentLedger } from '../support/reliability/ledger';
import { type Attempt, progress, type Reviewer, startTraffic, until } from '../support/reliability/traffic';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

describe('database that accepts connections but never answers', () => {
  let proxy: TcpProxy;
  let app: AppServer;
  let attempts: Attempt[] = [];
  let claimIds: string[] = [];
  const health: Record<string, number> = {};

  beforeAll(async () => {
    await seedArticles();
    await seedDemoUsers();
    claimIds = (await db.claim.findMany({ select: { id: true } })).map((c) => c.id);
    const direct = new URL(process.env.DATABASE_URL!);
    proxy = await startTcpProxy({ port: await portFor('postgres'), target: { host: direct.hostname, port: Number(direct.port || 5432) } });
    // A short timeout keeps the test quick; production's default is 5 s.
    app = await startAppServer({ DATABASE_URL: proxy.via(direct.toString()), DB_CONNECT_TIMEOUT_MS: '2000' }, { port: await portFor('app') });
    const cookies = await Promise.all(
      ['reviewer', 'reviewer2'].map(async (who) => {
        const session = await login(app.baseUrl, `${who}@factdesk.test`, DEMO_PASSWORD);
        if (!session.ok) throw new Error(`could not sign in as ${who}: ${session.error}`);
        return session.cookie;
      }),
    );
    const reviewers: Reviewer[] = [...cookies, ...cookies].map((cookie) => ({ baseUrl: () => app.baseUrl, cookie }));
    const traffic = startTraffic({ reviewers, claimIds, maxRoundsPerReviewer: 2000, deadlineMs: 90_000 });
    const written = (phase: string, status?: number) =>
      traffic.attempts.filter((a) => a.kind === 'write' && a.phase === phase && (status === undefined || a.status === status)).length;
    const giveUp = () => !app.alive() || !traffic.running();
    const healthStatus = () =>
      fetch(`${app.baseUrl}/api/health`, { signal: AbortSignal.timeout(45_000) })
        .then((r) => r.status)
        .catch(() => 0);
    try {
      traffic.setPhase('before');
      await until(() => giveUp() || written('before', 200) >= 10, { tries: 300 });
      proxy.blackhole();
      traffic.setPhase('silent');
      progress('database silent');
      const answeredSilent = () => traffic.attempts.filter((a) => a.kind === 'write' && a.phase === 'silent' && a.answeredIn === 'silent').length;
      await until(() => giveUp() || answeredSilent() >= reviewers.length, { tries: 600 });
      health.silent = await healthStatus();
      proxy.restore();
      traffic.setPhase('recovering');
      progress(`database answers again (${written('silent')} writes while silent)`);
      await until(async () => giveUp() || (await healthStatus()) === 200, { tries: 100, everyMs: 200 });
      health.after = await healthStatus();
      traffic.setPhase('after');
      await until(() => giveUp() || written('after', 200) >= 10, { tries: 300 });
    } finally {
      await traffic.stop();
      attempts = traffic.attempts;
    }
  }, 180_000);

  afterAll(async () => {
    await stopStarted(app);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
    await proxy?.close();
    await disconnectDb();
  }, 60_000);

  it('ends the requests made while the database is silent with a clear 503 before it answers again', () => {
    // Ended by the app's own timeout while the database was still silent, not
    // released by the database coming back. (Requests still waiting at that
    // moment are answered after it, normally; the next test checks those.)
    const silent = attempts.filter((a) => a.phase === 'silent' && a.answeredIn === 'silent');
    expect(silent.filter((a) => a.kind === 'write').length).toBeGreaterThanOrEqual(4);
    expect(silent.map((a) => a.failure ?? a.status)).toEqual(silent.map(() => 503));
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vitest types its asymmetric matchers as any
    for (const a of silent) expect(a.error).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/database is not reachable/i) });
    expect(health.silent).toBe(503);
  });

  it('recovers without a restart', () => {
    expect(app.alive()).toBe(true);
    expect(health.after).toBe(200);
    expect(attempts.filter((a) => a.phase === 'after' && a.kind === 'write' && a.status === 200).length).toBeGreaterThanOrEqual(10);
    // Every request got an answer: a result, a conflict or a clean 503 — never a 500, never a hang.
    const odd = attempts.filter((a) => ![200, 409, 503].includes(a.status));
    expect(odd.map((a) => `${a.kind} ${a.phase} ${a.failure ?? a.status}`)).toEqual([]);
  });

  it('the database agrees with what the reviewers were told; the chain verifies', async () => {
    await expectConsistentLedger(attempts, claimIds);
  });
});
