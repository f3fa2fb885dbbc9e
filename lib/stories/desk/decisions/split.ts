// Split articles off story {id} into a new story (at least one stays). Every
// pair across the two sides is kept apart, so grouping never joins them
// again, and both are pinned.
import 'server-only';
import { fieldError } from '../../../errors';
import type { StoryDecisionInput } from '../../../validation/stories';
import { createStory, keepApart, moveClaims } from './membership';
import { type Applied, type DecisionContext, eventEnvelope } from './types';

export async function splitStory(ctx: DecisionContext, input: StoryDecisionInput<'split'>): Promise<Applied> {
  const { tx, story, actor } = ctx;
  const named = [...new Set(input.claimIds)];
  const found = new Map((await tx.claim.findMany({ where: { id: { in: named } }, select: { id: true, title: true, storyId: true } })).map((c) => [c.id, c]));
  for (const [i, id] of input.claimIds.entries()) {
    const claim = found.get(id);
    if (!claim) throw fieldError(`claimIds.${i}`, 'No article with this id.');
    if (claim.storyId !== story.id) throw fieldError(`claimIds.${i}`, 'This article is not in this story.');
  }
  const members = await tx.claim.count({ where: { storyId: story.id } });
  if (named.length >= members) throw fieldError('claimIds', 'At least one article must stay in the story; to move them all, merge it into another story.');

  // refreshStories derives the title once the articles are in; until then, the first one's.
  const newId = await createStory(tx, { title: found.get(named[0] ?? '')?.title ?? '', customTitle: input.title ?? null });
  await moveClaims(tx, named, newId);
  await keepApart(tx, { storyId: newId }, { storyId: story.id }, 'split', actor.id);
  return {
    touched: [story.id],
    created: [newId],
    moved: named,
    event: (after) => ({
      action: 'story.split',
      ...eventEnvelope(ctx, input.note),
      before: { storyId: story.id, version: story.version, size: members },
      after: { storyId: story.id, version: after(story.id).version, newStoryId: newId, claimIds: named },
    }),
  };
}
