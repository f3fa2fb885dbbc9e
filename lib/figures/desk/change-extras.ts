// What a replayed figure change carries (lib/history/replay-changes.ts): the
// figures its audit event names, as they are now, the way the live change
// carried them. figure.extracted names every figure of its article; the other
// figure.* events name their figure, or list it as removed when a later
// extraction took it away. One read for a whole page of events.
import 'server-only';
import { db } from '../../db';
import type { AuditEventRecord } from '../../validation/audit-events';
import type { FigureDto } from '../../validation/figures';
import { loadFigureDtos } from './load-figures';

export type FigureChangeExtras = { figures: FigureDto[]; removedFigureIds?: string[] };

type Named = { kind: 'article'; claimId: string } | { kind: 'figure'; figureId: string };

function named(e: AuditEventRecord): Named | null {
  switch (e.action) {
    case 'figure.extracted':
      return { kind: 'article', claimId: e.claimId };
    case 'figure.verdict_set':
    case 'figure.corrected':
    case 'figure.added':
    case 'figure.dismissed':
      return { kind: 'figure', figureId: e.after.figureId };
    default:
      return null;
  }
}

export async function figureChangeExtras(events: readonly AuditEventRecord[]): Promise<Map<number, FigureChangeExtras>> {
  const byEvent = new Map<number, Named>();
  for (const e of events) {
    const n = named(e);
    if (n) byEvent.set(e.seq, n);
  }
  const extras = new Map<number, FigureChangeExtras>();
  if (byEvent.size === 0) return extras;
  const all = [...byEvent.values()];
  const claimIds = [...new Set(all.flatMap((n) => (n.kind === 'article' ? [n.claimId] : [])))];
  const figureIds = [...new Set(all.flatMap((n) => (n.kind === 'figure' ? [n.figureId] : [])))];
  const figures = await loadFigureDtos(db, { OR: [{ claimId: { in: claimIds } }, { id: { in: figureIds } }] });
  const byId = new Map(figures.map((f) => [f.id, f]));
  for (const [seq, n] of byEvent) {
    if (n.kind === 'article') {
      extras.set(seq, { figures: figures.filter((f) => f.claimId === n.claimId) });
      continue;
    }
    const figure = byId.get(n.figureId);
    extras.set(seq, figure ? { figures: [figure] } : { figures: [], removedFigureIds: [n.figureId] });
  }
  return extras;
}
