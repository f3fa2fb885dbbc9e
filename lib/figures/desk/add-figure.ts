// An editor adds a figure the extractor missed, at a span of the article body
// (a text selection on the claim page): origin "added", never touched by
// re-extraction. The span must lie within the body and hold more than
// whitespace; a span that already has a figure is refused with that figure.
import 'server-only';
import { appendAuditEvent } from '../../audit/append-audit-event';
import { type Actor, canEditFigures } from '../../auth/permissions';
import { db } from '../../db';
import { AppError, fieldError } from '../../errors';
import { publishChange } from '../../realtime/publish';
import type { FigureAddInput, FigureDto } from '../../validation/figures';
import { FIGURE_DTO_INCLUDE, figureSnapshot } from './figure-dto';
import { loadFigureDto, toFigureDtos } from './load-figures';
import { lockClaimFigures } from './lock';
import { sentenceBounds } from './sentence-bounds';

/** The entry point has parsed `claimId` (claimIdSchema) and `figure` (figureAddSchema). */
export type AddFigureOptions = { actor: Actor; claimId: string; figure: FigureAddInput; requestId?: string | null };

export async function addFigure(options: AddFigureOptions): Promise<FigureDto> {
  const { actor, claimId, figure: input } = options;
  if (!canEditFigures(actor)) throw new AppError('forbidden', 'Only editors can add figures.');

  const { figure, event } = await db.$transaction(async (tx) => {
    const claim = await tx.claim.findUnique({ where: { id: claimId }, select: { body: true } });
    if (!claim) throw new AppError('not_found', 'No claim with this id.');
    const { body } = claim;
    if (input.spanEnd > body.length) {
      throw fieldError('spanEnd', `The span ends past the article text (${body.length.toLocaleString('en')} characters).`);
    }
    if (body.slice(input.spanStart, input.spanEnd).trim() === '')
      throw fieldError('spanStart', 'The span holds only whitespace: select the figure in the text.');
    // The unique span and the ordinals are the article's: no extraction or other addition meanwhile.
    await lockClaimFigures(tx, claimId);
    const taken = await tx.figure.findUnique({
      where: { claimId_spanStart_spanEnd: { claimId, spanStart: input.spanStart, spanEnd: input.spanEnd } },
      select: { id: true },
    });
    if (taken) {
      throw new AppError('conflict', 'This text already has a figure; correct that figure instead. Nothing was saved.', undefined, {
        current: await loadFigureDto(tx, taken.id),
      });
    }
    const sentence = sentenceBounds(body, input.spanStart, input.spanEnd);
    const { numbers } = input;
    const created = await tx.figure.create({
      data: {
        claimId,
        ordinal: 0,
        origin: 'added',
        qualifier: numbers.qualifier,
        value: numbers.value ?? null,
        minValue: numbers.min ?? null,
        maxValue: numbers.max ?? null,
        approximate: numbers.approximate,
        unit: input.unit ?? null,
        counted: input.counted,
        countedText: input.countedText ?? null,
        attribution: input.attribution,
        source: input.source,
        relayedBy: input.relayedBy,
        timeText: input.timeText,
        timeDate: input.timeDate ? new Date(`${input.timeDate}T00:00:00Z`) : null,
        spanStart: input.spanStart,
        spanEnd: input.spanEnd,
        sentenceStart: sentence.start,
        sentenceEnd: sentence.end,
      },
    });
    // Its place among the article's figures (span order), the others' shifting after it.
    await tx.$executeRaw`
      UPDATE figures f SET ordinal = r.n
      FROM (SELECT id, (row_number() OVER (ORDER BY span_start, span_end, id) - 1)::int AS n FROM figures WHERE claim_id = ${claimId}::uuid) r
      WHERE f.id = r.id AND f.ordinal <> r.n`;
    const after = await tx.figure.findUniqueOrThrow({ where: { id: created.id }, include: FIGURE_DTO_INCLUDE });
    const event = await appendAuditEvent(tx, {
      action: 'figure.added',
      actorId: actor.id,
      actorLabel: actor.email,
      claimId,
      after: figureSnapshot(after),
      reason: input.note ?? null,
      requestId: options.requestId ?? null,
    });
    const [figure] = await toFigureDtos(tx, [after]);
    if (!figure) throw new Error(`figure ${created.id} lost its article`);
    return { figure, event };
  });

  publishChange(event, { figures: [figure], actorName: actor.displayName });
  return figure;
}
