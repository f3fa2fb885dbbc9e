// The answer to a write that named a version the figure no longer has: 409
// with the figure as it is now (or 404 when it is gone). Nothing was saved.
import 'server-only';
import type { Tx } from '../../db';
import { AppError } from '../../errors';
import { loadFigureDto } from './load-figures';

export async function staleFigureError(tx: Tx, figureId: string, expectedVersion: number): Promise<AppError> {
  const current = await loadFigureDto(tx, figureId);
  if (!current) return new AppError('not_found', 'No figure with this id.');
  return new AppError(
    'conflict',
    `This figure changed since you opened it (you saw version ${expectedVersion}, it is now version ${current.version}${current.decidedBy ? `, last decided by ${current.decidedBy.displayName}` : ''}). Nothing was saved.`,
    undefined,
    { current },
  );
}

export const figureNotFound = () => new AppError('not_found', 'No figure with this id.');
