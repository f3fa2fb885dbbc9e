// The suggestion a confirm or reject names: it must be pending and between
// story {id} and another story that still exists.
import 'server-only';
import { fieldError } from '../../../errors';
import type { Story, StorySuggestion } from '../../../generated/prisma/client';
import type { DecisionContext } from './types';

export async function pendingSuggestion(ctx: DecisionContext, suggestionId: string): Promise<{ suggestion: StorySuggestion; other: Story }> {
  const { tx, story } = ctx;
  const suggestion = await tx.storySuggestion.findUnique({ where: { id: suggestionId } });
  if (!suggestion || (suggestion.storyAId !== story.id && suggestion.storyBId !== story.id)) {
    throw fieldError('suggestionId', 'This story has no suggestion with this id.');
  }
  if (suggestion.status !== 'pending') throw fieldError('suggestionId', `This suggestion was already ${suggestion.status}.`);
  const otherId = suggestion.storyAId === story.id ? suggestion.storyBId : suggestion.storyAId;
  const other = await tx.story.findUnique({ where: { id: otherId } });
  if (!other || other.mergedIntoId) throw fieldError('suggestionId', 'The other story of this suggestion no longer exists.');
  return { suggestion, other };
}
