import { assignClaim } from '@/lib/claims/assign-claim';
import { apiRoute, readJson } from '@/lib/http/api-route';

export const POST = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) =>
  assignClaim({ actor, claimId: params.id, input: await readJson(req), requestId }),
);
