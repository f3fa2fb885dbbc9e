// Rename story {id} (null: back to the derived title). An editor acting on the
// story as a whole pins its articles as they are.
import 'server-only';
import type { StoryDecisionInput } from '../../../validation/stories';
import { type Applied, type DecisionContext, eventEnvelope } from './types';

export async function renameStory(ctx: DecisionContext, input: StoryDecisionInput<'rename'>): Promise<Applied> {
  const { tx, story } = ctx;
  await tx.story.update({ where: { id: story.id }, data: { customTitle: input.title } });
  return {
    touched: [story.id],
    created: [],
    moved: [],
    event: (after) => ({
      action: 'story.renamed',
      ...eventEnvelope(ctx, input.note),
      before: { storyId: story.id, version: story.version, title: story.customTitle },
      after: { storyId: story.id, version: after(story.id).version, title: input.title },
    }),
  };
}
