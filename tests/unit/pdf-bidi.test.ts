// The PDF report's bidirectional layout: which runs pdfkit is asked to draw,
// where, in which order. (tests/integration/exports-rtl.test.ts reads the PDF
// back with poppler.)
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { bidiText, isolate } from '../../lib/exports/formats/pdf-bidi';

const FONT = path.resolve(import.meta.dirname, '../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const X = 50;
const WIDTH = 300;

type Drawn = { text: string; x: number; y: number; right: number };

/** Lays out `text` and returns the runs drawn, line by line, left to right. */
function layout(text: string, direction: 'ltr' | 'rtl' | 'auto', width = WIDTH): Drawn[][] {
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  doc.font(FONT).fontSize(10);
  const drawn: Drawn[] = [];
  const text0 = doc.text.bind(doc);
  doc.text = ((t: string, x: number, y: number, options?: PDFKit.Mixins.TextOptions) => {
    drawn.push({ text: t, x, y, right: x + doc.widthOfString(t, { features: [] }) });
    return text0(t, x, y, options);
  }) as typeof doc.text;
  bidiText(doc, text, { x: X, width, direction });
  doc.end();
  const lines = new Map<number, Drawn[]>();
  for (const d of drawn) lines.set(d.y, [...(lines.get(d.y) ?? []), d]);
  return [...lines.values()].map((line) => line.sort((a, b) => a.x - b.x));
}

const texts = (line: Drawn[] | undefined) => (line ?? []).map((d) => d.text);

describe('right-to-left text in the PDF', () => {
  it('right-aligns an Arabic paragraph and hands pdfkit the Arabic in reading order, for fontkit to join and reverse', () => {
    const [line, ...more] = layout('انشقاق عشرات الجنود', 'rtl');
    expect(more).toEqual([]);
    expect(texts(line)).toEqual(['انشقاق عشرات الجنود']);
    expect(line?.at(-1)?.right).toBeCloseTo(X + WIDTH, 3);
  });

  it('puts numbers and Latin names inside Arabic where a reader expects them, and mirrors brackets', () => {
    // "said that 60 soldiers (near Cúcuta), according to CNN.": from the right, the Arabic, 60, more Arabic, CNN, the full stop.
    // Each Arabic run is handed over in reading order (fontkit reverses it), its brackets mirrored.
    const [line] = layout('قالت إن 60 جنديا (قرب كوكوتا) حسب CNN.', 'rtl', 1000);
    expect(texts(line)).toEqual(['.', 'CNN', ' جنديا )قرب كوكوتا( حسب ', '60', 'قالت إن ']);
  });

  it('keeps an Arabic name inside a left-to-right line of report text in its own direction', () => {
    const [line] = layout(`Reviewer: ${isolate('سارة الخطيب')}, 2026-01-01`, 'ltr', 1000);
    expect(texts(line)).toEqual(['Reviewer: ', 'سارة الخطيب', ', 2026-01-01']);
    expect(line?.[0]?.x).toBe(X);
  });

  it('takes each paragraph\'s direction from its first letter under "auto"', () => {
    const [english, arabic] = layout('Fine.\nقالت الهيئة', 'auto');
    expect(english?.[0]?.x).toBe(X);
    expect(arabic?.at(-1)?.right).toBeCloseTo(X + WIDTH, 3);
  });

  it('wraps long text into lines that fit, the first words on the first line, right-aligned', () => {
    const words = 'وأفادت منظمات حقوقية بمقتل شخصين وإصابة المئات في اشتباكات وقعت يوم السبت على الحدود مع كولومبيا والبرازيل';
    const lines = layout(words, 'rtl', 150);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) {
      expect(line.at(-1)?.right).toBeCloseTo(X + 150, 3);
      expect(line[0]?.x).toBeGreaterThanOrEqual(X - 0.001);
    }
    expect(lines.map((l) => texts(l).join('')).join(' ')).toBe(words);
  });

  it('cuts a word longer than the line (an address) instead of running off the page', () => {
    const url = `https://example.org/${'a'.repeat(200)}`;
    const lines = layout(`المصدر ${url}`, 'rtl', 150);
    for (const line of lines) for (const run of line) expect(run.right).toBeLessThanOrEqual(X + 150 + 0.001);
    expect(
      lines
        .flat()
        .map((d) => d.text)
        .join('')
        .replace(/\s/g, ''),
    ).toContain('a'.repeat(20));
  });
});
