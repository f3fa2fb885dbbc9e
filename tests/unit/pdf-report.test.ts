// The PDF report as a reader with a screen reader and a reader of the page get
// it (issue 32): tagged (a structure tree in reading order, headings, the
// chart as a figure with a description, the board's table as a table, the
// language), every mark on a page either tagged or an artifact; the board
// starting on page 1 under the summary; the chart's labels in Arabic cut to
// their own slots, never over their neighbours.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitLabel, legendLayout, rowLabelLayout, type LabelBox } from '../../lib/exports/formats/pdf-board';
import { bidiLineWidth } from '../../lib/exports/formats/pdf-bidi';
import { REGULAR } from '../../lib/exports/formats/pdf-text';
import { ARABIC_SOURCES, reportPdf } from '../support/pdf-report';

let pdf: Buffer;
let file: string;
beforeAll(async () => {
  pdf = await reportPdf();
  file = path.join(mkdtempSync(path.join(tmpdir(), 'factdesk-pdf-report-')), 'report.pdf');
  writeFileSync(file, pdf);
}, 60_000);

const raw = () => pdf.toString('latin1');

/** The decompressed content streams of the pages (the streams that draw text). */
function contentStreams(): string[] {
  const out: string[] = [];
  const text = raw();
  for (const m of text.matchAll(/\/Filter \/FlateDecode[^]*?>>\s*stream\r?\n/gu)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    if (/\bBT\b/u.test(body)) out.push(body);
  }
  return out;
}

const pageText = (page: number) =>
  execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/gu, ' ');

describe('the PDF report is tagged', () => {
  it('says so: a structure tree, MarkInfo Marked, the document language and a title shown', () => {
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Tagged:\s+yes/u);
    expect(raw()).toMatch(/\/StructTreeRoot \d+ 0 R/u);
    expect(raw()).toContain('/Marked true');
    expect(raw()).toMatch(/\/Lang \(en\)/u);
    expect(raw()).toContain('/DisplayDocTitle true');
  });

  it('tags headings, the charts as figures with a description, the board table as a table with header cells', () => {
    const types = [...raw().matchAll(/\/S \/(\w+)/gu)].map((m) => m[1]);
    for (const type of ['Document', 'H1', 'H2', 'H3', 'Figure', 'Table', 'TR', 'TH', 'TD', 'P', 'L', 'LI', 'Sect']) expect(types).toContain(type);
    // The figures board and the claims: two H2; the group and each of the 3 claims: H3.
    expect(types.filter((t) => t === 'H2')).toHaveLength(2);
    expect(types.filter((t) => t === 'H3')).toHaveLength(4);
    // The verdict bars and the board's chart each carry a text alternative.
    expect(raw().match(/\/Alt /gu)).toHaveLength(2);
    expect(raw()).toMatch(/\/Scope \/Column/u);
    // Arabic sentences and titles name their language.
    expect(raw()).toMatch(/\/Lang \(ar\)/u);
  });

  it('draws every text and line inside a tagged element or an artifact, with marked content balanced', () => {
    const streams = contentStreams();
    expect(streams.length).toBeGreaterThanOrEqual(2);
    const painting = new Set(['Tj', 'TJ', "'", '"', 'S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'Do', 'sh']);
    for (const stream of streams) {
      let depth = 0;
      const unmarked: string[] = [];
      for (const token of stream.split(/\s+/u)) {
        if (token === 'BDC' || token === 'BMC') depth++;
        else if (token === 'EMC') depth--;
        else if (painting.has(token) && depth === 0) unmarked.push(token);
        expect(depth).toBeGreaterThanOrEqual(0);
      }
      expect(unmarked).toEqual([]);
      expect(depth).toBe(0);
    }
  });
});

describe('the board in the PDF', () => {
  it('starts on page 1 under the verdict summary: its group, chart and the start of its table', () => {
    const page1 = pageText(1);
    expect(page1).toContain('Figures board');
    expect(page1).toMatch(/Deaths: 40 to 45/u);
    expect(page1).toContain('Who says it');
    expect(page1).toContain('Reuters counted 43 dead');
  });
});

describe('chart labels in Arabic', () => {
  const doc = new PDFDocument({ size: 'A4' });
  doc.font(REGULAR).fontSize(7.5);
  const measure = (t: string) => bidiLineWidth(doc, t);
  const overlap = (a: LabelBox, b: LabelBox) => a.x < b.x + b.width && b.x < a.x + a.width;

  it('cut a long name at a word, the ellipsis at its end, to fit the slot', () => {
    const name = ARABIC_SOURCES[0] ?? '';
    const cut = fitLabel(name, 90, measure);
    expect(cut.endsWith('…')).toBe(true);
    expect(name.startsWith(cut.slice(0, -1))).toBe(true);
    expect(name.charAt(cut.length - 1)).toBe(' ');
    expect(measure(cut)).toBeLessThanOrEqual(90);
    expect(fitLabel('Reuters', 90, measure)).toBe('Reuters');
  });

  it('sit side by side in the legend without touching, inside the page', () => {
    const names = [...ARABIC_SOURCES, 'Reuters', 'United Nations Office for the Coordination of Humanitarian Affairs', 'in conflict'];
    const area = { left: 50, width: 495 };
    const boxes = legendLayout(names, measure, area);
    expect(boxes).toHaveLength(names.length);
    boxes.forEach((a, i) => {
      expect(a.x).toBeGreaterThanOrEqual(area.left);
      expect(a.x + a.width).toBeLessThanOrEqual(area.left + area.width);
      expect(a.textX + measure(a.text)).toBeLessThanOrEqual(a.x + a.width + 0.01);
      for (const b of boxes.slice(i + 1)) if (a.line === b.line) expect(overlap(a, b)).toBe(false);
    });
    // Three long Arabic names do not fit on one line: the legend takes a second one.
    expect(boxes.at(-1)?.line).toBeGreaterThan(0);
  });

  it('give each chart row its date and its source cut to the label slot, left of the plot', () => {
    for (const source of ARABIC_SOURCES) {
      const { date, source: shown } = rowLabelLayout(`2024-12-08 · ${source}`, measure, 200, 150);
      expect(date.text).toBe('2024-12-08 · ');
      expect(date.x + date.width).toBeCloseTo(shown.x);
      expect(shown.x + shown.width).toBeCloseTo(200);
      expect(date.x).toBeGreaterThanOrEqual(50);
    }
  });
});
