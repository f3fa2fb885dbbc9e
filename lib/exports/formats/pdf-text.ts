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
