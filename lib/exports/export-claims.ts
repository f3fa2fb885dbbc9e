// Reads the claims of an export in batches (keyset on source key), each with its
// verdict history, so memory stays flat however many claims the slice holds.
import 'server-only';
import type { Claim, Prisma } from '../generated/prisma/client';
import { toAuditRecord } from '../audit/to-record';
import type { Actor } from '../auth/permissions';
import { claimFilters } from '../claims/list-claims';
import { db } from '../db';
import { type TextDirection, textDirection } from '../utils/text-direction';
import type { ClaimStatus } from '../validation/claims';
import type { ExportQuery } from '../validation/export';
import { isId } from '../validation/ids';
import { type Evidence, parseStoredEvidence } from '../validation/verdicts';
import { type ExportFigure, figuresOfArticles, toExportFigure } from './export-figures';

export type ExportVerdict = {
  seq: number;
  at: string;
  by: string;
  status: ClaimStatus;
  previousStatus: ClaimStatus | null;
  reason: string | null;
  evidence: Evidence[];
};

export type ExportClaim = {
  id: string;
  sourceKey: string;
  title: string;
  language: string;
  /** Which way the title runs (from the language): the reports lay it out so. */
  direction: TextDirection;
  /** What the article says about itself; null when unknown. */
  outlet: string | null;
  byline: string | null;
  articleUrl: string | null;
  publishedAt: string | null;
  status: ClaimStatus;
  reason: string | null;
  evidence: { url: string; label: string | null }[];
  decidedBy: { name: string; email: string } | null;
  decidedAt: string | null;
  reReviewAt: string | null;
  version: number;
  /** The story it belongs to (lib/stories/desk) and that story's title (an editor's rename first); null until grouped. */
  storyId: string | null;
  storyTitle: string | null;
  createdAt: string;
  updatedAt: string;
  history: ExportVerdict[];
  /** The article's figures (issue 13) in article order, dismissed ones flagged, each with its verdict and story. */
  figures: ExportFigure[];
};

const BATCH = 500;

/** A figure that gets its own ClaimReview: a verdict, and not dismissed as a false figure. */
export const REVIEWED_FIGURE = { status: { not: 'unreviewed' }, dismissedAt: null } satisfies Prisma.FigureWhereInput;

type ClaimWithStory = Claim & { story: { title: string; customTitle: string | null } | null };

export async function exportWhere(actor: Actor, query: ExportQuery, decidedOnly = false): Promise<Prisma.ClaimWhereInput> {
  const where: Prisma.ClaimWhereInput = claimFilters(actor, { ...query, limit: 1 });
  const and: Prisma.ClaimWhereInput[] = [where];
  if (query.reviewer) {
    const byEmail = !isId(query.reviewer);
    const user = byEmail ? await db.user.findUnique({ where: { email: query.reviewer.toLowerCase() }, select: { id: true } }) : { id: query.reviewer };
    and.push({ decidedById: user?.id ?? '00000000-0000-0000-0000-000000000000' });
  }
  if (query.from || query.to) {
    and.push({
      decidedAt: {
        ...(query.from ? { gte: new Date(`${query.from}T00:00:00.000Z`) } : {}),
        ...(query.to ? { lte: new Date(`${query.to}T23:59:59.999Z`) } : {}),
      },
    });
  }
  if (query.story) and.push({ storyId: query.story });
  if (query.ids) and.push({ id: { in: query.ids } });
  // ClaimReview: a claim with a verdict, or with a reviewed figure (each figure gets its own review).
  if (decidedOnly) and.push({ OR: [{ status: { not: 'unreviewed' } }, { figures: { some: REVIEWED_FIGURE } }] });
  return { AND: and };
}

export async function* iterateExportClaims(where: Prisma.ClaimWhereInput): AsyncGenerator<ExportClaim> {
  const users = new Map((await db.user.findMany({ select: { id: true, displayName: true, email: true } })).map((u) => [u.id, u]));
  let after: string | null = null;
  for (;;) {
    const claims: ClaimWithStory[] = await db.claim.findMany({
      where: after ? { AND: [where, { sourceKey: { gt: after } }] } : where,
      include: { story: { select: { title: true, customTitle: true } } },
      orderBy: { sourceKey: 'asc' },
      take: BATCH,
    });
    if (claims.length === 0) return;
    const rows = await db.auditEvent.findMany({
      where: { claimId: { in: claims.map((c) => c.id) }, action: { in: ['claim.verdict_set', 'figure.verdict_set'] } },
      orderBy: { seq: 'asc' },
    });
    const history = new Map<string, ExportVerdict[]>();
    const figureHistory = new Map<string, ExportVerdict[]>();
    const add = (map: Map<string, ExportVerdict[]>, key: string, v: ExportVerdict) => map.set(key, [...(map.get(key) ?? []), v]);
    for (const e of rows.map(toAuditRecord)) {
      // An unreadable row (logged by toAuditRecord, shown as such in the audit trail) has no verdict to report.
      if (e.action !== 'claim.verdict_set' && e.action !== 'figure.verdict_set') continue;
      const verdict: ExportVerdict = {
        seq: e.seq,
        at: e.at,
        by: (e.actorId && users.get(e.actorId)?.displayName) || e.actorLabel,
        status: e.after.status,
        previousStatus: e.before.status,
        reason: e.reason,
        evidence: e.after.evidence,
      };
      if (e.action === 'claim.verdict_set') add(history, e.claimId, verdict);
      else add(figureHistory, e.after.figureId, verdict);
    }
    const figures = await figuresOfArticles(claims.map((c) => ({ ...c, storyTitle: c.story ? (c.story.customTitle ?? c.story.title) : null })));
    for (const c of claims) {
      const storyTitle = c.story ? (c.story.customTitle ?? c.story.title) : null;
      const decider = c.decidedById ? users.get(c.decidedById) : undefined;
      yield {
        id: c.id,
        sourceKey: c.sourceKey,
        title: c.title,
        language: c.language,
        direction: textDirection(c.language),
        outlet: c.outlet,
        byline: c.byline,
        articleUrl: c.articleUrl,
        publishedAt: c.publishedAt?.toISOString() ?? null,
        status: c.status,
        reason: c.reason,
        evidence: parseStoredEvidence(c.evidence),
        decidedBy: decider ? { name: decider.displayName, email: decider.email } : null,
        decidedAt: c.decidedAt?.toISOString() ?? null,
        reReviewAt: c.reReviewAt?.toISOString() ?? null,
        version: c.version,
        storyId: c.storyId,
        storyTitle,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
        history: history.get(c.id) ?? [],
        figures: (figures.get(c.id) ?? []).map((f) =>
          toExportFigure(f, f.decidedBy && users.get(f.decidedBy.id)?.email, storyTitle, figureHistory.get(f.id) ?? []),
        ),
      };
    }
    const last = claims.at(-1);
    if (!last || claims.length < BATCH) return;
    after = last.sourceKey;
  }
}

export async function countByStatus(where: Prisma.ClaimWhereInput): Promise<Record<ClaimStatus, number>> {
  const groups = await db.claim.groupBy({ by: ['status'], where, _count: { _all: true } });
  const counts: Record<ClaimStatus, number> = { unreviewed: 0, verified: 0, disputed: 0, outdated: 0 };
  for (const g of groups) counts[g.status] = g._count._all;
  return counts;
}
