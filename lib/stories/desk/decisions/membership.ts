// The writes editor decisions are made of: moving articles between stories,
// keeping article pairs apart (story_apart) or forgetting that they were, and
// folding one story into another. Raw SQL where one statement replaces a
// loop over every pair. Story membership is not a change of the claim itself:
// claims.updated_at (the claims list's order) stays as it is.
import 'server-only';
import type { Tx } from '../../../db';
import { Prisma } from '../../../generated/prisma/client';

export type ApartCause = 'rejected' | 'split' | 'moved';
/** One side of a set of pairs: a story's articles, or named articles. */
export type Side = { storyId: string } | { claimIds: string[] };

function inSide(alias: string, side: Side): Prisma.Sql {
  const c = Prisma.raw(alias);
  return 'storyId' in side ? Prisma.sql`${c}.story_id = ${side.storyId}::uuid` : Prisma.sql`${c}.id = ANY(${side.claimIds}::uuid[])`;
}

export async function moveClaims(tx: Tx, claimIds: string[], toStoryId: string): Promise<void> {
  if (claimIds.length === 0) return;
  await tx.$executeRaw`UPDATE claims SET story_id = ${toStoryId}::uuid WHERE id = ANY(${claimIds}::uuid[])`;
}

/** Every pair across the two sides is kept apart from now on; returns how many pairs that is. */
export async function keepApart(tx: Tx, x: Side, y: Side, cause: ApartCause, decidedById: string): Promise<number> {
  await tx.$executeRaw`
    INSERT INTO story_apart (a, b, cause, decided_by_id)
    SELECT least(x.id, y.id), greatest(x.id, y.id), ${cause}, ${decidedById}::uuid
    FROM claims x JOIN claims y ON x.id <> y.id
    WHERE ${inSide('x', x)} AND ${inSide('y', y)}
    ON CONFLICT (a, b) DO NOTHING`;
  const [row] = await tx.$queryRaw<[{ n: number }]>`
    SELECT ((SELECT count(*) FROM claims x WHERE ${inSide('x', x)}) * (SELECT count(*) FROM claims y WHERE ${inSide('y', y)}))::int AS n`;
  return row.n;
}

/** An editor put these articles together: pairs across the two sides that were kept apart are not any more. */
export async function forgetApart(tx: Tx, x: Side, y: Side): Promise<void> {
  await tx.$executeRaw`
    DELETE FROM story_apart p USING claims x
    WHERE ${inSide('x', x)} AND (p.a = x.id OR p.b = x.id)
      AND (CASE WHEN p.a = x.id THEN p.b ELSE p.a END) IN (SELECT y.id FROM claims y WHERE ${inSide('y', y)})`;
}

/** A new, empty story (refreshStories titles it once it has members). */
export async function createStory(tx: Tx, options: { title: string; customTitle?: string | null }): Promise<string> {
  const story = await tx.story.create({ data: { title: options.title, customTitle: options.customTitle ?? null }, select: { id: true } });
  return story.id;
}

/**
 * `otherId`'s articles join `intoId`; `otherId` is kept, empty, pointing to
 * `intoId` (as is every story merged into it before), and its pending
 * suggestions go. Returns the articles that moved.
 */
export async function absorbStory(tx: Tx, intoId: string, otherId: string): Promise<string[]> {
  const moved = await tx.claim.findMany({ where: { storyId: otherId }, select: { id: true }, orderBy: { id: 'asc' } });
  const ids = moved.map((c) => c.id);
  await forgetApart(tx, { storyId: intoId }, { storyId: otherId });
  await moveClaims(tx, ids, intoId);
  await tx.story.updateMany({ where: { OR: [{ id: otherId }, { mergedIntoId: otherId }] }, data: { mergedIntoId: intoId } });
  await tx.storySuggestion.deleteMany({ where: { status: 'pending', OR: [{ storyAId: otherId }, { storyBId: otherId }] } });
  return ids;
}

/** Every article of these stories is pinned: grouping never moves it again. */
export async function pinStories(tx: Tx, storyIds: string[]): Promise<void> {
  await tx.$executeRaw`UPDATE claims SET story_pinned = true WHERE story_id = ANY(${storyIds}::uuid[]) AND NOT story_pinned`;
}

/**
 * Pending suggestions of these stories with a story they now have a pair kept
 * apart with are withdrawn (a suggestion is never made across such a pair).
 * Returns the stories on both sides of the withdrawn ones.
 */
export async function withdrawBlockedSuggestions(tx: Tx, storyIds: string[]): Promise<string[]> {
  const rows = await tx.$queryRaw<Array<{ a: string; b: string }>>`
    DELETE FROM story_suggestions g
    WHERE g.status = 'pending' AND (g.story_a_id = ANY(${storyIds}::uuid[]) OR g.story_b_id = ANY(${storyIds}::uuid[]))
      AND EXISTS (
        SELECT 1 FROM claims x JOIN story_apart p ON p.a = x.id OR p.b = x.id
        JOIN claims y ON y.id = (CASE WHEN p.a = x.id THEN p.b ELSE p.a END)
        WHERE x.story_id = g.story_a_id AND y.story_id = g.story_b_id)
    RETURNING g.story_a_id::text AS a, g.story_b_id::text AS b`;
  return [...new Set(rows.flatMap((r) => [r.a, r.b]))];
}
