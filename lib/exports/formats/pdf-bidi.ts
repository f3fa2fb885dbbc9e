// Right-to-left and mixed-direction text for the PDF report. pdfkit lays text
// out left to right only: it shapes Arabic (fontkit joins the letters) but
// leaves word order, numbers and Latin names inside Arabic, and brackets, in
// the wrong places. Here the Unicode Bidirectional Algorithm (bidi-js) orders
// each wrapped line, and every run is drawn on its own, in visual order.
import 'server-only';
import bidiFactory, { type EmbeddingLevels } from 'bidi-js';
import type { TextDirection } from '../../utils/text-direction';

const bidi = bidiFactory();

// Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, …, their presentation forms).
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
// Direction marks, embeddings and isolates: they steer the algorithm and have no glyph to draw.
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** True when the text holds a letter of a right-to-left script. */
export const hasRtlLetters = (text: string) => RTL_LETTER.test(text);

/** Wraps a name, reason or title inside a line of report text, like HTML's <bdi>: its direction stays inside it. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** The text without direction controls (isolate() adds them), for drawing and measuring. */
export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');
const visible = withoutBidiControls;

export type BidiTextOptions = {
  x: number;
  width: number;
  /** The paragraph's direction; "auto" takes it from the first strong letter, as HTML's dir="auto". */
  direction: TextDirection | 'auto';
  /** Points between lines, beside the font's own line height. */
  lineGap?: number;
};

type Line = { start: number; end: number };

/** Line breaks at spaces (a word wider than the line is cut where it must be), in logical order. */
function wrap(doc: PDFKit.PDFDocument, text: string, width: number): Line[] {
  const measure = (from: number, to: number) => doc.widthOfString(visible(text.slice(from, to)), { features: [] });
  const lines: Line[] = [];
  let start = 0;
  let end = 0;
  for (const word of text.matchAll(/\S+\s*/gu)) {
    const wordStart = word.index;
    const wordEnd = wordStart + word[0].trimEnd().length;
    if (end > start && measure(start, wordEnd) > width) {
      lines.push({ start, end });
      start = wordStart;
    }
    if (end <= start) start = wordStart;
    // A single word wider than the line (a long address): cut it by characters.
    while (measure(start, wordEnd) > width) {
      let cut = start + 1;
      while (cut < wordEnd && measure(start, cut + 1) <= width) cut++;
      // Never between the two halves of a character outside the BMP.
      const next = text.charCodeAt(cut);
      if (next >= 0xdc00 && next <= 0xdfff && cut < wordEnd) cut++;
      lines.push({ start, end: cut });
      start = cut;
    }
    end = wordEnd;
  }
  if (end > start) lines.push({ start, end });
  return lines;
}

type Run = { text: string; rtl: boolean };

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
/** Characters in reverse order, each kept whole with its combining marks. */
const reversed = (text: string) =>
  Array.from(graphemes.segment(text), (g) => g.segment)
    .reverse()
    .join('');

/** The line's runs from left to right, each as the text to hand to pdfkit. */
function visualRuns(text: string, levels: EmbeddingLevels, line: Line): Run[] {
  // The whole string's indices, with this line's reordered in place.
  const order = bidi.getReorderedIndices(text, levels, line.start, line.end - 1).slice(line.start, line.end);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels, line.start, line.end - 1);
  const runs: { indices: number[]; rtl: boolean }[] = [];
  for (const i of order) {
    const rtl = (levels.levels[i] ?? 0) % 2 === 1;
    const last = runs.at(-1);
    const prev = last?.indices.at(-1);
    if (last && prev !== undefined && last.rtl === rtl && i === prev + (rtl ? -1 : 1)) last.indices.push(i);
    else runs.push({ indices: [i], rtl });
  }
  return runs
    .map(({ indices, rtl }) => {
      const logical = [...indices].sort((a, b) => a - b).map((i) => mirrored.get(i) ?? text.charAt(i));
      const runText = visible(logical.join(''));
      // fontkit reverses a run it sees as right-to-left script (and shapes it in logical order);
      // a right-to-left run of only spaces and punctuation it leaves alone, so reverse that here.
      return { text: rtl && !hasRtlLetters(runText) ? reversed(runText) : runText, rtl };
    })
    .filter((r) => r.text.length > 0);
}

/**
 * Draws a paragraph at (x, doc.y) in the current font, size and colour,
 * wrapped to `width`, right-aligned when its direction is right to left, and
 * leaves doc.y under it (on a new page when it ran past the bottom margin).
 */
export function bidiText(doc: PDFKit.PDFDocument, text: string, options: BidiTextOptions): void {
  // Each paragraph takes its own direction under "auto", as each <p dir="auto"> would.
  for (const paragraph of text.split(/\r\n|[\n\r\u2029]/u)) bidiParagraph(doc, paragraph, options);
  doc.x = doc.page.margins.left;
}

function bidiParagraph(doc: PDFKit.PDFDocument, text: string, options: BidiTextOptions): void {
  const levels = bidi.getEmbeddingLevels(text, options.direction);
  const rtl = (levels.paragraphs[0]?.level ?? 0) % 2 === 1;
  const lineHeight = doc.currentLineHeight(true) + (options.lineGap ?? 0);
  const bottom = doc.page.height - doc.page.margins.bottom;
  let y = doc.y;
  for (const line of wrap(doc, text, options.width)) {
    if (y + lineHeight > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    const runs = visualRuns(text, levels, line);
    const widths = runs.map((r) => doc.widthOfString(r.text, { features: [] }));
    const lineWidth = widths.reduce((a, b) => a + b, 0);
    let x = rtl ? options.x + options.width - lineWidth : options.x;
    runs.forEach((run, i) => {
      doc.text(run.text, x, y, { lineBreak: false, features: [] });
      x += widths[i] ?? 0;
    });
    y += lineHeight;
  }
  // An empty paragraph (a blank line) still takes a line, as it does in pdfkit's own text.
  doc.y = text.trim() ? y : y + lineHeight;
}

/** The runs of `text` laid out as one line (never wrapped), left to right, with their widths in the current font. */
function oneLine(doc: PDFKit.PDFDocument, text: string, direction: TextDirection | 'auto'): { runs: Run[]; widths: number[]; width: number } {
  const shown = text.replace(/\s+/gu, ' ');
  if (!shown.trim()) return { runs: [], widths: [], width: 0 };
  const runs = visualRuns(shown, bidi.getEmbeddingLevels(shown, direction), { start: 0, end: shown.length });
  const widths = runs.map((r) => doc.widthOfString(r.text, { features: [] }));
  return { runs, widths, width: widths.reduce((a, b) => a + b, 0) };
}

/** The width `text` takes drawn by bidiLine() in the current font and size. */
export function bidiLineWidth(doc: PDFKit.PDFDocument, text: string, direction: TextDirection | 'auto' = 'auto'): number {
  return oneLine(doc, text, direction).width;
}

/**
 * Draws `text` as a single line starting at (x, y), its runs in visual order
 * (Arabic shaped and right to left), never wrapped: a label in a slot of its
 * own (a chart's legend, a row's source), cut to the slot by the caller.
 */
export function bidiLine(doc: PDFKit.PDFDocument, text: string, x: number, y: number, direction: TextDirection | 'auto' = 'auto'): number {
  const { runs, widths, width } = oneLine(doc, text, direction);
  let at = x;
  runs.forEach((run, i) => {
    doc.text(run.text, at, y, { lineBreak: false, features: [] });
    at += widths[i] ?? 0;
  });
  return width;
}
