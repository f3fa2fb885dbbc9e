// The claim page's story panel: the article's story and its other articles,
// each with what it shares with this one (the stored link, turned to read
// from this article). An article placed by an editor beside one it was never
// scored against has score null and shares nothing listed.
import 'server-only';
import { db } from '../../db';
import type { ClaimStatus } from '../../validation/claims';
import type { ClaimStoryDto } from '../../validation/stories';
import { textDirection } from '../../utils/text-direction';
import { toSharedDto } from './shared-dto';
import { parseStoredShared } from './stored-link';

/** Other articles listed, strongest link first; the story's size says how many there are. */
export const CLAIM_STORY_OTHERS = 100;

type OtherRow = { id: string; title: string; language: string; status: ClaimStatus; score: number | null; shared: unknown; flip: boolean };

/** `claimId` has been parsed with claimIdSchema. Null: no such claim, or not grouped yet. */
export async function getClaimStory(claimId: string): Promise<ClaimStoryDto | null> {
  const claim = await db.claim.findUnique({
    where: { id: claimId },
    select: { story: { select: { id: true, title: true, customTitle: true, size: true, decided: true, version: true } } },
  });
  const story = claim?.story;
  if (!story) return null;
  // The pair is stored once, smaller id first (story_links_order_check): look it up that way.
  const others = await db.$queryRaw<OtherRow[]>`
    SELECT c.id::text AS id, c.title, c.language, c.status::text AS status, k.score, k.shared, (k.b = ${claimId}::uuid) AS flip
    FROM claims c
    LEFT JOIN story_links k ON k.a = least(c.id, ${claimId}::uuid) AND k.b = greatest(c.id, ${claimId}::uuid)
    WHERE c.story_id = ${story.id}::uuid AND c.id <> ${claimId}::uuid
    ORDER BY k.score DESC NULLS LAST, c.created_at, c.id
    LIMIT ${CLAIM_STORY_OTHERS}`;
  return {
    story: { id: story.id, title: story.customTitle ?? story.title, size: story.size, decided: story.decided, version: story.version },
    others: others.map((o) => ({
      claimId: o.id,
      title: o.title,
      language: o.language,
      direction: textDirection(o.language),
      status: o.status,
      score: o.score,
      shared: o.score === null ? [] : toSharedDto(parseStoredShared(o.shared), o.flip),
    })),
  };
}
