import { getClaim } from '@/lib/claims/get-claim';
import { apiRoute } from '@/lib/http/api-route';
import { getClaimStory } from '@/lib/stories/desk/get-claim-story';
import { claimIdSchema } from '@/lib/validation/claims';
import { parseOrThrow } from '@/lib/errors';

export const dynamic = 'force-dynamic';

// The claim with its story panel (ClaimStoryDto: the other articles and what each shares with this one).
export const GET = apiRoute<{ id: string }>(async ({ actor, params }) => {
  const claim = await getClaim({ actor, id: parseOrThrow(claimIdSchema, params.id, 'id') });
  return { ...claim, story: claim.storyId ? await getClaimStory(claim.id) : null };
});
