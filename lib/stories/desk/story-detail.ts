// Builds StoryDetail (lib/validation/stories.ts): a story's articles, the
// "why" summed over the stored links among them, its pending suggestions with
// the article pairs behind each (turned to read from this story), and the
// thresholds in force. Read inside a transaction by the decisions (their
// answer and their 409) and outside one by getStory.
import 'server-only';
import type { Tx } from '../../db';
import { textDirection } from '../../utils/text-direction';
import { z } from '../../validation/zod';
import type { StoryArticleDto, StoryDetail, StorySuggestionDto } from '../../validation/stories';
import { describeStory } from '../describe-story';
import { toSharedDto, toStoryEvidenceDto } from './shared-dto';
import { storyConfig } from './story-config';
import { loadStorySummaries } from './story-dto';
import { parseStoredShared, type StoredLinkRow, toPairScore } from './stored-link';

/** Articles listed; `size` says how many there are in all. */
export const DETAIL_ARTICLES = 1000;
/** Links summed into the "why": the strongest, as for the derived title (refresh-stories.ts). */
const EVIDENCE_LINKS = 300;
/** Links read (scores only) to find each article's strongest link. */
const SCORE_LINKS = 20_000;
const SUGGESTIONS = 20;
const PAIRS_PER_SUGGESTION = 5;

// story_suggestions.pairs as grouping stores it: a in story A, surfaces [a, b].
const storedPairsSchema = z.array(z.object({ a: z.string(), b: z.string(), score: z.number(), shared: z.unknown() }));

/** The story as it is now, or null when there is no such row (merged stories are returned: the caller decides). */
export async function loadStoryDetail(tx: Tx, id: string): Promise<StoryDetail | null> {
  const [summary] = await loadStorySummaries(tx, [id]);
  if (!summary) return null;
  const { joinThreshold, suggestThreshold } = storyConfig();
  const [articles, evidence, suggestions] = await Promise.all([storyArticles(tx, id), storyEvidence(tx, id, suggestThreshold), storySuggestions(tx, id)]);
  return { ...summary, articles, evidence, suggestions, thresholds: { join: joinThreshold, suggest: suggestThreshold } };
}

async function storyArticles(tx: Tx, id: string): Promise<StoryArticleDto[]> {
  const rows = await tx.claim.findMany({
    where: { storyId: id },
    select: { id: true, title: true, language: true, outlet: true, publishedAt: true, status: true, version: true, storyPinned: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: DETAIL_ARTICLES,
  });
  const best = await bestLinks(tx, id);
  return rows.map((c) => ({
    claimId: c.id,
    title: c.title,
    language: c.language,
    direction: textDirection(c.language),
    outlet: c.outlet,
    publishedAt: c.publishedAt?.toISOString() ?? null,
    status: c.status,
    version: c.version,
    pinned: c.storyPinned,
    bestLink: best.get(c.id) ?? null,
  }));
}

/** Each member's strongest stored link to another member. */
async function bestLinks(tx: Tx, id: string): Promise<Map<string, { claimId: string; score: number }>> {
  const links = await tx.$queryRaw<Array<{ a: string; b: string; score: number }>>`
    SELECT k.a::text AS a, k.b::text AS b, k.score FROM claims ca
    JOIN story_links k ON k.a = ca.id
    JOIN claims cb ON cb.id = k.b AND cb.story_id = ${id}::uuid
    WHERE ca.story_id = ${id}::uuid
    ORDER BY k.score DESC, k.a, k.b LIMIT ${SCORE_LINKS}`;
  const best = new Map<string, { claimId: string; score: number }>();
  for (const { a, b, score } of links) {
    if (!best.has(a)) best.set(a, { claimId: b, score });
    if (!best.has(b)) best.set(b, { claimId: a, score });
  }
  return best;
}

async function storyEvidence(tx: Tx, id: string, suggestThreshold: number) {
  const rows = await tx.$queryRaw<StoredLinkRow[]>`
    SELECT k.a::text AS a, k.b::text AS b, k.score, k.shared FROM claims ca
    JOIN story_links k ON k.a = ca.id
    JOIN claims cb ON cb.id = k.b AND cb.story_id = ${id}::uuid
    WHERE ca.story_id = ${id}::uuid AND k.score >= ${suggestThreshold}
    ORDER BY k.score DESC, k.a, k.b LIMIT ${EVIDENCE_LINKS}`;
  return toStoryEvidenceDto(describeStory(rows.map(toPairScore)).evidence);
}

async function storySuggestions(tx: Tx, id: string): Promise<StorySuggestionDto[]> {
  const rows = await tx.storySuggestion.findMany({
    where: { status: 'pending', OR: [{ storyAId: id }, { storyBId: id }] },
    orderBy: [{ score: 'desc' }, { id: 'asc' }],
    take: SUGGESTIONS,
  });
  const others = new Map(
    (
      await loadStorySummaries(
        tx,
        rows.map((r) => (r.storyAId === id ? r.storyBId : r.storyAId)),
      )
    ).map((s) => [s.id, s]),
  );
  return rows.flatMap((row) => {
    const here = row.storyAId === id ? 'a' : 'b';
    const other = others.get(here === 'a' ? row.storyBId : row.storyAId);
    if (!other) return [];
    const parsed = storedPairsSchema.safeParse(row.pairs);
    const pairs = (parsed.success ? parsed.data : []).slice(0, PAIRS_PER_SUGGESTION).map((p) => ({
      claimId: here === 'a' ? p.a : p.b,
      otherClaimId: here === 'a' ? p.b : p.a,
      score: p.score,
      shared: toSharedDto(parseStoredShared(p.shared), here === 'b'),
    }));
    const { id: otherId, title, size, version, languages } = other;
    return [{ id: row.id, otherStory: { id: otherId, title, size, version, languages }, score: row.score, pairs }];
  });
}
