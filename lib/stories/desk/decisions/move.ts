// Move one article of story {id} to another story, or to a new story of its
// own. It is kept apart from the articles it leaves (grouping never takes it
// back), pairs it had kept apart with its new story's articles are forgotten
// (the editor put it there), and both stories are pinned.
import 'server-only';
import { fieldError } from '../../../errors';
import type { StoryDecisionInput } from '../../../validation/stories';
import { createStory, forgetApart, keepApart, moveClaims } from './membership';
import { type Applied, type DecisionContext, eventEnvelope } from './types';

export async function moveArticle(ctx: DecisionContext, input: StoryDecisionInput<'move'>): Promise<Applied> {
  const { tx, story, actor } = ctx;
  const claim = await tx.claim.findUnique({ where: { id: input.claimId }, select: { id: true, title: true, storyId: true } });
  if (!claim) throw fieldError('claimId', 'No article with this id.');
  if (claim.storyId !== story.id) throw fieldError('claimId', 'This article is not in this story.');
  const members = await tx.claim.count({ where: { storyId: story.id } });

  let toId: string;
  if (input.toStoryId === null) {
    if (members === 1) throw fieldError('toStoryId', 'This article is already alone in its story.');
    toId = await createStory(tx, { title: claim.title });
  } else {
    if (input.toStoryId === story.id) throw fieldError('toStoryId', 'The article is already in this story.');
    const target = await tx.story.findUnique({ where: { id: input.toStoryId }, select: { id: true, mergedIntoId: true } });
    if (!target) throw fieldError('toStoryId', 'No story with this id.');
    if (target.mergedIntoId) throw fieldError('toStoryId', 'That story was merged into another one; move the article there.');
    toId = target.id;
    await forgetApart(tx, { claimIds: [claim.id] }, { storyId: toId });
  }
  await moveClaims(tx, [claim.id], toId);
  await keepApart(tx, { claimIds: [claim.id] }, { storyId: story.id }, 'moved', actor.id);
  if (members === 1) {
    // Story {id} is left empty and goes: stories merged into it lead to the article's new story.
    await tx.story.updateMany({ where: { mergedIntoId: story.id }, data: { mergedIntoId: toId } });
  }
  const created = input.toStoryId === null;
  return {
    touched: created ? [story.id] : [story.id, toId],
    created: created ? [toId] : [],
    moved: [claim.id],
    event: (after) => ({
      action: 'story.article_moved',
      ...eventEnvelope(ctx, input.note),
      claimId: claim.id,
      before: { storyId: story.id, version: story.version },
      after: { storyId: toId, version: after(toId).version, created },
    }),
    answer: () => (members === 1 ? toId : story.id),
  };
}
