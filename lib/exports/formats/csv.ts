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

export function csvStream(claims: AsyncIterable<ExportClaim>): Readable {
  async function* rows() {
    for await (const c of claims) yield row(c);
  }
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], bom: true, record_delimiter: 'windows', quoted: true, quoted_empty: true });
  // pipeline, not pipe: a database error mid-export errors the download instead
  // of leaving it open, and a client that goes away stops the claim reader.
  pipeline(Readable.from(rows()), csv, () => {});
  return csv;
}
