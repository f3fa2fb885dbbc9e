// One figure as it is now, for GET /api/figures/{id}. Everyone signed in reads figures.
import 'server-only';
import { db } from '../../db';
import type { FigureDto } from '../../validation/figures';
import { loadFigureDto } from './load-figures';
import { figureNotFound } from './stale-figure';

/** `figureId` has been parsed with figureIdSchema. not_found when there is no such figure. */
export async function getFigure(options: { figureId: string }): Promise<FigureDto> {
  const figure = await loadFigureDto(db, options.figureId);
  if (!figure) throw figureNotFound();
  return figure;
}
