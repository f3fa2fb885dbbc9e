// Contention: many reviewers (own accounts, own sessions) on two app processes
// hammer a few claims with read-version-then-write loops for a while. Optimistic
// locking must accept exactly one write per version and refuse the rest
// cleanly. Shared by the CI test and the soak test.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, disconnectDb } from '../../../lib/db';
import { createUser } from '../../../lib/users/create-user';
import { seedArticles } from '../../../seeds/run-seed';
import { type AppServer, login, startAppServer } from '../app-server';
import { portFor } from '../ports';
import { expectConsistentLedger, type LedgerSummary } from './ledger';
import { type Attempt, progress, type Reviewer, startTraffic } from './traffic';

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map((x, j) => fn(x, i + j)))));
  return out;
}

export function describeContention(options: { title: string; reviewers: number; claims: number; durationMs: number }) {
  describe(options.title, () => {
    let servers: AppServer[] = [];
    let attempts: Attempt[] = [];
    let claimIds: string[] = [];

    beforeAll(async () => {
      await seedArticles();
      claimIds = (await db.claim.findMany({ orderBy: { sourceKey: 'asc' }, select: { id: true }, take: options.claims })).map((c) => c.id);
      const ports = [await portFor('app'), await portFor('app')];
      const starting = Promise.all(ports.map((port) => startAppServer({ DATABASE_URL: process.env.DATABASE_URL! }, { port })));
      // Real accounts through the app's own user creation (argon2id, audited).
      const password = randomBytes(12).toString('base64url');
      const emails = await inBatches(
        Array.from({ length: options.reviewers }, (_, i) => i),
        4,
        async (i) => {
          const email = `load-${i}@factdesk.test`;
          await createUser({ actor: null, user: { email, displayName: `Load Reviewer ${i}`, role: 'reviewer', password } });
          return email;
        },
      );
      servers = await starting;
      progress(`app servers ${servers.map((s) => s.baseUrl).join(', ')}; ${emails.length} reviewers created`);
      // Each reviewer signs in on, and then works through, one of the two processes.
      const reviewers = await inBatches(emails, 5, async (email, i): Promise<Reviewer> => {
        const server = servers[i % servers.length]!;
        const session = await login(server.baseUrl, email, password);
        if (!session.ok) throw new Error(`could not sign in as ${email}: ${session.error}`);
        return { baseUrl: () => server.baseUrl, cookie: session.cookie };
      });
      progress('signed in; hammering');
      const traffic = startTraffic({ reviewers, claimIds, maxRoundsPerReviewer: 100_000, deadlineMs: options.durationMs });
      await traffic.finished();
      attempts = traffic.attempts;
      progress(`${attempts.length} requests, ${traffic.accepted()} accepted`);
    }, options.durationMs + 180_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await disconnectDb();
    }, 60_000);

    it('answers every read with 200 and every write with 200 or 409', () => {
      const odd = attempts.filter((a) => !(a.status === 200 || (a.kind === 'write' && a.status === 409)));
      expect(odd.map((a) => `${a.kind} ${a.failure ?? a.status} ${a.error?.message ?? ''}`)).toEqual([]);
    });

    it('really contended: every claim took verdicts, and many were refused', () => {
      const writes = attempts.filter((a) => a.kind === 'write');
      for (const id of claimIds) expect(writes.some((a) => a.claimId === id && a.status === 200)).toBe(true);
      expect(writes.filter((a) => a.status === 409).length).toBeGreaterThan(0);
    });

    it('a 409 tells the reviewer the newer version it lost to', () => {
      for (const a of attempts.filter((x) => x.status === 409)) {
        expect(a.error?.code).toBe('conflict');
        expect(a.version).toBeGreaterThan(a.expectedVersion!);
      }
    });

    it("loses no update: each claim's version is 1 + its accepted verdicts, one audit event each, chain verifies", async () => {
      const ledger: LedgerSummary = await expectConsistentLedger(attempts, claimIds);
      expect(ledger.verdictEvents).toBe(ledger.accepted);
      for (const id of claimIds) {
        const accepted = attempts.filter((a) => a.kind === 'write' && a.claimId === id && a.status === 200);
        const claim = await db.claim.findUniqueOrThrow({ where: { id } });
        expect(claim.version).toBe(1 + accepted.length);
        // The accepted writes were told versions 2, 3, … final: one per version, none skipped.
        expect(accepted.map((a) => a.version).sort((x, y) => x! - y!)).toEqual(Array.from({ length: accepted.length }, (_, i) => i + 2));
      }
    });
  });
}
