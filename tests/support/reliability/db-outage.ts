// Database outage: two app processes on a PostgreSQL server the test owns,
// steady verdict traffic, the server stopped mid-traffic and started again
// (`cycles` times). Shared by the CI test and the soak test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, disconnectDb } from '../../../lib/db';
import { provideDerived } from '../../../lib/env';
import { latestSeq } from '../../../lib/history/replay-changes';
import { DEMO_PASSWORD } from '../../../seeds/demo-users';
import { seedArticles, seedDemoUsers } from '../../../seeds/run-seed';
import { type AppServer, login, startAppServer } from '../app-server';
import { type ControlledPostgres, startControlledPostgres } from '../controlled-postgres';
import { portFor } from '../ports';
import { collect, connectSocket, connected, type DeskSocket } from '../socket-client';
import { expectConsistentLedger } from './ledger';
import { type Attempt, progress, type Reviewer, startTraffic, until, writeVerdict } from './traffic';

type Health = { server: string; phase: string; status: number; body: unknown };

export function describeDbOutage(options: {
  title: string;
  cycles: number;
  successesPerPhase: number;
  failuresPerOutage: number;
  /** Keep the database down at least this long (the adapter retries every 1–3 s meanwhile). */
  downMs?: number;
  deadlineMs: number;
}) {
  describe(options.title, () => {
    let pg: ControlledPostgres;
    let servers: AppServer[] = [];
    let watcher: DeskSocket | null = null;
    const attempts: Attempt[] = [];
    const health: Health[] = [];
    const outageLogins: { ok: boolean; error: string | null }[] = [];
    let claimIds: string[] = [];
    let pids: number[] = [];
    let adapterDelivered = false;

    const checkHealth = async (phase: string) => {
      for (const s of servers) {
        const res = await fetch(`${s.baseUrl}/api/health`, { signal: AbortSignal.timeout(45_000) }).catch(() => null);
        health.push({ server: s.baseUrl, phase, status: res?.status ?? 0, body: await res?.json().catch(() => null) });
      }
    };

    beforeAll(async () => {
      progress('starting PostgreSQL');
      pg = await startControlledPostgres('db-outage');
      progress(`PostgreSQL on ${pg.port}, migrated`);
      // This test file's own database client talks to the server under test too.
      provideDerived({ databaseUrl: pg.url });
      await seedArticles();
      await seedDemoUsers();
      claimIds = (await db.claim.findMany({ orderBy: { sourceKey: 'asc' }, select: { id: true } })).map((c) => c.id);
      const ports = [await portFor('app'), await portFor('app')];
      servers = await Promise.all(ports.map((port) => startAppServer({ DATABASE_URL: pg.url }, { port })));
      pids = servers.map((s) => s.pid);
      progress(`app servers ${servers.map((s) => s.baseUrl).join(', ')}`);
      const [a, b] = servers as [AppServer, AppServer];
      const cookies = await Promise.all(
        ['reviewer', 'reviewer2', 'viewer'].map(async (who) => {
          const session = await login(a.baseUrl, `${who}@factdesk.test`, DEMO_PASSWORD);
          if (!session.ok) throw new Error(`could not sign in as ${who}: ${session.error}`);
          return session.cookie;
        }),
      );
      watcher = connectSocket(b.baseUrl, { cookie: cookies[2] });
      await connected(watcher);
      const inbox = collect(watcher);

      // Reviewers on both processes; the sessions are valid on either.
      const reviewers: Reviewer[] = servers.flatMap((s) => [0, 1].map((i) => ({ baseUrl: () => s.baseUrl, cookie: cookies[i]! })));
      const traffic = startTraffic({ reviewers, claimIds, maxRoundsPerReviewer: 5000, deadlineMs: options.deadlineMs });
      const writesIn = (phase: string) => traffic.attempts.filter((x) => x.kind === 'write' && x.phase === phase);
      // A crashed process (or traffic that ran out of time) fails the tests
      // below; stop waiting here.
      const dead = () => servers.some((s) => !s.alive());
      const giveUp = () => dead() || !traffic.running();
      try {
        for (let cycle = 1; cycle <= options.cycles; cycle++) {
          traffic.setPhase(`before-${cycle}`);
          await until(() => giveUp() || writesIn(`before-${cycle}`).filter((x) => x.status === 200).length >= options.successesPerPhase, { tries: 600 });

          progress(`cycle ${cycle}: ${traffic.accepted()} accepted; stopping PostgreSQL`);
          await pg.stop();
          progress('stopped');
          traffic.setPhase(`outage-${cycle}`);
          const downSince = Date.now();
          await until(() => giveUp() || (writesIn(`outage-${cycle}`).length >= options.failuresPerOutage && Date.now() - downSince >= (options.downMs ?? 0)), {
            tries: 1200,
          });
          await checkHealth(`outage-${cycle}`);
          outageLogins.push(await login(a.baseUrl, 'reviewer@factdesk.test', DEMO_PASSWORD));

          progress(`outage observed (${writesIn(`outage-${cycle}`).length} writes); starting PostgreSQL`);
          await pg.start();
          progress('started');
          traffic.setPhase(`recovering-${cycle}`);
          await until(
            async () => {
              if (giveUp()) return true;
              const answers = await Promise.all(
                servers.map((s) =>
                  fetch(`${s.baseUrl}/api/health`)
                    .then((r) => r.status)
                    .catch(() => 0),
                ),
              );
              return answers.every((st) => st === 200);
            },
            { tries: 300, everyMs: 200 },
          );
          traffic.setPhase(`after-${cycle}`);
          progress('healthy again');
          await checkHealth(`after-${cycle}`);
          await until(() => giveUp() || writesIn(`after-${cycle}`).filter((x) => x.status === 200).length >= options.successesPerPhase, { tries: 600 });
        }
      } finally {
        progress('stopping traffic');
        await traffic.stop();
        progress(`traffic stopped: ${traffic.attempts.length} requests`);
        attempts.push(...traffic.attempts);
      }

      // The socket.io adapter re-establishes LISTEN by itself after the outage:
      // a verdict made through A reaches a client of B again.
      const reviewerOnA: Reviewer = { baseUrl: () => a.baseUrl, cookie: cookies[0]! };
      for (let i = 0; i < 15 && !adapterDelivered && !dead(); i++) {
        const claim = await db.claim.findUniqueOrThrow({ where: { id: claimIds[0]! } });
        const write = await writeVerdict(reviewerOnA, claim.id, claim.version, 'adapter-check');
        attempts.push(write);
        if (write.status !== 200) continue;
        const seq = await latestSeq();
        adapterDelivered = await until(() => inbox.changes.some((c) => c.event.seq === seq), { tries: 10 });
      }
    }, options.deadlineMs + 120_000);

    afterAll(async () => {
      watcher?.close();
      await Promise.all(servers.map((s) => s.stop()));
      await disconnectDb();
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
      await pg?.destroy();
    }, 60_000);

    it('keeps both app processes running through the outage (no crash, no restart)', () => {
      for (const s of servers) expect(s.alive(), `app process ${s.baseUrl} died:\n${s.output().slice(-3000)}`).toBe(true);
      expect(servers.map((s) => s.pid)).toEqual(pids);
      // Next.js logs (and survives) uncaught exceptions; any such line is a crash averted by luck.
      const bad = servers.flatMap((s) =>
        s
          .output()
          .split('\n')
          .filter((l) => /uncaught|unhandled error in route/i.test(l)),
      );
      expect(bad.map((l) => l.slice(0, 300))).toEqual([]);
    });

    it('answers every request: a result, a 409, or a clear 503 JSON; never a 500, never a hang', () => {
      const outcomes = attempts.map((a) => (a.failure ? `no response: ${a.failure}` : a.status));
      expect(new Set(outcomes.filter((o) => ![200, 409, 503].includes(o as number)))).toEqual(new Set());
      for (const a of attempts.filter((x) => x.status === 503)) {
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vitest types its asymmetric matchers as any
        expect(a.error).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/database is not reachable/i) });
      }
      for (let cycle = 1; cycle <= options.cycles; cycle++) {
        const during = attempts.filter((a) => a.phase === `outage-${cycle}` && a.kind === 'write');
        expect(
          during.some((a) => a.status === 503),
          `outage ${cycle} was observed by the traffic`,
        ).toBe(true);
      }
    });

    it('says so at sign-in during the outage, without naming the database server', () => {
      expect(outageLogins).toHaveLength(options.cycles);
      for (const l of outageLogins) {
        expect(l.ok).toBe(false);
        expect(l.error).toMatch(/database is not reachable/i);
        expect(l.error).not.toMatch(/127\.0\.0\.1|prisma|invocation/i);
      }
    });

    it('reports 503 from /api/health during the outage and 200 after, without a restart', () => {
      for (let cycle = 1; cycle <= options.cycles; cycle++) {
        const during = health.filter((h) => h.phase === `outage-${cycle}`);
        const after = health.filter((h) => h.phase === `after-${cycle}`);
        expect(during.map((h) => [h.status, h.body])).toEqual(servers.map(() => [503, { status: 'unavailable', database: 'down' }]));
        expect(after.map((h) => h.status)).toEqual(servers.map(() => 200));
        expect(attempts.filter((a) => a.phase === `after-${cycle}` && a.status === 200).length).toBeGreaterThanOrEqual(options.successesPerPhase);
      }
    });

    it('keeps the socket.io adapter working: live updates cross processes again afterwards', () => {
      expect(adapterDelivered).toBe(true);
    });

    it('loses no accepted verdict, writes none twice, leaves none half-written; the chain verifies', async () => {
      const ledger = await expectConsistentLedger(attempts, claimIds);
      expect(ledger.accepted).toBeGreaterThanOrEqual(options.successesPerPhase * 2 * options.cycles);
      // Requests cut off by the outage may or may not have committed; nothing else is in the trail.
      expect(ledger.verdictEvents).toBeGreaterThanOrEqual(ledger.accepted);
      expect(ledger.verdictEvents).toBeLessThanOrEqual(ledger.accepted + ledger.ambiguous);
    });
  });
}
