import { listAuditEvents } from '@/lib/audit/list-audit-events';
import { getClaim } from '@/lib/claims/get-claim';
import { apiRoute, searchParamsObject } from '@/lib/http/api-route';
import { auditQuerySchema } from '@/lib/validation/audit';
import { parseOrThrow } from '@/lib/validation/parse';

export const dynamic = 'force-dynamic';

export const GET = apiRoute<{ id: string }>(async ({ req, actor, params }) => {
  const claim = await getClaim({ actor, id: params.id });
  const query = parseOrThrow(auditQuerySchema, { ...searchParamsObject(req), claimId: claim.id });
  return listAuditEvents({ actor, query });
});
