// Runs the extractor over one article inside the caller's transaction and
// stores the result (save-figures.ts): on import, when a seed's text changes
// (claim.updated), and for articles read by an older FIGURES_VERSION
// (backfill.ts). Sets claims.figures_version and appends one
// `figure.extracted` event; the caller publishes after the commit.
import 'server-only';
import type { Tx } from '../../db';
import { appendAuditEvent } from '../../audit/append-audit-event';
import type { Actor } from '../../auth/permissions';
import { type AuditEventRecord, SYSTEM_ACTOR } from '../../validation/audit-events';
import type { FigureDto } from '../../validation/figures';
import { extractFigures, FIGURES_VERSION } from '../extract-figures';
import { loadFigureDtos } from './load-figures';
import { lockClaimFigures } from './lock';
import { saveFigures } from './save-figures';

export type ExtractClaimFiguresOptions = {
  claimId: string;
  /** claims.body exactly as stored: spans are offsets into it. */
  body: string;
  language: string;
  publishedAt: Date | null;
  /** Who imported it; null for the system (seeder, backfill). */
  actor: Actor | null;
  requestId?: string | null;
};

export type ExtractClaimFiguresResult = {
  event: AuditEventRecord;
  /** Every figure of the article after the run (DeskChange.figures). */
  figures: FigureDto[];
  /** Extracted figures the run removed (DeskChange.removedFigureIds). */
  removedFigureIds: string[];
};

export async function extractClaimFigures(tx: Tx, options: ExtractClaimFiguresOptions): Promise<ExtractClaimFiguresResult> {
  const { claimId, body } = options;
  await lockClaimFigures(tx, claimId);
  const extracted = extractFigures({ body, language: options.language, publishedAt: options.publishedAt });
  const saved = await saveFigures(tx, { claimId, body, extracted });
  // Raw: claims.updated_at orders the queue, and reading an article again is not an update of it.
  await tx.$executeRaw`UPDATE claims SET figures_version = ${FIGURES_VERSION}::smallint WHERE id = ${claimId}::uuid`;
  const figures = await loadFigureDtos(tx, { claimId });
  const envelope = options.actor ? { actorId: options.actor.id, actorLabel: options.actor.email } : SYSTEM_ACTOR;
  const event = await appendAuditEvent(tx, {
    ...envelope,
    requestId: options.requestId ?? null,
    action: 'figure.extracted',
    claimId,
    after: {
      extractorVersion: FIGURES_VERSION,
      count: figures.filter((f) => !f.dismissed).length,
      created: saved.created,
      kept: saved.kept,
      removed: saved.removedIds.length,
    },
  });
  return { event, figures, removedFigureIds: saved.removedIds };
}
