import { listAuditEvents } from '@/lib/history/list-audit-events';
import { apiRoute, searchParamsObject } from '@/lib/http/api-route';
import { auditQuerySchema } from '@/lib/validation/audit';
import { parseOrThrow } from '@/lib/errors';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async ({ req, actor }) => listAuditEvents({ actor, query: parseOrThrow(auditQuerySchema, searchParamsObject(req)) }));
