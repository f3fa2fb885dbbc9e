// The figures of the claims an export holds (issue 13): as each claim's
// `figures` in JSON, CSV and ClaimReview, and per story as the board the
// HTML and PDF reports draw. Read in the export's own batches of claims, and
// per story for the boards, so memory is bounded by the largest story.
import 'server-only';
import type { Prisma } from '../generated/prisma/client';
import { db } from '../db';
import { loadFigureDtos, toFigureDto } from '../figures/desk';
import { FIGURE_DTO_INCLUDE, type FigureClaim } from '../figures/desk/figure-dto';
import type { ClaimStatus } from '../validation/claims';
import type { FigureCorrectable, FigureCounted, FigureDto, FigureQualifier } from '../validation/figures';
import type { Evidence } from '../validation/verdicts';
import type { ExportVerdict } from './export-claims';

/** One figure in the JSON export: the FigureDto's facts, its verdict as the claims carry theirs, and its story. */
export type ExportFigure = {
  id: string;
  ordinal: number;
  origin: FigureDto['origin'];
  qualifier: FigureQualifier;
  value: number | null;
  min: number | null;
  max: number | null;
  approximate: boolean;
  unit: string | null;
  counted: FigureCounted;
  countedText: string | null;
  attribution: FigureDto['attribution'];
  time: FigureDto['time'];
  span: FigureDto['span'];
  sentence: FigureDto['sentence'];
  supersededById: string | null;
  correctedFields: FigureCorrectable[];
  dismissed: boolean;
  status: ClaimStatus;
  reason: string | null;
  evidence: Evidence[];
  reReviewAt: string | null;
  decidedBy: { name: string; email: string } | null;
  decidedAt: string | null;
  version: number;
  storyId: string | null;
  storyTitle: string | null;
  /** Every verdict on the figure, oldest first, from the audit trail. */
  history: ExportVerdict[];
};

/** The figures of these articles, by claim id, in article order (dismissed ones included). */
export async function figuresOfArticles(articles: FigureClaim[]): Promise<Map<string, FigureDto[]>> {
  const byId = new Map(articles.map((a) => [a.id, a]));
  const rows = await db.figure.findMany({
    where: { claimId: { in: articles.map((a) => a.id) } },
    include: FIGURE_DTO_INCLUDE,
    orderBy: [{ claimId: 'asc' }, { ordinal: 'asc' }, { spanStart: 'asc' }],
  });
  const out = new Map<string, FigureDto[]>();
  for (const f of rows) {
    const article = byId.get(f.claimId);
    if (!article) continue;
    out.set(f.claimId, [...(out.get(f.claimId) ?? []), toFigureDto(f, article)]);
  }
  return out;
}

export function toExportFigure(dto: FigureDto, decidedByEmail: string | null | undefined, storyTitle: string | null, history: ExportVerdict[]): ExportFigure {
  return {
    id: dto.id,
    ordinal: dto.ordinal,
    origin: dto.origin,
    qualifier: dto.qualifier,
    value: dto.value,
    min: dto.min,
    max: dto.max,
    approximate: dto.approximate,
    unit: dto.unit,
    counted: dto.counted,
    countedText: dto.countedText,
    attribution: dto.attribution,
    time: dto.time,
    span: dto.span,
    sentence: dto.sentence,
    supersededById: dto.supersededById,
    correctedFields: dto.correctedFields,
    dismissed: dto.dismissed,
    status: dto.status,
    reason: dto.reason,
    evidence: dto.evidence,
    reReviewAt: dto.reReviewAt,
    decidedBy: dto.decidedBy ? { name: dto.decidedBy.displayName, email: decidedByEmail ?? '' } : null,
    decidedAt: dto.decidedAt,
    version: dto.version,
    storyId: dto.storyId,
    storyTitle: dto.storyId ? storyTitle : null,
    history,
  };
}

/** A story's board in a report: the live figures of the export's claims in that story (id null: claims in no story yet). */
export type ExportBoardStory = { id: string | null; title: string | null; articles: number; figures: FigureDto[] };

/**
 * Story by story (by title; the claims in no story last), the live figures of
 * the export's claims in it, for the reports' boards. Stories whose exported
 * claims hold no live figure are left out. One story in memory at a time.
 */
export async function* iterateExportBoardStories(where: Prisma.ClaimWhereInput): AsyncGenerator<ExportBoardStory> {
  const groups = await db.claim.groupBy({
    by: ['storyId'],
    where: { AND: [where, { figures: { some: { dismissedAt: null } } }] },
    _count: { _all: true },
  });
  const ids = groups.map((g) => g.storyId).filter((id): id is string => id !== null);
  const stories = await db.story.findMany({ where: { id: { in: ids } }, select: { id: true, title: true, customTitle: true } });
  const titled = stories.map((s) => ({ id: s.id, title: s.customTitle ?? s.title })).sort((a, b) => a.title.localeCompare(b.title));
  const unstoried = groups.some((g) => g.storyId === null) ? [{ id: null, title: null }] : [];
  for (const story of [...titled, ...unstoried]) {
    const inStory: Prisma.ClaimWhereInput = { AND: [where, { storyId: story.id }] };
    const figures = await loadFigureDtos(db, { claim: inStory, dismissedAt: null });
    const articles = new Set(figures.map((f) => f.claimId)).size;
    if (figures.length) yield { ...story, articles, figures };
  }
}
