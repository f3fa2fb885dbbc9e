// The stories list (GET /api/stories, the Stories page, the merge search):
// newest change first, keyset pages like the claims list, an optional minimum
// size ("hide articles alone") and a title search that ignores case and
// accents as the claims search does ("guaido" finds "Guaidó"; folded in SQL:
// at 40,000 stories a search reads every title, about 0.1 s). Merged-away
// stories are not listed.
import 'server-only';
import { normalizeForSearch } from '../../articles/normalize-search';
import { db } from '../../db';
import { fieldError } from '../../errors';
import { Prisma } from '../../generated/prisma/client';
import { CURSOR_MESSAGE, decodeClaimCursor, encodeClaimCursor } from '../../validation/claim-cursor';
import type { ListStoriesQuery, StorySummary } from '../../validation/stories';
import { STORY_SUMMARY_SELECT, storyExtras, toStorySummary } from './story-dto';

export type StoryPage = { stories: StorySummary[]; nextCursor: string | null };

// Lower case, accents stripped (NFD, then the combining marks dropped): normalizeForSearch's folding, in SQL.
const FOLDED_TITLES = Prisma.sql`regexp_replace(normalize(lower(s.title || ' ' || coalesce(s.custom_title, '')), NFD), '[\\u0300-\\u036f]', '', 'g')`;
const likeWord = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;

/** `query` has been parsed with listStoriesQuerySchema. Cursors have the claims list's form (updatedAt and id). */
export async function listStories(query: ListStoriesQuery): Promise<StoryPage> {
  const conditions = [Prisma.sql`s.merged_into_id IS NULL`, Prisma.sql`s.size >= ${query.minSize}`];
  const q = query.q ? normalizeForSearch(query.q) : '';
  if (q) for (const word of q.split(' ')) conditions.push(Prisma.sql`${FOLDED_TITLES} LIKE ${likeWord(word)}`);
  if (query.cursor) {
    const c = decodeClaimCursor(query.cursor);
    if (!c) throw fieldError('cursor', CURSOR_MESSAGE);
    // The redundant bound on updated_at lets the index scan start at the key (as lib/claims/keyset.ts).
    conditions.push(Prisma.sql`s.updated_at <= ${c.updatedAt} AND (s.updated_at < ${c.updatedAt} OR s.id < ${c.id}::uuid)`);
  }
  const found = await db.$queryRaw<{ id: string }[]>`
    SELECT s.id::text AS id FROM stories s WHERE ${Prisma.join(conditions, ' AND ')}
    ORDER BY s.updated_at DESC, s.id DESC LIMIT ${query.limit + 1}`;
  const ids = found.slice(0, query.limit).map((r) => r.id);
  const rows = new Map((await db.story.findMany({ where: { id: { in: ids } }, select: STORY_SUMMARY_SELECT })).map((r) => [r.id, r]));
  const extras = await storyExtras(db, ids);
  const page = ids.flatMap((id) => rows.get(id) ?? []);
  const last = page.at(-1);
  return {
    stories: page.map((r) => toStorySummary(r, extras.get(r.id) ?? { languages: [], pendingSuggestions: 0 })),
    nextCursor: found.length > query.limit && last ? encodeClaimCursor(last) : null,
  };
}
