// Figures for a batch of claims bulkImportClaims has just inserted, inside
// the batch's transaction: the extractor over each body, one INSERT for all
// their figures (supersessions included), one UPDATE of figures_version (when
// the claims' own INSERT did not set it), one `figure.extracted` event
// per claim (appended together). New claims have no figures to match and no
// one else can see them yet: no lock is needed. Nothing is published (bulk
// imports publish nothing; browsers see the claims on their next load).
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db';
import { appendAuditEvents } from '../../audit/append-audit-events';
import { type AuditEventInput, SYSTEM_ACTOR } from '../../validation/audit-events';
import { extractFigures, FIGURES_VERSION } from '../extract-figures';
import { insertFigureRows } from './insert-figures';
import { type NewFigureRow, newFigureRow, usable } from './save-figures';

export async function saveNewClaimsFigures(
  tx: Tx,
  claims: ReadonlyArray<{ id: string; body: string; language: string }>,
  options: { versionSet?: boolean } = {},
): Promise<number> {
  if (claims.length === 0) return 0;
  const rows: Array<NewFigureRow & { supersededById: string | null }> = [];
  const events: AuditEventInput[] = [];
  for (const claim of claims) {
    const extracted = extractFigures({ body: claim.body, language: claim.language, publishedAt: null });
    const ids: Array<string | null> = [];
    const seen = new Set<string>();
    let count = 0;
    for (const x of extracted) {
      const key = `${x.spanStart}:${x.spanEnd}`;
      if (!usable(x, claim.body) || seen.has(key)) {
        ids.push(null);
        continue;
      }
      seen.add(key);
      const id = randomUUID();
      ids.push(id);
      rows.push({ ...newFigureRow({ id, claimId: claim.id, body: claim.body, ordinal: count++ }, x), supersededById: null });
    }
    const byId = new Map(rows.slice(rows.length - count).map((r) => [r.id, r]));
    for (const [i, x] of extracted.entries()) {
      const id = ids[i];
      const by = x.supersededBy === null ? null : ids[x.supersededBy];
      const row = id ? byId.get(id) : undefined;
      if (row && by && by !== id) row.supersededById = by;
    }
    events.push({
      ...SYSTEM_ACTOR,
      action: 'figure.extracted',
      claimId: claim.id,
      after: { extractorVersion: FIGURES_VERSION, count, created: count, kept: 0, removed: 0 },
    });
  }
  await insertFigureRows(tx, rows);
  if (!options.versionSet)
    await tx.$executeRaw`UPDATE claims SET figures_version = ${FIGURES_VERSION}::smallint WHERE id = ANY(${claims.map((c) => c.id)}::uuid[])`;
  await appendAuditEvents(tx, events);
  return rows.length;
}
