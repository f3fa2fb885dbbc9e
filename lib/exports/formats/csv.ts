// CSV (RFC 4180, UTF-8 with BOM) through csv-stringify, hardened against CSV
// injection (OWASP) for every separator a spreadsheet may split on:
// - every field, headers included, is quoted, so an importer that reads the
//   file correctly never splits `ok;=2+5` into a new cell;
// - a field that starts like a formula (after any spaces or quotes) gets a
//   leading apostrophe, because a quoted "=1+1" is still a formula to Calc and Excel;
// - so does a formula character after a line break or a separator (`,` `;` tab
//   `|`) inside a field. An importer using another separator than the file's
//   (a `;` locale opening a `,` file) loses the quoting at the first embedded
//   line break and then starts cells there: LibreOffice made `=2+5` a formula.
// Exact text is in the JSON export; the CSV trades "104, -3" → "104, '-3" for that.
import 'server-only';
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ExportClaim } from '../export-claims';
import type { ExportFigure } from '../export-figures';
import type { ReportAudit } from '../report-audit';
import { FIGURE_COUNTED_LABELS } from '../../validation/vocabulary';

/**
 * The report's export event and the checkpoint signed at export (as the JSON
 * line of audit-checkpoints.jsonl): once, in two rows after a blank one at
 * the end of the file, each a label in the first cell and the value in the
 * second, padded to the table's width so every row has the same cells.
 */
export const AUDIT_TRAILER_LABELS = ['report audit seq', 'report checkpoint'] as const;
/** Rows after the data: the blank one and one per label. */
export const AUDIT_TRAILER_ROWS = 1 + AUDIT_TRAILER_LABELS.length;

function auditTrailer(audit: ReportAudit, width: number): string[][] {
  const pad = (cells: string[]) => [...cells, ...Array<string>(width - cells.length).fill('')];
  const values = [String(audit.seq), audit.checkpoint ? JSON.stringify(audit.checkpoint) : ''];
  return [pad([]), ...AUDIT_TRAILER_LABELS.map((label, i) => pad([label, values[i] ?? ''].map(neutralise)))];
}

export const CSV_COLUMNS = [
  'id',
  'source key',
  'title',
  'language',
  'status',
  'reason',
  'evidence URLs',
  'decided by',
  'decided at',
  'version',
  're-review date',
  // Last, so that sheets and scripts reading the earlier columns by position still work.
  'story id',
  'story title',
  'outlet',
  // The claim's page in Factdesk (REPORT_BASE_URL/{id}, as in ClaimReview).
  'claim link',
] as const;

const FORMULA_START = /^[\t\r]|^[\s"']*[=+\-@]/;
// A line break or separator, then optional spaces or quotes, before = + - @.
const CELL_START_INSIDE = /([\r\n,;\t|][\s"']*)(?=[=+\-@])/g;

export function neutralise(value: string): string {
  const inside = value.replace(CELL_START_INSIDE, "$1'");
  return FORMULA_START.test(inside) ? `'${inside}` : inside;
}

function row(c: ExportClaim, reportBaseUrl: string): string[] {
  return [
    c.id,
    c.sourceKey,
    c.title,
    c.language,
    c.status,
    c.reason ?? '',
    c.evidence.map((e) => e.url).join(' '),
    c.decidedBy?.name ?? '',
    c.decidedAt ?? '',
    String(c.version),
    c.reReviewAt?.slice(0, 10) ?? '',
    c.storyId ?? '',
    c.storyTitle ?? '',
    c.outlet ?? '',
    `${reportBaseUrl}/${c.id}`,
  ].map(neutralise);
}

/** `format=figures-csv`: one row per figure that is not dismissed, with its article and story. */
export const FIGURE_CSV_COLUMNS = [
  'figure id',
  'claim id',
  'source key',
  'article title',
  'story id',
  'story title',
  'language',
  'outlet',
  'value',
  'qualifier',
  'min',
  'max',
  'approximate',
  'unit',
  'counted',
  'counted as written',
  'attribution',
  'source',
  'relayed by',
  'time',
  'date',
  'figure as written',
  'sentence',
  'superseded by',
  'status',
  'reason',
  'evidence URLs',
  'decided by',
  'decided at',
  'version',
  'claim link',
] as const;

// Numbers as a spreadsheet reads them in any locale: plain digits with a point, no grouping.
const number = (n: number | null) => (n === null ? '' : String(n));

function figureRow(c: ExportClaim, f: ExportFigure, reportBaseUrl: string): string[] {
  return [
    f.id,
    c.id,
    c.sourceKey,
    c.title,
    c.storyId ?? '',
    c.storyTitle ?? '',
    c.language,
    c.outlet ?? '',
    number(f.value),
    f.qualifier,
    number(f.min),
    number(f.max),
    f.approximate ? 'yes' : 'no',
    f.unit ?? '',
    FIGURE_COUNTED_LABELS[f.counted],
    f.countedText ?? '',
    f.attribution.text ?? '',
    f.attribution.source ?? '',
    f.attribution.relayedBy ?? '',
    f.time.text ?? '',
    f.time.date ?? '',
    f.span.text,
    f.sentence.text.trim(),
    f.supersededById ?? '',
    f.status,
    f.reason ?? '',
    f.evidence.map((e) => e.url).join(' '),
    f.decidedBy?.name ?? '',
    f.decidedAt ?? '',
    String(f.version),
    `${reportBaseUrl}/${c.id}`,
  ].map(neutralise);
}

function csvOf(rows: AsyncIterable<string[]>, columns: readonly string[]): Readable {
  const csv = stringify({ header: true, columns: [...columns], bom: true, record_delimiter: 'windows', quoted: true, quoted_empty: true });
  // pipeline, not pipe: a database error mid-export errors the download instead
  // of leaving it open, and a client that goes away stops the claim reader.
  pipeline(Readable.from(rows), csv, () => {});
  return csv;
}

export function csvStream(claims: AsyncIterable<ExportClaim>, audit: ReportAudit, reportBaseUrl: string): Readable {
  async function* rows() {
    for await (const c of claims) yield row(c, reportBaseUrl);
    yield* auditTrailer(audit, CSV_COLUMNS.length);
  }
  return csvOf(rows(), CSV_COLUMNS);
}

export function figuresCsvStream(claims: AsyncIterable<ExportClaim>, audit: ReportAudit, reportBaseUrl: string): Readable {
  async function* rows() {
    for await (const c of claims) for (const f of c.figures) if (!f.dismissed) yield figureRow(c, f, reportBaseUrl);
    yield* auditTrailer(audit, FIGURE_CSV_COLUMNS.length);
  }
  return csvOf(rows(), FIGURE_CSV_COLUMNS);
}
