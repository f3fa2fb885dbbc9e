import { assignClaim } from '@/lib/claims/assign-claim';
import { apiRoute, readJson } from '@/lib/http/api-route';
import { claimIdSchema } from '@/lib/validation/claims';
import { parseOrThrow } from '@/lib/errors';
import { assignmentInputSchema } from '@/lib/validation/verdicts';

export const POST = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) => {
  const claimId = parseOrThrow(claimIdSchema, params.id, 'id');
  const assignment = parseOrThrow(assignmentInputSchema, await readJson(req));
  return assignClaim({ actor, claimId, assignment, requestId });
});
