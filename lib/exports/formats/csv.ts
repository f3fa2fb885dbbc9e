// CSV (RFC 4180, UTF-8 with BOM) through csv-stringify. Cells a spreadsheet
// would run as a formula are neutralised with a leading apostrophe.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ExportClaim } from '../export-claims';

export const CSV_COLUMNS = [
  'id', 'source key', 'title', 'language', 'status', 'reason', 'evidence URLs', 'decided by', 'decided at', 'version', 're-review date',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
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
  ].map(neutralise);
}

export function csvStream(claims: AsyncIterable<ExportClaim>): Readable {
  async function* rows() {
    for await (const c of claims) yield row(c);
  }
  return Readable.from(rows()).pipe(
    stringify({ header: true, columns: [...CSV_COLUMNS], bom: true, record_delimiter: 'windows' }),
  );
}
