// The regrouping step of an import, on the desk: the article and every member
// of its candidates' stories (and of its own story, when a seed is imported
// again) are grouped again from their stored links (regroupNeighbourhood),
// editors' pins and apart pairs respected, and the result is written to
// claims.story_id, new stories created as needed. A neighbourhood larger than
// NEIGHBOURHOOD_LIMIT only places the article (placeArticle) and moves no one.
import 'server-only';
import type { Tx } from '../../db';
import type { StoryConfig } from '../config';
import { placeArticle } from '../group-articles';
import { regroupNeighbourhood } from '../regroup-neighbourhood';
import { COPY_SIMILARITY } from './copies';

/** About 140 ms of CPU at 200 articles (docs/STORIES.md); beyond it the article is only placed. */
export const NEIGHBOURHOOD_LIMIT = 200;
/** Above the limit, a story's mean link counts at least this many of its members (unscored ones as 0). */
const PLACE_MIN_SCORED = 3;

export type StoryChange = { claimId: string; from: string | null; to: string };

export type DeskRegrouping = {
  /** The article's story now, whether this import created it, and its best link into it (null: alone). */
  storyId: string;
  created: boolean;
  score: number | null;
  /** Every article whose story changed, the article itself included when it had none or moved. */
  changes: StoryChange[];
  /** The neighbourhood's stories, before and after: the ones whose suggestions are re-made. */
  stories: string[];
};

type Member = { id: string; story_id: string; story_pinned: boolean };

export async function regroupOnDesk(
  tx: Tx,
  options: { claimId: string; scores: ReadonlyArray<{ id: string; score: number }>; config: StoryConfig },
): Promise<DeskRegrouping> {
  const { claimId, config } = options;
  const self = await tx.claim.findUniqueOrThrow({ where: { id: claimId }, select: { storyId: true, storyPinned: true } });
  const candidateIds = options.scores.map((s) => s.id);
  const candidateStories = await tx.claim.findMany({ where: { id: { in: candidateIds }, storyId: { not: null } }, select: { id: true, storyId: true } });
  const regionStories = [...new Set([self.storyId, ...candidateStories.map((c) => c.storyId)].filter((s): s is string => s !== null))];
  const sizes = await tx.story.findMany({ where: { id: { in: regionStories } }, select: { id: true, size: true } });
  const regionSize = sizes.reduce((sum, s) => sum + s.size, 0);

  if (regionSize + 1 > NEIGHBOURHOOD_LIMIT) {
    const storyOf = new Map(candidateStories.flatMap((c) => (c.storyId ? [[c.id, c.storyId] as const] : [])));
    const scored = options.scores.flatMap((s) => {
      const storyId = storyOf.get(s.id);
      return storyId ? [{ articleId: s.id, storyId, score: s.score }] : [];
    });
    return placeOnly(tx, { claimId, self, scored, sizes: new Map(sizes.map((s) => [s.id, s.size])), config, regionStories });
  }

  const members = await tx.$queryRaw<Member[]>`
    SELECT id::text AS id, story_id::text AS story_id, story_pinned FROM claims
    WHERE story_id = ANY(${regionStories}::uuid[])
      AND NOT (near_duplicate_of_id IS NOT NULL AND near_duplicate_similarity >= ${COPY_SIMILARITY})`;
  const ids = [...new Set([claimId, ...members.map((m) => m.id)])];
  const pairs = await tx.$queryRaw<{ a: string; b: string; score: number }[]>`
    SELECT a::text AS a, b::text AS b, score FROM story_links WHERE a = ANY(${ids}::uuid[]) AND b = ANY(${ids}::uuid[])`;
  const apart = await tx.$queryRaw<{ a: string; b: string }[]>`
    SELECT a::text AS a, b::text AS b FROM story_apart WHERE a = ANY(${ids}::uuid[]) AND b = ANY(${ids}::uuid[])`;
  const storyOf = new Map(members.map((m) => [m.id, m.story_id]));
  const pinned = new Set(members.filter((m) => m.story_pinned).map((m) => m.id));

  const result = regroupNeighbourhood({ articleIds: ids, pairs, storyOf, pinned, apart: apart.map((p) => [p.a, p.b] as const), config });
  const created = new Map<number, string>();
  const target = async (storyId: string | null, group: number) => {
    if (storyId) return storyId;
    const existing = created.get(group);
    if (existing) return existing;
    const story = await tx.story.create({ data: { title: '' }, select: { id: true } });
    created.set(group, story.id);
    return story.id;
  };
  const changes: StoryChange[] = [];
  for (const a of result.assignments) {
    const to = await target(a.storyId, a.group);
    const from = storyOf.get(a.articleId) ?? null;
    if (from !== to) changes.push({ claimId: a.articleId, from, to });
  }
  changes.push(...(await applyChanges(tx, changes)));

  const mine = result.assignments.find((a) => a.articleId === claimId);
  const storyId = changes.find((c) => c.claimId === claimId)?.to ?? self.storyId;
  if (!mine || !storyId) throw new Error(`regrouping left article ${claimId} without a story`);
  const mates = new Set(result.assignments.filter((a) => a.group === mine.group && a.articleId !== claimId).map((a) => a.articleId));
  const best = pairs.filter((p) => (p.a === claimId && mates.has(p.b)) || (p.b === claimId && mates.has(p.a))).map((p) => p.score);
  return {
    storyId,
    created: [...created.values()].includes(storyId),
    score: best.length > 0 ? Math.max(...best) : null,
    changes,
    stories: [...new Set([...regionStories, ...changes.map((c) => c.to)])],
  };
}

/** A neighbourhood too large to regroup: the article joins the best story at or above the join threshold, or one of its own. */
async function placeOnly(
  tx: Tx,
  options: {
    claimId: string;
    self: { storyId: string | null; storyPinned: boolean };
    scored: Array<{ articleId: string; storyId: string; score: number }>;
    sizes: Map<string, number>;
    config: StoryConfig;
    regionStories: string[];
  },
): Promise<DeskRegrouping> {
  const { claimId, self, scored, config } = options;
  const best = (storyId: string) => {
    const scores = scored.filter((s) => s.storyId === storyId).map((s) => s.score);
    return scores.length > 0 ? Math.max(...scores) : null;
  };
  if (self.storyPinned && self.storyId) {
    return { storyId: self.storyId, created: false, score: best(self.storyId), changes: [], stories: options.regionStories };
  }
  const apart = await tx.$queryRaw<{ story_id: string }[]>`
    SELECT DISTINCT c.story_id::text AS story_id FROM story_apart p
    JOIN claims c ON c.id = CASE WHEN p.a = ${claimId}::uuid THEN p.b ELSE p.a END
    WHERE (p.a = ${claimId}::uuid OR p.b = ${claimId}::uuid) AND c.story_id IS NOT NULL`;
  // Its own story counts without it, as it would be left. A story's mean is
  // taken over the members among the candidates (at least PLACE_MIN_SCORED of
  // them, when it has that many): the index returns only the article's 50
  // closest, so in a story of hundreds the members it did not return are
  // unscored, not unrelated, and counting them 0 would let no new report join
  // a big story.
  const sizes = new Map(options.sizes);
  if (self.storyId) sizes.set(self.storyId, Math.max(1, (sizes.get(self.storyId) ?? 1) - 1));
  const scoredIn = (storyId: string) => scored.filter((s) => s.storyId === storyId && s.articleId !== claimId).length;
  for (const [storyId, size] of sizes) sizes.set(storyId, Math.min(size, Math.max(scoredIn(storyId), PLACE_MIN_SCORED)));
  const placement = placeArticle(scored, sizes, { config, excluded: new Set(apart.map((a) => a.story_id)) });
  let storyId = placement.join?.storyId ?? self.storyId;
  let created = false;
  if (!storyId) {
    storyId = (await tx.story.create({ data: { title: '' }, select: { id: true } })).id;
    created = true;
  }
  const changes: StoryChange[] = storyId === self.storyId ? [] : [{ claimId, from: self.storyId, to: storyId }];
  changes.push(...(await applyChanges(tx, changes)));
  return { storyId, created, score: best(storyId), changes, stories: [...new Set([...options.regionStories, storyId])] };
}

/**
 * claims.story_id only: a change of story is not a change of the claim (its
 * version and updated_at stay). The confirmed near-duplicates of a moved
 * article (and theirs) follow it, unless an editor placed them: they are
 * copies of it, never regrouped on their own. Returns the followers' changes.
 */
export async function applyChanges(tx: Tx, changes: readonly StoryChange[]): Promise<StoryChange[]> {
  const byTarget = new Map<string, string[]>();
  for (const c of changes) byTarget.set(c.to, [...(byTarget.get(c.to) ?? []), c.claimId]);
  for (const [to, ids] of byTarget) await tx.$executeRaw`UPDATE claims SET story_id = ${to}::uuid WHERE id = ANY(${ids}::uuid[])`;
  if (changes.length === 0) return [];
  const followers = await tx.$queryRaw<{ id: string; from: string | null; to: string }[]>`
    WITH RECURSIVE moved(id, story) AS (
      SELECT * FROM unnest(${changes.map((c) => c.claimId)}::uuid[], ${changes.map((c) => c.to)}::uuid[])
      UNION
      SELECT c.id, m.story FROM claims c JOIN moved m ON c.near_duplicate_of_id = m.id
      WHERE NOT c.story_pinned AND c.near_duplicate_similarity >= ${COPY_SIMILARITY}
    ),
    old AS (
      SELECT c.id, c.story_id FROM claims c JOIN moved m ON m.id = c.id
      WHERE c.near_duplicate_of_id IS NOT NULL AND c.story_id IS DISTINCT FROM m.story AND NOT (c.id = ANY(${changes.map((c) => c.claimId)}::uuid[]))
    )
    UPDATE claims c SET story_id = m.story FROM moved m, old o
    WHERE c.id = m.id AND o.id = c.id
    RETURNING c.id::text AS id, o.story_id::text AS "from", m.story::text AS "to"`;
  return followers.map((f) => ({ claimId: f.id, from: f.from, to: f.to }));
}
