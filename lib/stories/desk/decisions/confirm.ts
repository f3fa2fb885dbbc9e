// Confirm a suggested link: the other story's articles join story {id}, and
// every article of the result is pinned as the editor saw it.
import 'server-only';
import type { StoryDecisionInput } from '../../../validation/stories';
import { absorbStory } from './membership';
import { pendingSuggestion } from './pending-suggestion';
import { type Applied, type DecisionContext, eventEnvelope } from './types';

export async function confirmSuggestion(ctx: DecisionContext, input: StoryDecisionInput<'confirm'>): Promise<Applied> {
  const { tx, story, actor } = ctx;
  const { suggestion, other } = await pendingSuggestion(ctx, input.suggestionId);
  // Decided before absorbStory withdraws the other story's pending suggestions.
  await tx.storySuggestion.update({ where: { id: suggestion.id }, data: { status: 'confirmed', decidedAt: new Date(), decidedById: actor.id } });
  const moved = await absorbStory(tx, story.id, other.id);
  return {
    touched: [story.id, other.id],
    created: [],
    moved,
    event: (after) => ({
      action: 'story.suggestion_confirmed',
      ...eventEnvelope(ctx, input.note),
      before: { storyId: story.id, version: story.version, otherStoryId: other.id, otherVersion: other.version },
      after: { storyId: story.id, version: after(story.id).version, suggestionId: suggestion.id, score: suggestion.score, claimIds: moved },
    }),
  };
}
