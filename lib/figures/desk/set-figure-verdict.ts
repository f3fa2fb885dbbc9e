// A figure's verdict, with the claim verdict's rules (lib/claims/set-verdict.ts):
// who may decide, what a verdict carries, optimistic locking on the figure's
// version in one statement. Change and audit event commit together; the
// change is published after the commit.
import 'server-only';
import type { Prisma } from '../../generated/prisma/client';
import { appendAuditEvent } from '../../audit/append-audit-event';
import { type Actor, canSetVerdict } from '../../auth/permissions';
import { db } from '../../db';
import { AppError } from '../../errors';
import { publishChange } from '../../realtime/publish';
import type { FigureDto, FigureVerdictInput } from '../../validation/figures';
import { FIGURE_DTO_INCLUDE, figureVerdictState } from './figure-dto';
import { toFigureDtos } from './load-figures';
import { figureNotFound, staleFigureError } from './stale-figure';

/** The entry point has parsed `figureId` (figureIdSchema) and `verdict` (figureVerdictSchema). */
export type SetFigureVerdictOptions = { actor: Actor; figureId: string; verdict: FigureVerdictInput; requestId?: string | null };

export async function setFigureVerdict(options: SetFigureVerdictOptions): Promise<FigureDto> {
  const { actor, figureId, verdict: input } = options;
  if (!canSetVerdict(actor, input.status)) {
    throw new AppError('forbidden', input.status === 'unreviewed' ? 'Only editors can return a figure to unreviewed.' : 'Your role cannot set verdicts.');
  }

  const { figure, event } = await db.$transaction(async (tx) => {
    const before = await tx.figure.findUnique({ where: { id: figureId } });
    if (!before) throw figureNotFound();
    const now = new Date();
    const data: Prisma.FigureUpdateManyMutationInput = {
      status: input.status,
      reason: input.reason,
      evidence: input.evidence.map((e) => ({ url: e.url, label: e.label || null })),
      reReviewAt: input.status === 'outdated' && input.reReviewAt ? new Date(input.reReviewAt) : null,
      decidedAt: now,
      version: { increment: 1 },
      updatedAt: now,
    };
    // The version check and the write are one statement: of many concurrent
    // requests naming the same version, exactly one matches.
    const { count } = await tx.figure.updateMany({ where: { id: figureId, version: input.expectedVersion }, data: { ...data, decidedById: actor.id } });
    if (count === 0) throw await staleFigureError(tx, figureId, input.expectedVersion);
    const after = await tx.figure.findUniqueOrThrow({ where: { id: figureId }, include: FIGURE_DTO_INCLUDE });
    const event = await appendAuditEvent(tx, {
      action: 'figure.verdict_set',
      actorId: actor.id,
      actorLabel: actor.email,
      claimId: after.claimId,
      before: figureVerdictState(before),
      after: figureVerdictState(after),
      reason: input.reason,
      requestId: options.requestId ?? null,
    });
    const [figure] = await toFigureDtos(tx, [after]);
    if (!figure) throw new Error(`figure ${figureId} lost its article`);
    return { figure, event };
  });

  publishChange(event, { figures: [figure], actorName: actor.displayName });
  return figure;
}
