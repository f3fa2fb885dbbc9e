// An editor's verdict report: permission, the slice, one audit event (who, which
// format, which filters, how many claims), then the streamed file.
import type { Readable } from 'node:stream';
import { appendAuditEvent } from '../audit/append-audit-event';
import { canExport, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import type { ExportFormat, ExportQuery } from '../validation/export';
import { countByStatus, exportWhere, iterateExportClaims } from './export-claims';
import { claimReviewStream, publisherFromEnv } from './formats/claimreview';
import { csvStream } from './formats/csv';
import { htmlStream } from './formats/html';
import { jsonStream } from './formats/json';
import { pdfStream } from './formats/pdf';

const FILE: Record<ExportFormat, { ext: string; type: string }> = {
  csv: { ext: 'csv', type: 'text/csv; charset=utf-8' },
  json: { ext: 'json', type: 'application/json; charset=utf-8' },
  claimreview: { ext: 'jsonld', type: 'application/ld+json; charset=utf-8' },
  html: { ext: 'html', type: 'text/html; charset=utf-8' },
  pdf: { ext: 'pdf', type: 'application/pdf' },
};

export type ExportFile = { fileName: string; contentType: string; count: number; body: Readable };

export async function produceExport(options: { actor: Actor; query: ExportQuery; requestId?: string | null; now?: Date }): Promise<ExportFile> {
  const { actor, query } = options;
  if (!canExport(actor)) throw new AppError('forbidden', 'Your role cannot export reports.');
  const now = options.now ?? new Date();
  const where = await exportWhere(actor, query, query.format === 'claimreview');
  const counts = await countByStatus(where);
  const count = Object.values(counts).reduce((a, b) => a + b, 0);
  const filters = Object.fromEntries(Object.entries(query).filter(([k, v]) => k !== 'format' && v !== undefined));

  const event = await db.$transaction((tx) =>
    appendAuditEvent(tx, {
      action: 'export.produced',
      actorId: actor.id,
      actorLabel: actor.email,
      after: { format: query.format, filters, count },
      requestId: options.requestId ?? null,
    }),
  );
  publishChange(event, { actorName: actor.displayName });

  const org = publisherFromEnv();
  const meta = { exportedAt: now.toISOString(), exportedBy: actor.displayName, filters, count };
  const claims = iterateExportClaims(where);
  const body = {
    csv: () => csvStream(claims),
    json: () => jsonStream(claims, meta),
    claimreview: () => claimReviewStream(claims, org),
    html: () => htmlStream(claims, meta, counts, org.name),
    pdf: () => pdfStream(claims, meta, counts, org.name),
  }[query.format]();
  const { ext, type } = FILE[query.format];
  return { fileName: `factdesk-verdicts-${now.toISOString().slice(0, 10)}.${ext}`, contentType: type, count, body };
}
