// Keeps the stories' own columns in step with their members after any change
// of membership (grouping on import, editor decisions, verdicts): size,
// decided, the derived title and the version. The derived title names the
// story's event and stays while that event (kind and place) does
// (story-title.ts keptTitle); an editor's title is custom_title, never touched here. A story left without members is
// deleted unless it was merged (old links then lead to the survivor).
import 'server-only';
import type { Tx } from '../../db';
import type { StorySummary } from '../../validation/stories';
import { describeStory } from '../describe-story';
import { keptTitle } from '../story-title';
import type { PairScore } from '../types';
import { storyConfig } from './story-config';
import { STORY_SUMMARY_SELECT, storyExtras, toStorySummary } from './story-dto';
import { type StoredLinkRow, toPairScore } from './stored-link';

/** Links read per story for its title: the strongest, which weigh most in describeStory anyway. */
const TITLE_LINKS = 300;
const TITLE_MAX = 200;

type Counts = { size: number; decided: number; oldestTitle: string | null; firstPublished: string | null };

/**
 * Recomputes title, size and decided of each story (bumping its version
 * unless `bump` is false), deletes the empty unmerged ones (returned with
 * size 0), and returns the summaries after the change, in the order asked.
 */
export async function refreshStories(tx: Tx, storyIds: string[], options: { bump?: boolean } = {}): Promise<StorySummary[]> {
  const ids = [...new Set(storyIds)];
  if (ids.length === 0) return [];
  const rows = await tx.story.findMany({ where: { id: { in: ids } }, select: STORY_SUMMARY_SELECT });
  const counts = await memberCounts(tx, ids);
  const titles = await derivedTitles(tx, ids, counts);
  const bump = options.bump === false ? 0 : 1;

  const gone = rows.filter((r) => !counts.has(r.id) && r.mergedIntoId === null).map((r) => r.id);
  const summaries = new Map<string, StorySummary>();
  for (const row of rows) {
    const count = counts.get(row.id) ?? { size: 0, decided: 0, oldestTitle: null, firstPublished: null };
    const title = clip(keptTitle(row.title, titles.get(row.id) || count.oldestTitle || row.title));
    const data = { title, size: count.size, decided: count.decided, version: row.version + bump };
    if (gone.includes(row.id)) {
      summaries.set(row.id, toStorySummary({ ...row, ...data, updatedAt: new Date() }, { languages: [], pendingSuggestions: 0 }));
      continue;
    }
    const updated = await tx.story.update({ where: { id: row.id }, data, select: STORY_SUMMARY_SELECT });
    summaries.set(row.id, toStorySummary(updated, { languages: [], pendingSuggestions: 0 }));
  }
  if (gone.length > 0) {
    await tx.storySuggestion.deleteMany({ where: { status: 'pending', OR: [{ storyAId: { in: gone } }, { storyBId: { in: gone } }] } });
    await tx.story.deleteMany({ where: { id: { in: gone } } });
  }
  const extras = await storyExtras(
    tx,
    ids.filter((id) => !gone.includes(id)),
  );
  return ids.flatMap((id) => {
    const summary = summaries.get(id);
    if (!summary) return [];
    const extra = extras.get(id);
    return [extra ? { ...summary, ...extra } : summary];
  });
}

async function memberCounts(tx: Tx, ids: string[]): Promise<Map<string, Counts>> {
  const rows = await tx.$queryRaw<{ story_id: string; size: number; decided: number; oldest: string; first_published: string | null }[]>`
    SELECT story_id::text AS story_id, count(*)::int AS size,
      (count(*) FILTER (WHERE status <> 'unreviewed'))::int AS decided,
      (array_agg(title ORDER BY created_at, id))[1] AS oldest,
      to_char(min(published_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS first_published
    FROM claims WHERE story_id = ANY(${ids}::uuid[]) GROUP BY story_id`;
  return new Map(rows.map((r) => [r.story_id, { size: r.size, decided: r.decided, oldestTitle: r.oldest, firstPublished: r.first_published }]));
}

/** describeStory over each story's links at or above the suggestion threshold ('' when they share no name or day), dated by its first publication day. */
async function derivedTitles(tx: Tx, ids: string[], counts: ReadonlyMap<string, Counts>): Promise<Map<string, string>> {
  const { suggestThreshold } = storyConfig();
  const rows = await tx.$queryRaw<Array<StoredLinkRow & { story_id: string }>>`
    SELECT s.id::text AS story_id, l.a::text AS a, l.b::text AS b, l.score, l.shared
    FROM unnest(${ids}::uuid[]) AS s(id)
    CROSS JOIN LATERAL (
      SELECT k.a, k.b, k.score, k.shared FROM claims ca
      JOIN story_links k ON k.a = ca.id
      JOIN claims cb ON cb.id = k.b AND cb.story_id = s.id
      WHERE ca.story_id = s.id AND k.score >= ${suggestThreshold}
      ORDER BY k.score DESC, k.a, k.b LIMIT ${TITLE_LINKS}
    ) AS l`;
  const links = new Map<string, PairScore[]>();
  for (const row of rows) links.set(row.story_id, [...(links.get(row.story_id) ?? []), toPairScore(row)]);
  return new Map([...links].map(([id, pairs]) => [id, describeStory(pairs, { firstPublished: counts.get(id)?.firstPublished ?? null }).title]));
}

function clip(title: string): string {
  return title.length <= TITLE_MAX ? title : `${title.slice(0, TITLE_MAX - 1)}…`;
}
