// The CSV cell neutralisation rule over its class; exports-spreadsheet.test.ts
// checks the same against LibreOffice Calc.
import { describe, expect, it } from 'vitest';
import { neutralise } from '../../lib/exports/formats/csv';

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
