import { apiRoute, searchParamsObject } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { listStories } from '@/lib/stories/desk/list-stories';
import { listStoriesQuerySchema } from '@/lib/validation/stories';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async ({ req }) => listStories(parseOrThrow(listStoriesQuerySchema, searchParamsObject(req))));
