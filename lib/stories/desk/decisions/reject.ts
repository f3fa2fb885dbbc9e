// Reject a suggested link: every article pair across the two stories is kept
// apart for good (grouping never joins them, and no suggestion is made between
// stories holding such a pair), and both stories are pinned as they are.
import 'server-only';
import type { StoryDecisionInput } from '../../../validation/stories';
import { keepApart } from './membership';
import { pendingSuggestion } from './pending-suggestion';
import { type Applied, type DecisionContext, eventEnvelope } from './types';

export async function rejectSuggestion(ctx: DecisionContext, input: StoryDecisionInput<'reject'>): Promise<Applied> {
  const { tx, story, actor } = ctx;
  const { suggestion, other } = await pendingSuggestion(ctx, input.suggestionId);
  await tx.storySuggestion.update({ where: { id: suggestion.id }, data: { status: 'rejected', decidedAt: new Date(), decidedById: actor.id } });
  const apartPairs = await keepApart(tx, { storyId: story.id }, { storyId: other.id }, 'rejected', actor.id);
  return {
    touched: [story.id, other.id],
    created: [],
    moved: [],
    event: (after) => ({
      action: 'story.suggestion_rejected',
      ...eventEnvelope(ctx, input.note),
      before: { storyId: story.id, version: story.version, otherStoryId: other.id },
      after: { storyId: story.id, version: after(story.id).version, suggestionId: suggestion.id, otherStoryId: other.id, score: suggestion.score, apartPairs },
    }),
  };
}
