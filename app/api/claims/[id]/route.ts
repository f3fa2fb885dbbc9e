import { getClaim } from '@/lib/claims/get-claim';
import { apiRoute } from '@/lib/http/api-route';
import { claimIdSchema } from '@/lib/validation/claims';
import { parseOrThrow } from '@/lib/errors';

export const dynamic = 'force-dynamic';

export const GET = apiRoute<{ id: string }>(async ({ actor, params }) => getClaim({ actor, id: parseOrThrow(claimIdSchema, params.id, 'id') }));
