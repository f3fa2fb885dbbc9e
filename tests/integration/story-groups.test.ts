// The claims list grouped by story (lib/stories/desk/list-story-groups.ts)
// shows exactly what the ungrouped list shows, under every filter: each story
// where its first claim in the list is, its matching claims in list order,
// and the pages walk every story once, also when claims share one updatedAt.
// Its SQL filters (lib/stories/desk/claim-filters-sql.ts) are checked against the
// list's own here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/auth/permissions';
import { toActor } from '../../lib/auth/to-actor';
import { importArticle } from '../../lib/claims/import-article';
import { listClaims } from '../../lib/claims/list-claims';
import { setVerdict } from '../../lib/claims/set-verdict';
import { db, disconnectDb } from '../../lib/db';
import { GROUP_CLAIMS_SHOWN, listStoryGroups, type StoryGroup } from '../../lib/stories/desk/list-story-groups';
import { type ListClaimsQuery, listClaimsQuerySchema } from '../../lib/validation/claims';
import { seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { loadStorySet } from '../fixtures/stories/labelled-set';

let reviewer: Actor;

beforeAll(async () => {
  await seedArticles();
  await seedDemoUsers();
  reviewer = toActor(await db.user.findUniqueOrThrow({ where: { email: 'reviewer@factdesk.test' } }));
  const stories = new Set(['blackout', 'guaido-return', 'brexit-vote', 'notre-dame', 'defections']);
  for (const a of loadStorySet().articles.filter((x) => stories.has(x.story) && !x.path.startsWith('seeds/'))) {
    await importArticle({ actor: null, source: 'api', content: { text: a.text } });
  }
  // Some verdicts and assignments, so that the filters split stories.
  const claims = await db.claim.findMany({ orderBy: { id: 'asc' }, select: { id: true } });
  for (const [i, c] of claims.entries()) {
    if (i % 3 === 0) {
      const status = i % 2 === 0 ? 'verified' : 'outdated';
      await setVerdict({
        actor: reviewer,
        claimId: c.id,
        verdict: { status, reason: 'Checked.', evidence: [], expectedVersion: 1, reReviewAt: status === 'outdated' ? '2020-01-01' : null },
      });
    }
    if (i % 4 === 0) await db.claim.update({ where: { id: c.id }, data: { assigneeId: reviewer.id } });
  }
}, 180_000);
afterAll(disconnectDb);

/** Every claim of the ungrouped list, in order. */
async function ungrouped(query: Partial<ListClaimsQuery>) {
  const all = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listClaims({ actor: reviewer, query: listClaimsQuerySchema.parse({ ...query, limit: 100, cursor }) });
    all.push(...page.claims);
    if (!page.nextCursor) return all;
    cursor = page.nextCursor;
  }
}

/** Every group of the grouped list, `limit` stories a page. */
async function grouped(query: Partial<ListClaimsQuery>, limit: number): Promise<StoryGroup[]> {
  const all: StoryGroup[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const page = await listStoryGroups({ actor: reviewer, query: listClaimsQuerySchema.parse({ ...query, limit, cursor }) });
    all.push(...page.groups);
    if (!page.nextCursor) return all;
    cursor = page.nextCursor;
  }
  throw new Error('the grouped list never ended');
}

/** What the grouped list must be: the ungrouped list's claims by story, stories in the order of their first claim. */
async function expectSameAsList(query: Partial<ListClaimsQuery>) {
  const list = (await ungrouped(query)).filter((c) => c.storyId !== null);
  const byStory = new Map<string, string[]>();
  for (const c of list) byStory.set(c.storyId!, [...(byStory.get(c.storyId!) ?? []), c.id]);
  const expected = [...byStory].map(([storyId, ids]) => ({ storyId, matching: ids.length, shown: ids.slice(0, GROUP_CLAIMS_SHOWN) }));
  for (const limit of [1, 2, 100]) {
    const groups = await grouped(query, limit);
    const what = `${JSON.stringify(query)} by ${limit}`;
    expect(
      groups.map((g) => ({ storyId: g.story.id, matching: g.matching, shown: g.claims.map((c) => c.id) })),
      what,
    ).toEqual(expected);
    for (const g of groups)
      expect(
        g.claims.every((c) => c.storyId === g.story.id),
        what,
      ).toBe(true);
  }
  return expected;
}

const QUERIES: Array<Partial<ListClaimsQuery>> = [
  {},
  { status: 'unreviewed' },
  { status: 'verified' },
  { due: '1' },
  { lang: 'en' },
  { lang: 'ar', status: 'unreviewed' },
  { assigned: 'me' },
  { assigned: 'none', status: 'outdated' },
  { q: 'venezuela' },
  { q: 'CARACAS  maduro' },
  { q: 'Notre-Dame' },
  { q: '%' },
  { q: 'nothing-matches-this' },
];

describe('the claims list grouped by story', () => {
  it('shows what the ungrouped list shows, by story, for every filter', async () => {
    const all = await expectSameAsList({});
    // The desk really has several stories, some larger than a group shows.
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all.filter((g) => g.matching > 1).length).toBeGreaterThanOrEqual(5);
    for (const query of QUERIES) await expectSameAsList(query);
  });

  it('counts every matching claim while it shows the first few', async () => {
    // One big story: every article of the two largest joins the first, as an editor merge would do.
    const [big, second] = (await expectSameAsList({})).sort((x, y) => y.matching - x.matching);
    await db.claim.updateMany({ where: { storyId: second!.storyId }, data: { storyId: big!.storyId } });
    const groups = await expectSameAsList({});
    const merged = groups.find((g) => g.storyId === big!.storyId)!;
    expect(merged.matching).toBe(big!.matching + second!.matching);
    expect(merged.matching).toBeGreaterThan(GROUP_CLAIMS_SHOWN);
    expect(merged.shown).toHaveLength(GROUP_CLAIMS_SHOWN);
  });

  it('keeps the order and walks every story once when claims share one updatedAt', async () => {
    await db.claim.updateMany({ data: { updatedAt: new Date('2026-06-01T12:00:00.000Z') } });
    for (const query of QUERIES) await expectSameAsList(query);
  });

  it('refuses a cursor it did not make', async () => {
    await expect(listStoryGroups({ actor: reviewer, query: { ...listClaimsQuerySchema.parse({}), cursor: 'bm90LWEtY3Vyc29y' } })).rejects.toThrow(/^cursor: /);
  });
});
