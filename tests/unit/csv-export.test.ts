// The CSV cell neutralisation rule over its class (exports-spreadsheet.test.ts
// checks the same against LibreOffice Calc), and the claims CSV's columns and trailer.
import { describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { z } from 'zod';
import type { ExportClaim } from '../../lib/exports/export-claims';
import { CSV_COLUMNS, csvStream, neutralise } from '../../lib/exports/formats/csv';

const STARTS = ['=', '+', '-', '@'];
const BEFORE = ['', ' ', '  ', '"', "'", ' "', '\u00a0', '\t', '\r'];
const BREAKS = [',', ';', '\t', '|', '\r', '\n', '\r\n'];

// After neutralising, a cell that begins at the start of the field or after a
// separator/line break never begins (past spaces and quotes) with a formula character.
const UNSAFE = /(^|[\r\n,;\t|])[\s"']*[=+\-@]/;

describe('neutralise', () => {
  it('leaves no formula start at the beginning of the field, after spaces, quotes, separators or line breaks', () => {
    for (const start of STARTS) {
      for (const before of BEFORE) {
        for (const brk of ['', ...BREAKS]) {
          const value = `${brk ? `ok${brk}` : ''}${before}${start}1+1`;
          const out = neutralise(value);
          // Only apostrophes were added.
          expect(out.replace(/'/g, '')).toBe(value.replace(/'/g, ''));
          expect(UNSAFE.test(out.replace(/'/g, '\u0000')), JSON.stringify(value)).toBe(false);
        }
      }
    }
    expect(neutralise('\tabc')).toBe("'\tabc");
    expect(neutralise('\rabc')).toBe("'\rabc");
  });

  it('leaves ordinary text alone, including dashes and signs that start no cell', () => {
    for (const text of [
      'Rubio’s 567 is a five-day total.',
      'e-mail a+b user@example.org',
      '104 per CNN/AFP',
      'Дезертирането',
      '2024–2025',
      '5 - 3 = 2',
      'https://example.org/?a=1&b=-2',
      '＝1+1 full-width',
    ]) {
      expect(neutralise(text)).toBe(text);
    }
  });
});

describe('the claims CSV', () => {
  const claim = (i: number, outlet: string | null): ExportClaim => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    sourceKey: `k${i}`,
    title: `Claim ${i}`,
    language: 'pt',
    direction: 'ltr',
    outlet,
    byline: null,
    articleUrl: null,
    publishedAt: null,
    status: 'verified',
    reason: 'ok',
    evidence: [],
    decidedBy: null,
    decidedAt: '2026-12-01T00:00:00.000Z',
    reReviewAt: null,
    version: 2,
    storyId: null,
    storyTitle: null,
    createdAt: '2026-12-01T00:00:00.000Z',
    updatedAt: '2026-12-01T00:00:00.000Z',
    history: [],
    figures: [],
  });
  // eslint-disable-next-line @typescript-eslint/require-await -- an async iterable, as the database cursor is
  async function* claims(): AsyncGenerator<ExportClaim> {
    yield claim(1, 'Folha de S.Paulo');
    yield claim(2, null);
  }
  const checkpoint = { v: 1 as const, seq: 9, hash: 'b'.repeat(64), at: '2026-12-01T00:00:01.000Z', keyId: 'k1', sig: 'c2ln' };

  it('links each claim, names its outlet, and signs the file once, at the end', async () => {
    const text = Buffer.concat(await csvStream(claims(), { seq: 9, hash: 'b'.repeat(64), checkpoint }, 'https://desk.example/claims').toArray()).toString(
      'utf8',
    );
    const rows = z.array(z.array(z.string())).parse(parseCsv(text, { bom: true }));
    const [header, ...rest] = rows;
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(header).not.toContain('report checkpoint');
    const at = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    expect(rest.slice(0, 2).map((r) => [r[at('outlet')], r[at('claim link')]])).toEqual([
      ['Folha de S.Paulo', 'https://desk.example/claims/00000000-0000-4000-8000-000000000001'],
      ['', 'https://desk.example/claims/00000000-0000-4000-8000-000000000002'],
    ]);
    // A blank row, then the trailer: each label once, the checkpoint as its JSON line.
    expect(rest.slice(2).map((r) => r.slice(0, 2))).toEqual([
      ['', ''],
      ['report audit seq', '9'],
      ['report checkpoint', JSON.stringify(checkpoint)],
    ]);
    expect(text.split('report checkpoint')).toHaveLength(2);
  });
});
