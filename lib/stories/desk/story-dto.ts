// Builds StorySummary (lib/validation/stories.ts) from story rows, with the
// two things a row does not hold: its articles' languages and its pending
// suggestions, read for many stories in two grouped queries.
import 'server-only';
import type { Story } from '../../generated/prisma/client';
import type { Tx } from '../../db';
import type { StorySummary } from '../../validation/stories';

/** The columns a summary needs. */
export const STORY_SUMMARY_SELECT = {
  id: true,
  title: true,
  customTitle: true,
  version: true,
  size: true,
  decided: true,
  updatedAt: true,
  mergedIntoId: true,
} as const;
export type StorySummaryRow = Pick<Story, keyof typeof STORY_SUMMARY_SELECT>;

export function toStorySummary(row: StorySummaryRow, extras: { languages: string[]; pendingSuggestions: number }): StorySummary {
  return {
    id: row.id,
    title: row.customTitle ?? row.title,
    derivedTitle: row.title,
    customTitle: row.customTitle,
    version: row.version,
    size: row.size,
    decided: row.decided,
    languages: extras.languages,
    pendingSuggestions: extras.pendingSuggestions,
    updatedAt: row.updatedAt.toISOString(),
    mergedIntoId: row.mergedIntoId,
  };
}

/** Each story's languages (commonest first) and pending suggestion count. */
export async function storyExtras(tx: Tx, ids: readonly string[]): Promise<Map<string, { languages: string[]; pendingSuggestions: number }>> {
  const unique = [...new Set(ids)];
  const extras = new Map(unique.map((id) => [id, { languages: [] as string[], pendingSuggestions: 0 }]));
  if (unique.length === 0) return extras;
  const languages = await tx.$queryRaw<{ story_id: string; language: string }[]>`
    SELECT story_id::text AS story_id, language FROM claims WHERE story_id = ANY(${unique}::uuid[])
    GROUP BY story_id, language ORDER BY story_id, count(*) DESC, language`;
  for (const row of languages) extras.get(row.story_id)?.languages.push(row.language);
  const pending = await tx.$queryRaw<{ story_id: string; n: number }[]>`
    SELECT s.id::text AS story_id, count(*)::int AS n
    FROM unnest(${unique}::uuid[]) AS s(id)
    JOIN story_suggestions g ON g.status = 'pending' AND (g.story_a_id = s.id OR g.story_b_id = s.id)
    GROUP BY s.id`;
  for (const row of pending) {
    const entry = extras.get(row.story_id);
    if (entry) entry.pendingSuggestions = row.n;
  }
  return extras;
}

/** The stories' summaries as they are now, in the order asked (missing ids left out). */
export async function loadStorySummaries(tx: Tx, ids: readonly string[]): Promise<StorySummary[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx.story.findMany({ where: { id: { in: unique } }, select: STORY_SUMMARY_SELECT });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const extras = await storyExtras(tx, unique);
  return unique.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toStorySummary(row, extras.get(id) ?? { languages: [], pendingSuggestions: 0 })] : [];
  });
}
