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

/** The report's export event and the checkpoint signed at export (as the JSON line of audit-checkpoints.jsonl). */
export const AUDIT_COLUMNS = ['report audit seq', 'report checkpoint'] as const;

function auditCells(audit: ReportAudit): string[] {
  return [String(audit.seq), audit.checkpoint ? JSON.stringify(audit.checkpoint) : ''];
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
  // The same on every row, so each row names the audit trail it came from.
  ...AUDIT_COLUMNS,
] as const;

const FORMULA_START = /^[\t\r]|^[\s"']*[=+\-@]/;
// A line break or separator, then optional spaces or quotes, before = + - @.
const CELL_START_INSIDE = /([\r\n,;\t|][\s"']*)(?=[=+\-@])/g;

export function neutralise(value: string): string {
  const inside = value.replace(CELL_START_INSIDE, "$1'");
  return FORMULA_START.test(inside) ? `'${inside}` : inside;
}

function row(c: ExportClaim): string[] {
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
  ...AUDIT_COLUMNS,
] as const;

// Numbers as a spreadsheet reads them in any locale: plain digits with a point, no grouping.
const number = (n: number | null) => (n === null ? '' : String(n));

function figureRow(c: ExportClaim, f: ExportFigure): string[] {
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
    f.counted,
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
  ].map(neutralise);
}

function csvOf(rows: AsyncIterable<string[]>, columns: readonly string[]): Readable {
  const csv = stringify({ header: true, columns: [...columns], bom: true, record_delimiter: 'windows', quoted: true, quoted_empty: true });
  // pipeline, not pipe: a database error mid-export errors the download instead
  // of leaving it open, and a client that goes away stops the claim reader.
  pipeline(Readable.from(rows), csv, () => {});
  return csv;
}

export function csvStream(claims: AsyncIterable<ExportClaim>, audit: ReportAudit): Readable {
  const trail = auditCells(audit).map(neutralise);
  async function* rows() {
    for await (const c of claims) yield [...row(c), ...trail];
  }
  return csvOf(rows(), CSV_COLUMNS);
}

export function figuresCsvStream(claims: AsyncIterable<ExportClaim>, audit: ReportAudit): Readable {
  const trail = auditCells(audit).map(neutralise);
  async function* rows() {
    for await (const c of claims) for (const f of c.figures) if (!f.dismissed) yield [...figureRow(c, f), ...trail];
  }
  return csvOf(rows(), FIGURE_CSV_COLUMNS);
}
