import { apiRoute, readJson } from '@/lib/http/api-route';
import { AppError, parseOrThrow } from '@/lib/errors';
import { decideStory, parseStoryDecision } from '@/lib/stories/desk/decisions';
import { STORY_DECISIONS, storyIdSchema } from '@/lib/validation/stories';
import { z } from '@/lib/validation/zod';

const decisionSchema = z.enum(STORY_DECISIONS);

export const POST = apiRoute<{ id: string; decision: string }>(async ({ req, actor, params, requestId }) => {
  const decision = decisionSchema.safeParse(params.decision);
  if (!decision.success) throw new AppError('not_found', `No such story decision: use one of ${STORY_DECISIONS.join(', ')}.`);
  const storyId = parseOrThrow(storyIdSchema, params.id, 'id');
  const request = parseStoryDecision(decision.data, await readJson(req));
  const { story } = await decideStory({ actor, storyId, requestId, ...request });
  return { story };
});
