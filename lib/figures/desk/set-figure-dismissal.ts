// An editor dismisses a false figure (it leaves the board, stays listed,
// flagged) or brings it back. Re-extraction keeps the dismissal. Version
// check and write are one statement, audited in the same transaction.
import 'server-only';
import { appendAuditEvent } from '../../audit/append-audit-event';
import { type Actor, canEditFigures } from '../../auth/permissions';
import { db } from '../../db';
import { AppError } from '../../errors';
import { publishChange } from '../../realtime/publish';
import type { FigureDismissalInput, FigureDto } from '../../validation/figures';
import { FIGURE_DTO_INCLUDE } from './figure-dto';
import { toFigureDtos } from './load-figures';
import { figureNotFound, staleFigureError } from './stale-figure';

/** The entry point has parsed `figureId` (figureIdSchema) and `dismissal` (figureDismissalSchema). */
export type SetFigureDismissalOptions = { actor: Actor; figureId: string; dismissal: FigureDismissalInput; requestId?: string | null };

export async function setFigureDismissal(options: SetFigureDismissalOptions): Promise<FigureDto> {
  const { actor, figureId, dismissal } = options;
  if (!canEditFigures(actor)) throw new AppError('forbidden', 'Only editors can dismiss figures.');

  const { figure, event } = await db.$transaction(async (tx) => {
    const before = await tx.figure.findUnique({ where: { id: figureId }, select: { id: true, version: true, dismissedAt: true } });
    if (!before) throw figureNotFound();
    const now = new Date();
    // Dismissing a dismissed figure keeps when it was first dismissed.
    const dismissedAt = dismissal.dismissed ? (before.dismissedAt ?? now) : null;
    const { count } = await tx.figure.updateMany({
      where: { id: figureId, version: dismissal.expectedVersion },
      data: { dismissedAt, version: { increment: 1 }, updatedAt: now },
    });
    if (count === 0) throw await staleFigureError(tx, figureId, dismissal.expectedVersion);
    const after = await tx.figure.findUniqueOrThrow({ where: { id: figureId }, include: FIGURE_DTO_INCLUDE });
    const event = await appendAuditEvent(tx, {
      action: 'figure.dismissed',
      actorId: actor.id,
      actorLabel: actor.email,
      claimId: after.claimId,
      before: { figureId, version: before.version, dismissed: before.dismissedAt !== null },
      after: { figureId, version: after.version, dismissed: after.dismissedAt !== null },
      reason: dismissal.note ?? null,
      requestId: options.requestId ?? null,
    });
    const [figure] = await toFigureDtos(tx, [after]);
    if (!figure) throw new Error(`figure ${figureId} lost its article`);
    return { figure, event };
  });

  publishChange(event, { figures: [figure], actorName: actor.displayName });
  return figure;
}
