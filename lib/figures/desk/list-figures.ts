// The figures of one article (the claim page) and of one story (its board),
// as FigureDto, in article order then position in the article. Dismissed
// figures are included, flagged. Everyone signed in reads them.
import 'server-only';
import { db } from '../../db';
import { AppError } from '../../errors';
import type { FigureDto } from '../../validation/figures';
import { survivorOf } from '../../stories/desk/get-story';
import { loadFigureDtos } from './load-figures';

/** `claimId` has been parsed with claimIdSchema. not_found when there is no such claim. */
export async function listClaimFigures(options: { claimId: string }): Promise<FigureDto[]> {
  const figures = await loadFigureDtos(db, { claimId: options.claimId });
  if (figures.length > 0) return figures;
  const claim = await db.claim.findUnique({ where: { id: options.claimId }, select: { id: true } });
  if (!claim) throw new AppError('not_found', 'No claim with this id.');
  return [];
}

/**
 * `storyId` has been parsed with storyIdSchema. A story's figures are its
 * articles' figures. A story an editor merged away answers story_merged with
 * `mergedInto` (the story that took its articles), as GET /api/stories/{id} does.
 */
export async function listStoryFigures(options: { storyId: string }): Promise<FigureDto[]> {
  const { storyId } = options;
  const story = await db.story.findUnique({ where: { id: storyId }, select: { mergedIntoId: true } });
  if (!story) throw new AppError('not_found', 'No story with this id.');
  if (story.mergedIntoId) {
    const mergedInto = (await survivorOf(db, storyId)) ?? story.mergedIntoId;
    throw new AppError('story_merged', 'This story was merged into another one.', undefined, { mergedInto });
  }
  return loadFigureDtos(db, { claim: { storyId } });
}
