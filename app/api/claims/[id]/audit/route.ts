import { listAuditEvents } from '@/lib/history/list-audit-events';
import { getClaim } from '@/lib/claims/get-claim';
import { apiRoute, searchParamsObject } from '@/lib/http/api-route';
import { auditQuerySchema } from '@/lib/validation/audit';
import { claimIdSchema } from '@/lib/validation/claims';
import { parseOrThrow } from '@/lib/errors';

export const dynamic = 'force-dynamic';

export const GET = apiRoute<{ id: string }>(async ({ req, actor, params }) => {
  const query = parseOrThrow(auditQuerySchema.omit({ claimId: true }), searchParamsObject(req));
  const claim = await getClaim({ actor, id: parseOrThrow(claimIdSchema, params.id, 'id') });
  return listAuditEvents({ actor, query: { ...query, claimId: claim.id } });
});
