// The stories list (GET /api/stories, the Stories page): newest change first,
// keyset pages like the claims list, optional title search and a minimum
// size ("hide articles alone"). Merged-away stories are not listed.
import 'server-only';
import { beyondKey, CLAIM_ORDER } from '../../claims/keyset';
import { db } from '../../db';
import { fieldError } from '../../errors';
import type { Prisma } from '../../generated/prisma/client';
import { CURSOR_MESSAGE, decodeClaimCursor, encodeClaimCursor } from '../../validation/claim-cursor';
import type { ListStoriesQuery, StorySummary } from '../../validation/stories';
import { STORY_SUMMARY_SELECT, storyExtras, toStorySummary } from './story-dto';

export type StoryPage = { stories: StorySummary[]; nextCursor: string | null };

/** `query` has been parsed with listStoriesQuerySchema. Cursors have the claims list's form (updatedAt and id). */
export async function listStories(query: ListStoriesQuery): Promise<StoryPage> {
  const where: Prisma.StoryWhereInput[] = [{ mergedIntoId: null, size: { gte: query.minSize } }];
  // Prisma's `contains` is LIKE and passes % and _ through as wildcards: escape them.
  const q = query.q?.trim().replace(/[\\%_]/g, '\\$&');
  if (q) where.push({ OR: [{ title: { contains: q, mode: 'insensitive' } }, { customTitle: { contains: q, mode: 'insensitive' } }] });
  if (query.cursor) {
    const c = decodeClaimCursor(query.cursor);
    if (!c) throw fieldError('cursor', CURSOR_MESSAGE);
    where.push(beyondKey(c, 'after'));
  }
  const rows = await db.story.findMany({ select: STORY_SUMMARY_SELECT, where: { AND: where }, orderBy: CLAIM_ORDER, take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const extras = await storyExtras(
    db,
    page.map((r) => r.id),
  );
  const last = page.at(-1);
  return {
    stories: page.map((r) => toStorySummary(r, extras.get(r.id) ?? { languages: [], pendingSuggestions: 0 })),
    nextCursor: rows.length > query.limit && last ? encodeClaimCursor(last) : null,
  };
}
