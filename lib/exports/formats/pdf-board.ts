// The figures board in the PDF report, drawn with pdfkit's vector calls: per
// group its summary, conflicts and progressions, a chart (a value axis, log
// when the numbers need it; one row per figure in time order, a dot coloured
// by source on the interval it allows, conflicts ringed in red, a legend) and
// the table with every figure, the sentence in its language and direction.
// Text with right-to-left letters goes through pdf-bidi.ts.
import 'server-only';
import { STATUS_LABELS } from '../../utils/status-labels';
import { CONFLICT_COLOUR, type BoardRow, type ChartLayout, type ChartPoint, type ReportBoard, type ReportGroup } from '../board-report';
import { bidiText, hasRtlLetters, isolate, withoutBidiControls } from './pdf-bidi';
import { artifact, BOLD, MARGIN, paragraph, REGULAR, section, tag } from './pdf-text';
import { STATUS_COLOR } from './report-text';

const INK = '#0f172a';
const MUTED = '#475569';
const ROW_H = 13;
const LABEL_W = 150;

const bottomOf = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;
const widthOf = (doc: PDFKit.PDFDocument) => doc.page.width - 2 * MARGIN;

/** A new page unless `height` points fit below doc.y. */
function room(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > bottomOf(doc)) doc.addPage();
}

/** `text` cut with "…" to fit `width` in the current font. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const chars = Array.from(text);
  while (chars.length > 1 && doc.widthOfString(`${chars.join('')}…`) > width) chars.pop();
  return `${chars.join('')}…`;
}

/** One line of text ending at `right` (or starting at `left`), at y, laid out by direction when it needs to be. */
function label(
  doc: PDFKit.PDFDocument,
  text: string,
  y: number,
  place: { right: number } | { left: number },
  maxWidth: number,
  direction: 'ltr' | 'auto' = 'auto',
) {
  const shown = fit(doc, withoutBidiControls(text), maxWidth);
  const w = doc.widthOfString(shown) + 1;
  const x = 'right' in place ? place.right - w : place.left;
  if (!hasRtlLetters(shown)) {
    doc.text(shown, x, y, { lineBreak: false });
    return;
  }
  doc.y = y;
  bidiText(doc, shown, { x, width: w + 2, direction });
}

/** A table cell: wrapped text at (x, y) in `width`; returns its height. */
function cell(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number): number {
  const height = doc.heightOfString(withoutBidiControls(text) || ' ', { width });
  if (!hasRtlLetters(text)) {
    doc.text(withoutBidiControls(text), x, y, { width });
  } else {
    doc.y = y;
    bidiText(doc, text, { x, width, direction: 'auto' });
  }
  return Math.max(height, doc.y - y);
}

function chart(doc: PDFKit.PDFDocument, chart: ChartLayout) {
  const left = MARGIN;
  const plotL = left + LABEL_W + 8;
  const plotR = doc.page.width - MARGIN - 34;
  const X = (at: number) => plotL + at * (plotR - plotL);
  const perLine = 3;
  const legendItems = [
    ...chart.legend.map((l) => ({ text: l.source, colour: l.colour, ring: false })),
    ...(chart.conflicts ? [{ text: 'in conflict', colour: CONFLICT_COLOUR, ring: true }] : []),
  ];
  const height = chart.points.length * ROW_H + 30 + Math.ceil(legendItems.length / perLine) * 12 + 8;
  room(doc, height);
  const top = doc.y + 2;
  const axisY = top + chart.points.length * ROW_H + 3;

  doc.font(REGULAR).fontSize(6.5).fillColor(MUTED);
  for (const t of chart.ticks) {
    doc.moveTo(X(t.at), top).lineTo(X(t.at), axisY).lineWidth(0.5).strokeColor('#e2e8f0').stroke();
    const w = doc.widthOfString(t.label);
    doc.fillColor(MUTED).text(t.label, X(t.at) - w / 2, axisY + 3, { lineBreak: false });
  }
  doc.moveTo(plotL, axisY).lineTo(plotR, axisY).lineWidth(0.8).strokeColor(MUTED).stroke();
  const scale = chart.scale === 'log' ? 'logarithmic scale' : 'linear scale';
  doc
    .fontSize(6.5)
    .fillColor(MUTED)
    .text(scale, plotR - doc.widthOfString(scale) + 30, axisY + 12, { lineBreak: false });

  for (const p of chart.points) drawPoint(doc, p, top + p.row * ROW_H + ROW_H / 2, X, plotL);

  const legendTop = axisY + 24;
  const column = widthOf(doc) / perLine;
  doc.font(REGULAR).fontSize(7.5);
  legendItems.forEach((l, i) => {
    const lx = left + (i % perLine) * column;
    const ly = legendTop + Math.floor(i / perLine) * 12;
    if (l.ring)
      doc
        .circle(lx + 4, ly + 4, 4)
        .lineWidth(1.5)
        .strokeColor(l.colour)
        .stroke();
    else
      doc
        .circle(lx + 4, ly + 4, 3.5)
        .fillColor(l.colour)
        .fill();
    doc.fillColor(INK);
    label(doc, l.text, ly, { left: lx + 12 }, column - 16);
  });
  doc.x = MARGIN;
  doc.y = legendTop + Math.ceil(legendItems.length / perLine) * 12 + 6;
}

function drawPoint(doc: PDFKit.PDFDocument, p: ChartPoint, cy: number, X: (at: number) => number, plotL: number) {
  doc.save();
  if (p.superseded) doc.opacity(0.45);
  doc.font(REGULAR).fontSize(7).fillColor(INK);
  // "date · source": the report's own order, whatever script the source is in.
  label(doc, p.label, cy - 3.5, { right: plotL - 8 }, LABEL_W, 'ltr');
  doc.moveTo(X(p.from), cy).lineTo(X(p.to), cy).lineWidth(2).lineCap('round').strokeColor(p.colour).stroke();
  if (p.openRight)
    doc
      .polygon([X(1) + 7, cy], [X(1), cy - 3.5], [X(1), cy + 3.5])
      .fillColor(p.colour)
      .fill();
  if (p.openLeft)
    doc
      .polygon([X(0) - 7, cy], [X(0), cy - 3.5], [X(0), cy + 3.5])
      .fillColor(p.colour)
      .fill();
  for (const at of [p.at, ...(p.at2 === null ? [] : [p.at2])]) {
    doc.circle(X(at), cy, 3.2).lineWidth(1.5);
    if (p.hollow) doc.fillAndStroke('#ffffff', p.colour);
    else doc.fillAndStroke(p.colour, p.colour);
  }
  if (p.conflict) doc.circle(X(p.at), cy, 5.8).lineWidth(1.4).strokeColor(CONFLICT_COLOUR).stroke();
  doc.font(REGULAR).fontSize(6.5).fillColor('#334155');
  // Beside the dot, on the side the interval's arrow does not take.
  const shownValue = p.superseded ? `${p.value} (superseded)` : p.value;
  const valueX = p.openRight ? X(p.at) - 8 - doc.widthOfString(shownValue) : Math.min(X(Math.max(p.at, p.at2 ?? 0)) + 8, doc.page.width - MARGIN - 28);
  doc.text(shownValue, valueX, cy - 3, { lineBreak: false });
  doc.restore();
}

// Value, counted, who says it, when, article, verdict; the sentence runs under them at full width.
const COLUMNS = [
  { title: 'Value', width: 60 },
  { title: 'Counted', width: 78 },
  { title: 'Who says it', width: 112 },
  { title: 'When', width: 80 },
  { title: 'Article', width: 75 },
  { title: 'Verdict', width: 90 },
] as const;

function tableHeader(doc: PDFKit.PDFDocument) {
  // The header with room for a first row under it, never alone at the foot of a page.
  room(doc, 75);
  const y = doc.y;
  let x = MARGIN;
  doc.font(BOLD).fontSize(7.5).fillColor(MUTED);
  section(doc, 'TR', () => {
    for (const c of COLUMNS) {
      const at = x;
      tag(doc, 'TH', () => doc.text(c.title, at, y, { width: c.width - 4, lineBreak: false }));
      x += c.width;
    }
  });
  doc.y = y + 11;
  artifact(doc, () =>
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(doc.page.width - MARGIN, doc.y)
      .lineWidth(0.6)
      .strokeColor('#cbd5e1')
      .stroke(),
  );
  doc.y += 3;
}

function tableRow(doc: PDFKit.PDFDocument, r: BoardRow) {
  const marks = [r.conflict ? 'in conflict' : '', r.superseded ? 'superseded' : ''].filter(Boolean).join(', ');
  const cells = [
    `${r.qualifier}${marks ? `\n${marks}` : ''}`,
    r.counted,
    r.who,
    r.when,
    r.article,
    `${STATUS_LABELS[r.status]}${r.reason ? `\n${r.reason}` : ''}`,
  ];
  doc.font(REGULAR).fontSize(7.5);
  const sentenceHeight = doc.heightOfString(r.sentence, { width: widthOf(doc) - 12 });
  const heights = cells.map((t, i) => doc.heightOfString(withoutBidiControls(t), { width: (COLUMNS[i]?.width ?? 60) - 4 }));
  const rowHeight = Math.max(...heights, 18) + sentenceHeight + 8;
  if (doc.y + rowHeight > bottomOf(doc)) {
    doc.addPage();
    tableHeader(doc);
  }
  section(doc, 'TR', () => rowCells(doc, r, cells, rowHeight));
  doc.x = MARGIN;
}

function rowCells(doc: PDFKit.PDFDocument, r: BoardRow, cells: string[], rowHeight: number) {
  const y = doc.y;
  if (r.conflict)
    artifact(doc, () =>
      doc
        .rect(MARGIN - 4, y - 1, 2, rowHeight - 4)
        .fillColor(CONFLICT_COLOUR)
        .fill(),
    );
  // The value in bold, its qualifier and marks under it.
  let tallest = 11;
  tag(doc, 'TD', () => {
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor(INK)
      .text(r.value, MARGIN, y, { width: COLUMNS[0].width - 4, lineBreak: false });
    doc.font(REGULAR).fontSize(7).fillColor(MUTED);
    tallest += cell(doc, cells[0] ?? '', MARGIN, y + 11, COLUMNS[0].width - 4);
  });
  let x = MARGIN + COLUMNS[0].width;
  cells.slice(1).forEach((text, i) => {
    const column = COLUMNS[i + 1];
    if (!column) return;
    const isVerdict = i + 1 === COLUMNS.length - 1;
    doc
      .font(isVerdict ? BOLD : REGULAR)
      .fontSize(7.5)
      .fillColor(isVerdict ? STATUS_COLOR[r.status] : INK);
    const at = x;
    const reason = r.reason;
    tag(doc, 'TD', () => {
      if (isVerdict && reason) {
        doc.text(STATUS_LABELS[r.status], at, y, { width: column.width - 4 });
        doc.font(REGULAR).fontSize(7).fillColor(MUTED);
        tallest = Math.max(tallest, 10 + cell(doc, reason, at, y + 10, column.width - 4));
      } else {
        tallest = Math.max(tallest, cell(doc, text, at, y, column.width - 4));
      }
    });
    x += column.width;
  });
  // The sentence in its language: right-aligned and ordered right to left for Arabic.
  doc.y = y + tallest + 2;
  doc.font(REGULAR).fontSize(7.5).fillColor('#334155');
  tag(doc, 'TD', () => paragraph(doc, r.sentence, { direction: r.direction, indent: 12 }), { lang: r.language });
  doc.y += 3;
  artifact(doc, () =>
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(doc.page.width - MARGIN, doc.y)
      .lineWidth(0.4)
      .strokeColor('#e2e8f0')
      .stroke(),
  );
  doc.y += 3;
}

function group(doc: PDFKit.PDFDocument, g: ReportGroup) {
  // The heading, summary and conflicts on the page of the chart (when it fits on one page at all).
  const lines = 3 + g.conflictLines.length + g.progressionLines.length;
  room(doc, Math.min(lines * 12 + (g.chart ? g.chart.points.length * ROW_H + 70 : 75), 420));
  doc.font(BOLD).fontSize(11).fillColor(INK).text(g.group.label, MARGIN, doc.y);
  doc.font(BOLD).fontSize(9).fillColor('#1e293b');
  paragraph(doc, g.group.summary, { direction: 'ltr' });
  doc.font(REGULAR).fontSize(8);
  for (const line of g.conflictLines) {
    doc.fillColor('#991b1b');
    paragraph(doc, `⚠ ${isolate(line)}`, { direction: 'ltr', indent: 6 });
  }
  for (const line of g.progressionLines) {
    doc.fillColor(MUTED);
    paragraph(doc, `↗ ${isolate(line)}`, { direction: 'ltr', indent: 6 });
  }
  doc.moveDown(0.3);
  if (g.chart) {
    chart(doc, g.chart);
    if (g.chart.omitted) {
      doc.font(REGULAR).fontSize(7.5).fillColor(MUTED);
      paragraph(
        doc,
        `The chart shows the first ${g.chart.points.length} figures in time order; ${g.chart.omitted} more are in the table and the figures CSV.`,
        {
          direction: 'ltr',
        },
      );
    }
  }
  tableHeader(doc);
  for (const r of g.rows) tableRow(doc, r);
  if (g.omittedRows) {
    doc.font(REGULAR).fontSize(7.5).fillColor(MUTED);
    paragraph(doc, `${g.omittedRows} more figures are in the figures CSV.`, { direction: 'ltr' });
  }
  doc.moveDown(0.6);
}

export function drawBoard(doc: PDFKit.PDFDocument, board: ReportBoard) {
  room(doc, 120);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();
  doc.moveDown(0.4);
  doc.font(BOLD).fontSize(14).fillColor(INK);
  paragraph(doc, `Figures board — ${isolate(board.storyTitle)}`, { direction: 'ltr' });
  doc.font(REGULAR).fontSize(8.5).fillColor(MUTED);
  paragraph(doc, `${board.figures} figures in ${board.articles} ${board.articles === 1 ? 'article' : 'articles'} of this export, grouped by what they count.`, {
    direction: 'ltr',
  });
  doc.moveDown(0.5);
  for (const g of board.groups) group(doc, g);
}
