// What the audit page's rows are about, by name: the claim's title, and for a
// figure event the figure's value and the article it sits in. Bounded by one page of events.
import 'server-only';
import { db } from '../db';
import { claimTitles, type ClaimTitle } from '../claims/claim-titles';
import { formatFigure } from '../figures/board';
import type { PublicAuditEvent } from '../validation/audit-events';
import { FIGURE_QUALIFIERS, type FigureQualifier } from '../validation/vocabulary';

export type AuditSubjects = { claims: Record<string, ClaimTitle>; figures: Record<string, string> };

/** The figure an event changed, when it names one. */
export function figureIdOf(e: PublicAuditEvent): string | null {
  switch (e.action) {
    case 'figure.verdict_set':
    case 'figure.corrected':
    case 'figure.dismissed':
    case 'figure.added':
      return e.after.figureId;
    default:
      return null;
  }
}

const qualifierOf = (q: string): FigureQualifier => FIGURE_QUALIFIERS.find((known) => known === q) ?? 'exact';

export async function auditSubjects(events: readonly PublicAuditEvent[]): Promise<AuditSubjects> {
  const figureIds = [...new Set(events.map(figureIdOf).filter((id): id is string => id !== null))];
  const [claims, figures] = await Promise.all([
    claimTitles(events.flatMap((e) => (e.claimId ? [e.claimId] : []))),
    figureIds.length === 0
      ? Promise.resolve([])
      : db.figure.findMany({
          where: { id: { in: figureIds } },
          select: { id: true, qualifier: true, value: true, minValue: true, maxValue: true, approximate: true, unit: true },
        }),
  ]);
  return {
    claims,
    figures: Object.fromEntries(
      figures.map((f) => [
        f.id,
        formatFigure({ qualifier: qualifierOf(f.qualifier), value: f.value, min: f.minValue, max: f.maxValue, approximate: f.approximate, unit: f.unit }),
      ]),
    ),
  };
}
