// Builds FigureDto (lib/validation/figures.ts) from database rows, and the
// snapshots the figure.* audit events carry. Span and sentence text are
// sliced from the claim body as stored (JS string offsets, as extracted).
import 'server-only';
import type { Prisma } from '../../generated/prisma/client';
import { textDirection } from '../../utils/text-direction';
import {
  FIGURE_CORRECTABLE,
  FIGURE_COUNTED,
  FIGURE_QUALIFIERS,
  type FigureCorrectable,
  type FigureCounted,
  type FigureDto,
  type FigureQualifier,
  type FigureSnapshot,
  type FigureVerdictState,
} from '../../validation/figures';
import { parseStoredEvidence } from '../../validation/verdicts';

/** What a FigureDto needs beside the figure's own columns: every figure query returning one includes this. */
export const FIGURE_DTO_INCLUDE = { decidedBy: { select: { id: true, displayName: true } } } as const satisfies Prisma.FigureInclude;
/**
 * The article's columns a FigureDto reads, loaded once per article (not per
 * figure: a story's board holds thousands of figures of a few hundred bodies).
 */
export const FIGURE_CLAIM_SELECT = {
  id: true,
  storyId: true,
  body: true,
  title: true,
  language: true,
  outlet: true,
  publishedAt: true,
} as const satisfies Prisma.ClaimSelect;

export type FigureRow = Prisma.FigureGetPayload<{ include: typeof FIGURE_DTO_INCLUDE }>;
export type FigureClaim = Prisma.ClaimGetPayload<{ select: typeof FIGURE_CLAIM_SELECT }>;
type FigureColumns = Prisma.FigureGetPayload<object>;

const isCounted = (v: string): v is FigureCounted => (FIGURE_COUNTED as readonly string[]).includes(v);
const isQualifier = (v: string): v is FigureQualifier => (FIGURE_QUALIFIERS as readonly string[]).includes(v);
const isCorrectable = (v: string): v is FigureCorrectable => (FIGURE_CORRECTABLE as readonly string[]).includes(v);

/** The CHECK constraints keep these in the vocabulary; a value from a newer version reads as "other" / "exact". */
export const countedOf = (f: Pick<FigureColumns, 'counted'>): FigureCounted => (isCounted(f.counted) ? f.counted : 'other');
export const qualifierOf = (f: Pick<FigureColumns, 'qualifier'>): FigureQualifier => (isQualifier(f.qualifier) ? f.qualifier : 'exact');
export const correctedFieldsOf = (f: Pick<FigureColumns, 'correctedFields'>): FigureCorrectable[] => f.correctedFields.filter(isCorrectable);

const isoDay = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** A slice of the body, clamped: a kept figure of an older body may reach past a shorter new one. */
function slice(body: string, start: number, end: number) {
  const s = Math.min(Math.max(start, 0), body.length);
  return { start, end, text: body.slice(s, Math.min(Math.max(end, s), body.length)) };
}

export function toFigureDto(f: FigureRow, claim: FigureClaim): FigureDto {
  return {
    id: f.id,
    claimId: f.claimId,
    storyId: claim.storyId,
    ordinal: f.ordinal,
    origin: f.origin === 'added' ? 'added' : 'extracted',
    qualifier: qualifierOf(f),
    value: f.value,
    min: f.minValue,
    max: f.maxValue,
    approximate: f.approximate,
    unit: f.unit,
    counted: countedOf(f),
    countedText: f.countedText,
    attribution: { text: f.attribution, source: f.source, relayedBy: f.relayedBy },
    time: { text: f.timeText, date: isoDay(f.timeDate) },
    span: slice(claim.body, f.spanStart, f.spanEnd),
    sentence: slice(claim.body, f.sentenceStart, f.sentenceEnd),
    supersededById: f.supersededById,
    correctedFields: correctedFieldsOf(f),
    dismissed: f.dismissedAt !== null,
    status: f.status,
    version: f.version,
    reason: f.reason,
    evidence: parseStoredEvidence(f.evidence),
    reReviewAt: f.reReviewAt?.toISOString() ?? null,
    decidedBy: f.decidedBy ? { id: f.decidedBy.id, displayName: f.decidedBy.displayName } : null,
    decidedAt: f.decidedAt?.toISOString() ?? null,
    article: {
      title: claim.title,
      language: claim.language,
      direction: textDirection(claim.language),
      outlet: claim.outlet,
      publishedAt: claim.publishedAt?.toISOString() ?? null,
    },
  };
}

/** The figure.corrected / figure.added payload. */
export function figureSnapshot(f: FigureColumns): FigureSnapshot {
  return {
    figureId: f.id,
    version: f.version,
    qualifier: qualifierOf(f),
    value: f.value,
    min: f.minValue,
    max: f.maxValue,
    approximate: f.approximate,
    unit: f.unit,
    counted: countedOf(f),
    attribution: f.attribution,
    source: f.source,
    relayedBy: f.relayedBy,
    timeText: f.timeText,
    timeDate: isoDay(f.timeDate),
    spanStart: f.spanStart,
    spanEnd: f.spanEnd,
  };
}

/** The figure.verdict_set payload. */
export function figureVerdictState(
  f: Pick<FigureColumns, 'id' | 'status' | 'reason' | 'evidence' | 'reReviewAt' | 'version' | 'decidedById'>,
): FigureVerdictState {
  return {
    figureId: f.id,
    status: f.status,
    reason: f.reason,
    evidence: parseStoredEvidence(f.evidence),
    reReviewAt: f.reReviewAt?.toISOString() ?? null,
    version: f.version,
    decidedById: f.decidedById,
  };
}
