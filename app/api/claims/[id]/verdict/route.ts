import { setVerdict } from '@/lib/claims/set-verdict';
import { apiRoute, readJson } from '@/lib/http/api-route';

export const POST = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) =>
  setVerdict({ actor, claimId: params.id, input: await readJson(req), requestId }),
);
