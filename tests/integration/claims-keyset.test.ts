// The list's pages and a claim's j/k neighbours walk the same order, also when
// several claims share one updatedAt (the id breaks the tie): both go through
// lib/claims/keyset.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/auth/permissions';
import { toActor } from '../../lib/auth/to-actor';
import { claimNeighbours } from '../../lib/claims/claim-neighbours';
import { listClaims } from '../../lib/claims/list-claims';
import { db, disconnectDb } from '../../lib/db';
import { listClaimsQuerySchema, type ListClaimsQuery } from '../../lib/validation/claims';
import { seedArticles, seedDemoUsers } from '../../seeds/run-seed';

let actor: Actor;

beforeAll(async () => {
  await seedArticles();
  await seedDemoUsers();
  actor = toActor(await db.user.findUniqueOrThrow({ where: { email: 'reviewer@factdesk.test' } }));
}, 90_000);

afterAll(disconnectDb);

/** Every claim of the list, one page of `limit` at a time. */
async function walkList(query: Partial<ListClaimsQuery>, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const page = await listClaims({ actor, query: listClaimsQuerySchema.parse({ ...query, limit, cursor }) });
    ids.push(...page.claims.map((c) => c.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error('the list never ended');
}

async function expectNeighboursMatch(order: string[], query: Partial<ListClaimsQuery>) {
  const parsed = listClaimsQuerySchema.parse(query);
  for (const [i, id] of order.entries()) {
    expect(await claimNeighbours({ actor, claimId: id, query: parsed }), `claim #${i}`).toEqual({
      previous: order[i - 1] ?? null,
      next: order[i + 1] ?? null,
    });
  }
}

describe('keyset order shared by the list and the neighbours', () => {
  it('agrees when every claim has the same updatedAt', async () => {
    await db.claim.updateMany({ data: { updatedAt: new Date('2026-06-01T12:00:00.000Z') } });
    const all = await db.claim.findMany({ select: { id: true } });
    const order = await walkList({}, 1);
    // No claim repeated or skipped, and ties ordered by id, newest-first style.
    expect(order).toEqual(
      all
        .map((c) => c.id)
        .sort()
        .reverse(),
    );
    expect(await walkList({}, 2)).toEqual(order);
    await expectNeighboursMatch(order, {});
  });

  it('agrees when some claims tie and others do not, with a filter that sets its own AND', async () => {
    const all = await db.claim.findMany({ select: { id: true }, orderBy: { sourceKey: 'asc' } });
    const stamps = ['2026-06-02T00:00:00.000Z', '2026-06-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z'];
    for (const [i, c] of all.entries()) await db.claim.update({ where: { id: c.id }, data: { updatedAt: new Date(stamps[i % stamps.length]!) } });
    const order = await walkList({}, 2);
    expect(new Set(order).size).toBe(all.length);
    await expectNeighboursMatch(order, {});
    // A search (claimFilters' AND of words) combined with the page bound.
    const searched = await walkList({ q: 'the' }, 1);
    expect(searched.length).toBeGreaterThan(1);
    expect(searched).toEqual(order.filter((id) => searched.includes(id)));
    await expectNeighboursMatch(searched, { q: 'the' });
  });
});
