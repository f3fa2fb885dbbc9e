// An editor corrects an extracted or added figure: the groups named (numbers,
// counted, attribution, time) take the editor's values and join
// corrected_fields, so re-extraction keeps them. Version check and write are
// one statement; the audit event carries the snapshots before and after.
import 'server-only';
import type { Prisma } from '../../generated/prisma/client';
import { appendAuditEvent } from '../../audit/append-audit-event';
import { type Actor, canEditFigures } from '../../auth/permissions';
import { db } from '../../db';
import { AppError } from '../../errors';
import { publishChange } from '../../realtime/publish';
import { FIGURE_CORRECTABLE, type FigureCorrectable, type FigureCorrectionInput, type FigureDto } from '../../validation/figures';
import { correctedFieldsOf, FIGURE_DTO_INCLUDE, figureSnapshot } from './figure-dto';
import { toFigureDtos } from './load-figures';
import { lockClaimFigures } from './lock';
import { figureNotFound, staleFigureError } from './stale-figure';

/** The entry point has parsed `figureId` (figureIdSchema) and `correction` (figureCorrectionSchema). */
export type CorrectFigureOptions = { actor: Actor; figureId: string; correction: FigureCorrectionInput; requestId?: string | null };

const day = (iso: string | null | undefined) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

/** The columns of each group the correction names. */
function correctedColumns(c: FigureCorrectionInput): { fields: FigureCorrectable[]; data: Prisma.FigureUpdateManyMutationInput } {
  const data: Prisma.FigureUpdateManyMutationInput = {};
  if (c.numbers) {
    Object.assign(data, {
      qualifier: c.numbers.qualifier,
      value: c.numbers.value ?? null,
      minValue: c.numbers.min ?? null,
      maxValue: c.numbers.max ?? null,
      approximate: c.numbers.approximate,
    });
  }
  if (c.counted) data.counted = c.counted;
  if (c.attribution) Object.assign(data, { attribution: c.attribution.attribution, source: c.attribution.source, relayedBy: c.attribution.relayedBy });
  if (c.time) Object.assign(data, { timeText: c.time.timeText, timeDate: day(c.time.timeDate) });
  const fields = FIGURE_CORRECTABLE.filter((f) => c[f] !== undefined);
  return { fields, data };
}

export async function correctFigure(options: CorrectFigureOptions): Promise<FigureDto> {
  const { actor, figureId, correction } = options;
  if (!canEditFigures(actor)) throw new AppError('forbidden', 'Only editors can correct figures.');
  const { fields, data } = correctedColumns(correction);

  const { figure, event } = await db.$transaction(async (tx) => {
    const found = await tx.figure.findUnique({ where: { id: figureId }, select: { claimId: true } });
    if (!found) throw figureNotFound();
    // No extraction of this article runs meanwhile (it would write the groups being corrected).
    await lockClaimFigures(tx, found.claimId);
    const before = await tx.figure.findUniqueOrThrow({ where: { id: figureId } });
    const corrected = [...new Set([...correctedFieldsOf(before), ...fields])];
    const { count } = await tx.figure.updateMany({
      where: { id: figureId, version: correction.expectedVersion },
      data: { ...data, correctedFields: corrected, version: { increment: 1 }, updatedAt: new Date() },
    });
    if (count === 0) throw await staleFigureError(tx, figureId, correction.expectedVersion);
    const after = await tx.figure.findUniqueOrThrow({ where: { id: figureId }, include: FIGURE_DTO_INCLUDE });
    const event = await appendAuditEvent(tx, {
      action: 'figure.corrected',
      actorId: actor.id,
      actorLabel: actor.email,
      claimId: after.claimId,
      before: figureSnapshot(before),
      after: { ...figureSnapshot(after), fields },
      reason: correction.note ?? null,
      requestId: options.requestId ?? null,
    });
    const [figure] = await toFigureDtos(tx, [after]);
    if (!figure) throw new Error(`figure ${figureId} lost its article`);
    return { figure, event };
  });

  publishChange(event, { figures: [figure], actorName: actor.displayName });
  return figure;
}
