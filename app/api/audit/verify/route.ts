import { verifyAudit } from '@/lib/history/verify-audit';
import { apiRoute } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async ({ actor }) => verifyAudit({ actor }));
