// The claims list grouped by story: the claims list's filters and cursor, one page of stories.
import { apiRoute, searchParamsObject } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { listStoryGroups } from '@/lib/stories/desk/list-story-groups';
import { listClaimsQuerySchema } from '@/lib/validation/claims';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async ({ req, actor }) => listStoryGroups({ actor, query: parseOrThrow(listClaimsQuerySchema, searchParamsObject(req)) }));
