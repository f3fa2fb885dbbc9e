// Merge another story into story {id}: its articles join, pairs kept apart
// between the two are forgotten (the editor put them together), it stays as
// an empty pointer to story {id}, and every article of the result is pinned.
// Both versions are checked: the editor saw both stories.
import 'server-only';
import { AppError, fieldError } from '../../../errors';
import type { StoryDecisionInput } from '../../../validation/stories';
import { loadStoryDetail } from '../story-detail';
import { absorbStory } from './membership';
import { type Applied, type DecisionContext, eventEnvelope } from './types';

export async function mergeStories(ctx: DecisionContext, input: StoryDecisionInput<'merge'>): Promise<Applied> {
  const { tx, story } = ctx;
  if (input.otherStoryId === story.id) throw fieldError('otherStoryId', 'A story cannot be merged with itself.');
  const other = await tx.story.findUnique({ where: { id: input.otherStoryId } });
  if (!other) throw fieldError('otherStoryId', 'No story with this id.');
  if (other.mergedIntoId) throw fieldError('otherStoryId', 'That story was already merged into another one.');
  if (other.version !== input.otherVersion) {
    throw new AppError(
      'conflict',
      `The other story changed since you opened it (you saw version ${input.otherVersion}, it is now version ${other.version}). Nothing was saved.`,
      undefined,
      { current: await loadStoryDetail(tx, story.id), other: await loadStoryDetail(tx, other.id) },
    );
  }
  const moved = await absorbStory(tx, story.id, other.id);
  return {
    touched: [story.id, other.id],
    created: [],
    moved,
    event: (after) => ({
      action: 'story.merged',
      ...eventEnvelope(ctx, input.note),
      before: { storyId: story.id, version: story.version, otherStoryId: other.id, otherVersion: other.version },
      after: { storyId: story.id, version: after(story.id).version, claimIds: moved },
    }),
  };
}
