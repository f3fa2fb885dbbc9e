// An editor's verdict report: permission, a slot (at most MAX_CONCURRENT_EXPORTS
// per account), the slice, one audit event (who, which format, which filters,
// how many claims), then the streamed file, which holds the slot until it ends.
import 'server-only';
import type { Readable } from 'node:stream';
import { appendAuditEvent } from '../audit/append-audit-event';
import { canExport, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import { reportAudit } from './report-audit';
import type { ExportFormat, ExportQuery } from '../validation/export';
import { reportBoard } from './board-report';
import { countByStatus, exportWhere, iterateExportClaims } from './export-claims';
import { iterateExportBoardStories } from './export-figures';
import { releaseWhenDone, takeExportSlot } from './export-slots';
import { exportFileName } from './export-file-name';
import { findExportStory } from './find-export-story';
import { claimReviewStream, publisherFromEnv } from './formats/claimreview';
import { csvStream, figuresCsvStream } from './formats/csv';
import { htmlStream } from './formats/html';
import { jsonStream } from './formats/json';
import { pdfStream } from './formats/pdf';

const CONTENT_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  'figures-csv': 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  claimreview: 'application/ld+json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
};

export type ExportFile = { fileName: string; contentType: string; count: number; body: Readable };

export type ProduceExportOptions = { actor: Actor; query: ExportQuery; requestId?: string | null; now?: Date };

// Filters the caller set, without the keys zod left undefined (the audit row
// and the file's metadata list only what was asked for).
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function produceExport(options: ProduceExportOptions): Promise<ExportFile> {
  const { actor } = options;
  if (!canExport(actor)) throw new AppError('forbidden', 'Your role cannot export reports.');
  const slot = takeExportSlot(actor.id);
  try {
    const file = await startExport(options);
    releaseWhenDone(file.body, slot);
    return file;
  } catch (e) {
    slot.release();
    throw e;
  }
}

async function startExport(options: ProduceExportOptions): Promise<ExportFile> {
  const { actor, query } = options;
  const now = options.now ?? new Date();
  // An unknown story is a 404 before anything is audited, not an empty file that looks like a story without verdicts.
  const story = query.story ? await findExportStory(query.story) : null;
  const where = await exportWhere(actor, query, query.format === 'claimreview');
  const counts = await countByStatus(where);
  const count = Object.values(counts).reduce((a, b) => a + b, 0);
  const { format: _format, ...given } = query;
  const filters = definedOnly(given);

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
  // Signed at export: the report names this event and the checkpoint that covers it.
  const audit = await reportAudit(event);

  const org = publisherFromEnv();
  const meta = { exportedAt: now.toISOString(), exportedBy: actor.displayName, filters, story, count, audit };
  const claims = iterateExportClaims(where);
  // The reports draw each story's figures board before the claims, one story read at a time.
  async function* boards() {
    for await (const story of iterateExportBoardStories(where)) yield reportBoard(story);
  }
  const body = {
    csv: () => csvStream(claims, audit, org.reportBaseUrl),
    'figures-csv': () => figuresCsvStream(claims, audit, org.reportBaseUrl),
    json: () => jsonStream(claims, meta),
    claimreview: () => claimReviewStream(claims, org, audit),
    html: () => htmlStream(claims, meta, counts, org.name, boards()),
    pdf: () => pdfStream(claims, meta, counts, org.name, boards()),
  }[query.format]();
  const fileName = exportFileName({ query, storyTitle: story?.title ?? null, now });
  return { fileName, contentType: CONTENT_TYPE[query.format], count, body };
}
