// Loads figures as FigureDto: one query for the figures, one for their
// articles (each body read once, however many figures it holds).
import 'server-only';
import type { Prisma } from '../../generated/prisma/client';
import type { Tx } from '../../db';
import type { FigureDto } from '../../validation/figures';
import { FIGURE_CLAIM_SELECT, FIGURE_DTO_INCLUDE, type FigureClaim, type FigureRow, toFigureDto } from './figure-dto';

/** Article order on a board and in lists: by import, then position in the article. */
export const FIGURE_ORDER = [
  { claim: { createdAt: 'asc' } },
  { claimId: 'asc' },
  { ordinal: 'asc' },
  { spanStart: 'asc' },
] as const satisfies Prisma.FigureOrderByWithRelationInput[];

/** FigureDtos for rows already read (with FIGURE_DTO_INCLUDE), in their order. */
export async function toFigureDtos(tx: Tx, rows: readonly FigureRow[]): Promise<FigureDto[]> {
  if (rows.length === 0) return [];
  const claimIds = [...new Set(rows.map((r) => r.claimId))];
  const claims = await tx.claim.findMany({ where: { id: { in: claimIds } }, select: FIGURE_CLAIM_SELECT });
  const byId = new Map<string, FigureClaim>(claims.map((c) => [c.id, c]));
  return rows.flatMap((r) => {
    const claim = byId.get(r.claimId);
    return claim ? [toFigureDto(r, claim)] : [];
  });
}

export async function loadFigureDtos(tx: Tx, where: Prisma.FigureWhereInput): Promise<FigureDto[]> {
  const rows = await tx.figure.findMany({ where, include: FIGURE_DTO_INCLUDE, orderBy: [...FIGURE_ORDER] });
  return toFigureDtos(tx, rows);
}

/** One figure as it is now, or null. */
export async function loadFigureDto(tx: Tx, id: string): Promise<FigureDto | null> {
  const [dto] = await loadFigureDtos(tx, { id });
  return dto ?? null;
}
