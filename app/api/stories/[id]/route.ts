import { apiRoute } from '@/lib/http/api-route';
import { AppError, parseOrThrow } from '@/lib/errors';
import { getStory } from '@/lib/stories/desk/get-story';
import { storyIdSchema } from '@/lib/validation/stories';

export const dynamic = 'force-dynamic';

export const GET = apiRoute<{ id: string }>(async ({ params }) => {
  const story = await getStory(parseOrThrow(storyIdSchema, params.id, 'id'));
  if (!story) throw new AppError('not_found', 'No story with this id.');
  if ('mergedInto' in story) throw new AppError('story_merged', 'This story was merged into another one.', undefined, { mergedInto: story.mergedInto });
  return { story };
});
