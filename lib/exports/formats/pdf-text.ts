// Fonts, margins and paragraphs shared by the PDF report's parts (pdf.ts, pdf-board.ts).
import 'server-only';
import path from 'node:path';
import type { TextDirection } from '../../utils/text-direction';
import { bidiText, hasRtlLetters, withoutBidiControls } from './pdf-bidi';

// Resolved from the app's root (the server runs there); bundlers rewrite require.resolve.
const FONT_DIR = path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf');
export const REGULAR = path.join(FONT_DIR, 'DejaVuSans.ttf');
export const BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');
export const MARGIN = 50;

export type ParagraphOptions = { direction: TextDirection | 'auto'; x?: number; indent?: number };

/**
 * A paragraph in the current font at doc.y: pdfkit's own layout for
 * left-to-right text, the bidirectional one (pdf-bidi.ts) as soon as it holds
 * a right-to-left letter or runs right to left. User text inside a line is
 * wrapped in isolate() by the caller, as the HTML report wraps it in <bdi>.
 */
export function paragraph(doc: PDFKit.PDFDocument, text: string, options: ParagraphOptions) {
  const x = (options.x ?? MARGIN) + (options.indent ?? 0);
  const width = doc.page.width - MARGIN - x;
  if (options.direction !== 'rtl' && !hasRtlLetters(text)) {
    doc.text(withoutBidiControls(text), x, doc.y, { width });
    doc.x = MARGIN;
    return;
  }
  bidiText(doc, text, { x, width, direction: options.direction });
}

// The structure tree of a tagged PDF (PDF/UA reading order): every piece of
// text is drawn inside an element (H1, P, Table > TR > TD, Figure) under the
// element it belongs to; rules and bars are artifacts, skipped by screen readers.
const parents = new WeakMap<PDFKit.PDFDocument, PDFKit.PDFStructureElement>();

/** Opens the document's root element; the content drawn from now on is tagged under it. */
export function startStructure(doc: PDFKit.PDFDocument): PDFKit.PDFStructureElement {
  const root = doc.struct('Document');
  doc.addStructure(root);
  parents.set(doc, root);
  return root;
}

/** An element holding other elements (Sect, Table, TR), drawn by `body`. */
export function section<T>(doc: PDFKit.PDFDocument, type: string, body: () => T, options: ElementOptions = {}): T {
  const parent = parents.get(doc);
  if (!parent) return body();
  const element = doc.struct(type, options);
  parent.add(element);
  parents.set(doc, element);
  try {
    return body();
  } finally {
    parents.set(doc, parent);
    element.end();
  }
}

/** section() for a body that awaits (claims streamed from the database). */
export async function sectionAsync(doc: PDFKit.PDFDocument, type: string, body: () => Promise<void>): Promise<void> {
  const parent = parents.get(doc);
  if (!parent) return body();
  const element = doc.struct(type);
  parent.add(element);
  parents.set(doc, element);
  try {
    await body();
  } finally {
    parents.set(doc, parent);
    element.end();
  }
}

/** pdfkit's options, with a header cell's scope (pdfkit writes it, its types do not list it). */
export type ElementOptions = PDFKit.Mixins.StructureElementOptions & { scope?: 'Column' | 'Row' | 'Both' };

// pdfkit marks an element's content as one marked-content sequence, and these
// do not nest: a tag or an artifact opened while another element's content is
// being drawn would close that one early. Inside `draw`, tag() and artifact()
// just draw, into the element being drawn.
const drawing = new WeakSet<PDFKit.PDFDocument>();

/** An element whose content `draw` draws (H1, P, TD, Figure); `lang` for text in another language than the document's. */
export function tag(doc: PDFKit.PDFDocument, type: string, draw: () => void, options: ElementOptions = {}) {
  const parent = parents.get(doc);
  if (!parent || drawing.has(doc)) {
    draw();
    return;
  }
  drawing.add(doc);
  try {
    parent.add(doc.struct(type, options, draw));
  } finally {
    drawing.delete(doc);
  }
}

/** Decoration (rules, bars, row stripes; `Pagination` for a table header repeated on a new page) outside the reading order. */
export function artifact(doc: PDFKit.PDFDocument, draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') {
  if (!parents.has(doc) || drawing.has(doc)) {
    draw();
    return;
  }
  drawing.add(doc);
  doc.markContent('Artifact', { type });
  try {
    draw();
  } finally {
    doc.endMarkedContent();
    drawing.delete(doc);
  }
}
