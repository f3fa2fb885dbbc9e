import { getClaim } from '@/lib/claims/get-claim';
import { apiRoute } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

export const GET = apiRoute<{ id: string }>(async ({ actor, params }) => getClaim({ actor, id: params.id }));
