import { setVerdict } from '@/lib/claims/set-verdict';
import { apiRoute, readJson } from '@/lib/http/api-route';
import { claimIdSchema } from '@/lib/validation/claims';
import { parseOrThrow } from '@/lib/errors';
import { verdictInputSchema } from '@/lib/validation/verdicts';

export const POST = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) => {
  const claimId = parseOrThrow(claimIdSchema, params.id, 'id');
  const verdict = parseOrThrow(verdictInputSchema, await readJson(req));
  return setVerdict({ actor, claimId, verdict, requestId });
});
