// The claims list grouped by story ("Group by story" on the list page): the
// same filters and the same order as the ungrouped list, each story placed
// where its newest matching article would be, with its matching articles
// (the first few shown, all counted). A story without a matching article is
// left out, and so are articles not grouped yet.
//
// Bounded on any desk: the page walks matching claims in the list's index
// order and keeps a claim only when it is its story's newest match (an
// anti-join on claims(story_id, updated_at, id)), so it reads about as many
// claims as the stories it shows hold, never the whole desk. EXPLAIN ANALYZE
// at 100,000 claims in 40,000 stories: 0.5 ms for a page of 25 unfiltered or
// by status or language, 7 ms for a search word in 100 claims (trigram
// index), 57 ms when the page holds one story of 10,000 articles.
import 'server-only';
import type { Actor } from '../../auth/permissions';
import { claimFiltersSql } from './claim-filters-sql';
import { CLAIM_SUMMARY_SELECT, toClaimSummary } from '../../dto/claim-summary';
import { db } from '../../db';
import { fieldError } from '../../errors';
import { Prisma } from '../../generated/prisma/client';
import { CURSOR_MESSAGE, decodeClaimCursor, encodeClaimCursor } from '../../validation/claim-cursor';
import type { ClaimSummary, ListClaimsQuery } from '../../validation/claims';
import type { StorySummary } from '../../validation/stories';
import { loadStorySummaries } from './story-dto';

/** Matching articles shown per story; `matching` counts them all. */
export const GROUP_CLAIMS_SHOWN = 10;

export type StoryGroup = { story: StorySummary; claims: ClaimSummary[]; matching: number };
export type StoryGroupPage = { groups: StoryGroup[]; nextCursor: string | null };

/** `query` has been parsed with listClaimsQuerySchema; `limit` counts stories, and the cursor is a nextCursor of this function. */
export async function listStoryGroups(options: { actor: Actor; query: ListClaimsQuery }): Promise<StoryGroupPage> {
  const { actor, query } = options;
  const cursor = query.cursor ? decodeClaimCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw fieldError('cursor', CURSOR_MESSAGE);
  const beyond = cursor
    ? Prisma.sql`AND c.updated_at <= ${cursor.updatedAt} AND (c.updated_at < ${cursor.updatedAt} OR c.id < ${cursor.id}::uuid)`
    : Prisma.empty;
  // One row per story: its newest matching claim, in the list order.
  const heads = await db.$queryRaw<Array<{ id: string; story_id: string; updated_at: Date }>>`
    SELECT c.id::text AS id, c.story_id::text AS story_id, c.updated_at FROM claims c
    WHERE c.story_id IS NOT NULL AND ${claimFiltersSql(actor, query, 'c')} ${beyond}
      AND NOT EXISTS (
        SELECT 1 FROM claims d
        WHERE d.story_id = c.story_id AND d.updated_at >= c.updated_at AND (d.updated_at > c.updated_at OR d.id > c.id)
          AND ${claimFiltersSql(actor, query, 'd')})
    ORDER BY c.updated_at DESC, c.id DESC
    LIMIT ${query.limit + 1}`;
  const page = heads.slice(0, query.limit);
  const storyIds = page.map((h) => h.story_id);
  const [members, stories] = await Promise.all([matchingMembers(actor, query, storyIds), loadStorySummaries(db, storyIds)]);
  const byId = new Map(stories.map((s) => [s.id, s]));
  const last = page.at(-1);
  return {
    groups: page.flatMap((h) => {
      const story = byId.get(h.story_id);
      const m = members.get(h.story_id);
      return story && m ? [{ story, claims: m.claims, matching: m.matching }] : [];
    }),
    nextCursor: heads.length > query.limit && last ? encodeClaimCursor({ id: last.id, updatedAt: last.updated_at }) : null,
  };
}

/** Each story's matching claims: the first GROUP_CLAIMS_SHOWN in list order, and how many there are. */
async function matchingMembers(actor: Actor, query: ListClaimsQuery, storyIds: string[]): Promise<Map<string, { claims: ClaimSummary[]; matching: number }>> {
  if (storyIds.length === 0) return new Map();
  const rows = await db.$queryRaw<Array<{ story_id: string; matching: number; ids: string[] }>>`
    SELECT s.id::text AS story_id, n.matching, m.ids
    FROM unnest(${storyIds}::uuid[]) AS s(id)
    CROSS JOIN LATERAL (SELECT count(*)::int AS matching FROM claims d WHERE d.story_id = s.id AND ${claimFiltersSql(actor, query, 'd')}) AS n
    CROSS JOIN LATERAL (
      SELECT coalesce(array_agg(x.id::text ORDER BY x.updated_at DESC, x.id DESC), '{}') AS ids FROM (
        SELECT d.id, d.updated_at FROM claims d WHERE d.story_id = s.id AND ${claimFiltersSql(actor, query, 'd')}
        ORDER BY d.updated_at DESC, d.id DESC LIMIT ${GROUP_CLAIMS_SHOWN}) AS x) AS m`;
  const claims = await db.claim.findMany({ where: { id: { in: rows.flatMap((r) => r.ids) } }, select: CLAIM_SUMMARY_SELECT });
  const byId = new Map(claims.map((c) => [c.id, toClaimSummary(c)]));
  return new Map(rows.map((r) => [r.story_id, { matching: r.matching, claims: r.ids.flatMap((id) => byId.get(id) ?? []) }]));
}
