// App crash: two app processes on one database, live clients on one of them,
// verdict traffic sent to the other. The clients' process is killed with
// SIGKILL; they fail over to the survivor and catch up from the audit log.
// With rounds > 1 the dead process is restarted and the next round kills the
// other one. Shared by the CI test and the soak test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, disconnectDb } from '../../../lib/db';
import { latestSeq } from '../../../lib/history/replay-changes';
import { DEMO_PASSWORD } from '../../../seeds/demo-users';
import { seedArticles, seedDemoUsers } from '../../../seeds/run-seed';
import { type AppServer, login, startAppServer } from '../app-server';
import { connectFailover, type FailoverClient } from '../failover-client';
import { portFor } from '../ports';
import { expectConsistentLedger } from './ledger';
import { type Attempt, progress, type Reviewer, startTraffic, until } from './traffic';

export function describeAppCrash(options: { title: string; rounds: number; successesPerRound: number; deadlineMs: number }) {
  describe(options.title, () => {
    const servers: AppServer[] = [];
    const killed: AppServer[] = [];
    let clients: FailoverClient[] = [];
    let attempts: Attempt[] = [];
    let claimIds: string[] = [];
    let since = 0;
    let latest = 0;
    let ports: number[] = [];

    beforeAll(async () => {
      await seedArticles();
      await seedDemoUsers();
      claimIds = (await db.claim.findMany({ orderBy: { sourceKey: 'asc' }, select: { id: true } })).map((c) => c.id);
      ports = [await portFor('app'), await portFor('app')];
      const env = { DATABASE_URL: process.env.DATABASE_URL! };
      servers.push(...(await Promise.all(ports.map((port) => startAppServer(env, { port })))));
      progress(`app servers ${servers.map((s) => s.baseUrl).join(', ')}`);
      const cookies = await Promise.all(
        ['viewer', 'reviewer', 'reviewer2'].map(async (who) => {
          const session = await login(servers[0]!.baseUrl, `${who}@factdesk.test`, DEMO_PASSWORD);
          if (!session.ok) throw new Error(`could not sign in as ${who}: ${session.error}`);
          return session.cookie;
        }),
      );

      // The clients know both addresses (in production: one load-balanced URL)
      // and start on the first process.
      since = await latestSeq();
      const urls = servers.map((s) => s.baseUrl);
      clients = cookies.map((cookie) => connectFailover({ urls, cookie, since }));
      await until(() => clients.every((c) => c.connected()), { tries: 100 });

      let target = 1; // the process the traffic goes to; the clients sit on the other
      const reviewers: Reviewer[] = [1, 2].map((i) => ({ baseUrl: () => servers[target]!.baseUrl, cookie: cookies[i]! }));
      const traffic = startTraffic({ reviewers, claimIds, maxRoundsPerReviewer: 5000, deadlineMs: options.deadlineMs, pauseMs: 20 });
      const acceptedIn = (phase: string) => traffic.attempts.filter((a) => a.kind === 'write' && a.phase === phase && a.status === 200).length;
      const stuck = () => !traffic.running() || !servers[target]!.alive();
      try {
        for (let round = 1; round <= options.rounds; round++) {
          const victim = 1 - target;
          traffic.setPhase(`round-${round}-before`);
          await until(() => stuck() || acceptedIn(`round-${round}-before`) >= options.successesPerRound, { tries: 600 });
          progress(`round ${round}: ${traffic.accepted()} accepted; kill -9 ${servers[victim]!.baseUrl}`);
          await servers[victim]!.kill();
          killed.push(servers[victim]!);
          traffic.setPhase(`round-${round}-after`);
          const survivor = servers[target]!.baseUrl;
          await until(() => stuck() || clients.every((c) => c.connected() && c.url() === survivor), { tries: 300 });
          progress(`clients on ${survivor}`);
          await until(() => stuck() || acceptedIn(`round-${round}-after`) >= options.successesPerRound, { tries: 600 });
          if (round < options.rounds) {
            // Bring the dead one back on its address; the next round kills the other.
            servers[victim] = await startAppServer(env, { port: ports[victim]! });
            progress(`restarted ${servers[victim].baseUrl}`);
            target = victim;
          }
        }
      } finally {
        await traffic.stop();
        attempts = traffic.attempts;
      }
      latest = await latestSeq();
      await until(() => clients.every((c) => c.lastSeq() >= latest), { tries: 300 });
      progress(`traffic stopped: ${attempts.length} requests; latest seq ${latest}`);
    }, options.deadlineMs + 180_000);

    afterAll(async () => {
      for (const c of clients) c.close();
      await Promise.all(servers.map((s) => s.stop()));
      await disconnectDb();
    }, 60_000);

    it("killed the clients' process with SIGKILL each round; the process taking traffic stayed up", () => {
      expect(killed).toHaveLength(options.rounds);
      for (const k of killed) expect(k.alive()).toBe(false);
      expect(servers.filter((s) => s.alive()).length).toBeGreaterThanOrEqual(1);
      // The traffic only ever went to the live process: every request got an answer.
      const odd = attempts.filter((a) => a.status !== 200 && a.status !== 409);
      expect(odd.map((a) => `${a.kind} ${a.failure ?? a.status}`)).toEqual([]);
    });

    it('every client failed over to the surviving process', () => {
      for (const c of clients) {
        expect(c.connects.length).toBeGreaterThanOrEqual(options.rounds + 1);
        expect(new Set(c.connects).size).toBe(2);
      }
    });

    it('every client applied every change exactly once, in sequence order, nothing lost', async () => {
      const expected = Array.from({ length: latest - since }, (_, i) => since + 1 + i);
      const accepted = attempts.filter((a) => a.kind === 'write' && a.status === 200);
      expect(accepted.length).toBeGreaterThanOrEqual(options.successesPerRound * 2 * options.rounds);
      const events = await db.auditEvent.findMany({ where: { seq: { gt: BigInt(since) } }, orderBy: { seq: 'asc' } });
      const seqOf = new Map(events.map((e) => [e.requestId, Number(e.seq)]));
      for (const c of clients) {
        expect(c.applied.map((x) => x.event.seq)).toEqual(expected);
        const reasons = new Map(c.applied.map((x) => [x.event.seq, x.event.reason]));
        for (const a of accepted) expect(reasons.get(seqOf.get(a.requestId)!)).toBe(a.reason);
      }
    });

    it('the database agrees with what the reviewers were told; the chain verifies', async () => {
      await expectConsistentLedger(attempts, claimIds);
    });
  });
}
