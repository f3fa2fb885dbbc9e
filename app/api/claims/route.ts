import { listClaims } from '@/lib/claims/list-claims';
import { apiRoute, searchParamsObject } from '@/lib/http/api-route';
import { listClaimsQuerySchema } from '@/lib/validation/claims';
import { parseOrThrow } from '@/lib/errors';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async ({ req, actor }) => listClaims({ actor, query: parseOrThrow(listClaimsQuerySchema, searchParamsObject(req)) }));
