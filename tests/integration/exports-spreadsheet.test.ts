// The CSV export opened by a real spreadsheet: LibreOffice Calc imports it with
// the separators spreadsheets use (`,` the file's own; `;` the list separator of
// many locales; tab; `|`) and no cell of the result may be a formula, however the
// claim's text tries to become one. A space separator is not covered: Calc then
// splits even correctly quoted text at every space (see docs/export-format.md).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AUDIT_TRAILER_ROWS, CSV_COLUMNS } from '../../lib/exports/formats/csv';
import { db } from '../../lib/db';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';

const SEPARATORS = { comma: ',', semicolon: ';', tab: '\t', pipe: '|' } as const;

// The class: a formula start (OWASP's = + - @ tab CR, and LF) at the start of
// the field, after each separator, inside quotes, after whitespace or a
// look-alike character.
const STARTS = ['=', '+', '-', '@', '\t', '\r', '\n', '\r\n'];
const FORMULAS = ['1+1', 'SUM(1;2)', 'HYPERLINK("http://evil.example";"click")', "cmd|' /C calc'!A0"];
function hostileTexts(): string[] {
  const out: string[] = [];
  for (const start of STARTS) for (const f of FORMULAS) out.push(`${start}${f}`);
  for (const sep of Object.values(SEPARATORS)) {
    for (const start of ['=', '+', '-', '@']) {
      out.push(`ok${sep}${start}2+5`, `ok ${sep} ${start}2+5`, `ok"${sep}"${start}2+5`, `"ok"${sep}${start}2+5`, `ok\r\n${start}2+5${sep}x`);
    }
  }
  out.push('"=1+1"', '"=1+1', '""=1+1""', "'=1+1", ' =1+1', '\u00a0=1+1', '\u200b=1+1', '\ufeff=1+1', '\uff1d1+1', '\ufe661+1', '\uff0b1+1', '\uff201+1');
  out.push('-1', '+31 20 555 0100', '@handle said so', '=', '-', 'a\u2028=1+1');
  return out;
}

let desk: Desk;
let ids: string[] = [];
const HOSTILE = hostileTexts();

beforeAll(async () => {
  const lo = spawnSync('sh', ['-c', 'command -v libreoffice'], { encoding: 'utf8' });
  if (lo.status !== 0) {
    throw new Error(
      'This test opens the CSV export in LibreOffice Calc, which is not installed. Install it with `sudo apt-get install -y libreoffice-calc` (CI: .ci/run installs it).',
    );
  }
  desk = await openDesk();
  await db.claim.createMany({
    data: HOSTILE.map((text, i) => ({
      sourceKey: `${text}__${String(i).padStart(3, '0')}`,
      title: text,
      body: `Body ${i}`,
      language: 'en',
      searchText: `body ${i}`,
      contentHash: `csv-${i}`,
      status: 'disputed' as const,
      reason: `${HOSTILE[(i + 1) % HOSTILE.length]}`,
      decidedAt: new Date(),
      evidence: [{ url: `https://example.org/${i}`, label: null }],
    })),
  });
  ids = (await db.claim.findMany({ where: { contentHash: { startsWith: 'csv-' } }, select: { id: true } })).map((c) => c.id);
  // Every claim in a story whose title is hostile too (an editor's rename is free text): the story title column is tested with the rest.
  for (const [i, id] of ids.entries()) {
    const title = HOSTILE[(i + 2) % HOSTILE.length]!;
    await db.story.create({ data: { title: `Story ${i}`, customTitle: title, size: 1, claims: { connect: [{ id }] } } });
  }
}, 120_000);
afterAll(async () => {
  await closeDesk(desk);
});

type Sheet = { formulas: string[]; rows: number[] };

/** Converts each CSV to flat ODS with LibreOffice's CSV import filter, and reads back formulas and cells per row. */
function openInCalc(files: string[], separator: string): Sheet[] {
  const dir = path.dirname(files[0]!);
  const profile = mkdtempSync(path.join(tmpdir(), 'factdesk-lo-profile-'));
  try {
    // Field separator, text delimiter `"`, UTF-8, from line 1 (LibreOffice's CSV filter options).
    const filter = `CSV:${separator.charCodeAt(0)},34,76,1`;
    execFileSync(
      'libreoffice',
      [`-env:UserInstallation=file://${profile}`, '--headless', `--infilter=${filter}`, '--convert-to', 'fods', '--outdir', path.join(dir, 'out'), ...files],
      {
        stdio: 'pipe',
        timeout: 120_000,
        env: { ...process.env, HOME: profile },
      },
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  return files.map((f) => {
    const xml = readFileSync(path.join(dir, 'out', `${path.basename(f, '.csv')}.fods`), 'utf8');
    const table = xml.slice(xml.indexOf('<table:table '), xml.indexOf('</table:table>'));
    const formulas = [...table.matchAll(/table:formula="([^"]*)"/g)].map((m) => m[1]!);
    const rows = [...table.matchAll(/<table:table-row\b[^>]*>([\s\S]*?)<\/table:table-row>/g)]
      .filter((m) => m[1]!.includes('<text:p>'))
      .map((m) => [...m[1]!.matchAll(/<table:table-cell\b([^>]*)/g)].reduce((n, c) => n + Number(/number-columns-repeated="(\d+)"/.exec(c[1]!)?.[1] ?? 1), 0));
    return { formulas, rows };
  });
}

describe('the CSV export in LibreOffice Calc', () => {
  it('quotes every field, headers included', async () => {
    const res = await desk.call('viewer', 'GET', `/api/export?format=csv&ids=${ids.join(',')}`);
    const text = (await res.text()).replace(/^\ufeff/, '');
    expect(text.split('\r\n')[0]).toBe(CSV_COLUMNS.map((c) => `"${c}"`).join(','));
    // With `raw`, each record comes with its source text (csv-parse's types do not model the option).
    const records = z.array(z.object({ raw: z.string(), record: z.array(z.string()) })).parse(parseCsv(text, { raw: true }));
    // Header, one row per claim, then the audit trailer (a blank row and two labelled ones).
    expect(records).toHaveLength(HOSTILE.length + 1 + AUDIT_TRAILER_ROWS);
    const allQuoted = /^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*(?:\r\n|\r|\n)?$/;
    for (const { raw, record } of records) {
      expect(record).toHaveLength(CSV_COLUMNS.length);
      expect(raw, raw).toMatch(allQuoted);
    }
    // The hostile story titles are in the file, in their column.
    const storyTitle = CSV_COLUMNS.indexOf('story title');
    expect(records.slice(1, -AUDIT_TRAILER_ROWS).filter(({ record }) => record[storyTitle] === '')).toEqual([]);
  });

  it.each(Object.entries(SEPARATORS))(
    'imported with the %s separator, no cell is a formula',
    async (_name, separator) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'factdesk-csv-'));
      const res = await desk.call('viewer', 'GET', `/api/export?format=csv&ids=${ids.join(',')}`);
      expect(res.status).toBe(200);
      const exported = path.join(dir, 'export.csv');
      writeFileSync(exported, Buffer.from(await res.arrayBuffer()));
      // The detector works: the same separator with an unquoted formula does make one.
      const control = path.join(dir, 'control.csv');
      writeFileSync(control, `a${separator}b\r\nok${separator}=2+5\r\n`);

      const [sheet, controlSheet] = openInCalc([exported, control], separator);
      expect(readdirSync(path.join(dir, 'out')).sort()).toEqual(['control.fods', 'export.fods']);
      expect(controlSheet!.formulas).toEqual(['of:=2+5']);

      expect(sheet!.formulas).toEqual([]);
      if (separator === ',') {
        // Read with the file's own separator, nothing is split or merged either.
        // Calc drops the blank row before the trailer.
        expect(sheet!.rows).toHaveLength(HOSTILE.length + AUDIT_TRAILER_ROWS);
        expect(new Set(sheet!.rows)).toEqual(new Set([CSV_COLUMNS.length]));
      }
      rmSync(dir, { recursive: true, force: true });
    },
    120_000,
  );
});
