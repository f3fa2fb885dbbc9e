// The figures board in the PDF report, drawn with pdfkit's vector calls: per
// group its summary, conflicts and progressions, a chart (a value axis, log
// when the numbers need it; one row per figure in time order, a dot coloured
// by source on the interval it allows, conflicts ringed in red, a legend) and
// the table with every figure, the sentence in its language and direction.
// Text with right-to-left letters goes through pdf-bidi.ts.
import 'server-only';
import { STATUS_LABELS } from '../../utils/status-labels';
import { CONFLICT_COLOUR, type BoardRow, type ChartLayout, type ChartPoint, type ReportBoard, type ReportGroup } from '../board-report';
import { bidiLine, bidiLineWidth, bidiText, hasRtlLetters, isolate, withoutBidiControls } from './pdf-bidi';
import { artifact, BOLD, MARGIN, paragraph, REGULAR, section, tag } from './pdf-text';
import { STATUS_COLOR } from './report-text';

const INK = '#0f172a';
const MUTED = '#475569';
const ROW_H = 13;
const LABEL_W = 150;
const LEGEND_LINE = 12;
const ROW_LABEL_SIZE = 7;
const LEGEND_SIZE = 7.5;

const bottomOf = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;
const widthOf = (doc: PDFKit.PDFDocument) => doc.page.width - 2 * MARGIN;

/** A new page unless `height` points fit below doc.y. */
function room(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > bottomOf(doc)) doc.addPage();
}

/** How wide a label is drawn (bidiLine's measure in the current font), for the pure layouts below. */
export type Measure = (text: string) => number;

/**
 * `text` cut at its logical end to fit `width`: whole words first, "…" after
 * the last one kept (in an Arabic name that end is on the left), characters
 * only when one word is wider than the slot.
 */
export function fitLabel(text: string, width: number, measure: Measure): string {
  const whole = withoutBidiControls(text).replace(/\s+/gu, ' ').trim();
  if (measure(whole) <= width) return whole;
  const cut = (kept: string) => `${kept.replace(/[\s([{·,;:–—-]+$/u, '')}…`;
  const words = whole.split(' ');
  while (words.length > 1) {
    words.pop();
    const shown = cut(words.join(' '));
    if (measure(shown) <= width) return shown;
  }
  const chars = Array.from(words[0] ?? '');
  while (chars.length > 1 && measure(cut(chars.join(''))) > width) chars.pop();
  const shown = cut(chars.join(''));
  return measure(shown) <= width ? shown : '';
}

/** A label's place: its text, where its box starts and how wide it is. */
export type LabelBox = { text: string; x: number; width: number };
export type LegendBox = LabelBox & { line: number; textX: number };

const MARKER = 12;
const LEGEND_GAP = 10;

/**
 * The legend's entries flowed into lines across `width` from `left`: each
 * entry is its marker and its name, cut to at most half the width, and the
 * next one starts a gap after it, or on the next line. No two boxes overlap,
 * whatever the script or length of the names.
 */
export function legendLayout(names: string[], measure: Measure, area: { left: number; width: number }): LegendBox[] {
  const widest = (area.width - LEGEND_GAP) / 2 - MARKER;
  const boxes: LegendBox[] = [];
  let x = area.left;
  let line = 0;
  for (const name of names) {
    const text = fitLabel(name, widest, measure);
    const width = MARKER + measure(text);
    if (x > area.left && x + width > area.left + area.width) {
      line++;
      x = area.left;
    }
    boxes.push({ text, x, width, line, textX: x + MARKER });
    x += width + LEGEND_GAP;
  }
  return boxes;
}

/**
 * A chart row's label, "date · source" in the report's order, ending at
 * `right` in a slot `width` wide: the date whole, the source (in its own
 * direction) cut to what is left, never reaching past the slot's left edge.
 */
export function rowLabelLayout(label: string, measure: Measure, right: number, width: number): { date: LabelBox; source: LabelBox } {
  const split = label.indexOf(' · ');
  const date = split < 0 ? '' : `${label.slice(0, split)} · `;
  const dateWidth = date ? measure(date) : 0;
  const source = fitLabel(split < 0 ? label : label.slice(split + 3), Math.max(0, width - dateWidth), measure);
  const sourceWidth = measure(source);
  return {
    date: { text: date, x: right - sourceWidth - dateWidth, width: dateWidth },
    source: { text: source, x: right - sourceWidth, width: sourceWidth },
  };
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

type ChartPlan = { legend: LegendBox[]; items: { colour: string; ring: boolean }[]; height: number };

/** The chart's legend laid out, and the height the whole chart takes. */
function planChart(doc: PDFKit.PDFDocument, chart: ChartLayout): ChartPlan {
  const items = [
    ...chart.legend.map((l) => ({ text: l.source, colour: l.colour, ring: false })),
    ...(chart.conflicts ? [{ text: 'in conflict', colour: CONFLICT_COLOUR, ring: true }] : []),
  ];
  doc.font(REGULAR).fontSize(LEGEND_SIZE);
  const legend = legendLayout(
    items.map((i) => i.text),
    (t) => bidiLineWidth(doc, t),
    { left: MARGIN, width: widthOf(doc) },
  );
  const lines = (legend.at(-1)?.line ?? -1) + 1;
  return { legend, items, height: chart.points.length * ROW_H + 30 + lines * LEGEND_LINE + 8 };
}

function chart(doc: PDFKit.PDFDocument, chart: ChartLayout) {
  const plan = planChart(doc, chart);
  room(doc, plan.height);
  // One figure for a screen reader, told in words; the table after it has every number.
  tag(doc, 'Figure', () => drawChart(doc, chart, plan), { alt: chart.description, lang: 'en' });
  doc.x = MARGIN;
}

function drawChart(doc: PDFKit.PDFDocument, chart: ChartLayout, plan: ChartPlan) {
  const plotL = MARGIN + LABEL_W + 8;
  const plotR = doc.page.width - MARGIN - 34;
  const X = (at: number) => plotL + at * (plotR - plotL);
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
  doc.font(REGULAR).fontSize(LEGEND_SIZE);
  plan.legend.forEach((box, i) => {
    const item = plan.items[i];
    if (!item) return;
    const ly = legendTop + box.line * LEGEND_LINE;
    if (item.ring)
      doc
        .circle(box.x + 4, ly + 4, 4)
        .lineWidth(1.5)
        .strokeColor(item.colour)
        .stroke();
    else
      doc
        .circle(box.x + 4, ly + 4, 3.5)
        .fillColor(item.colour)
        .fill();
    doc.fillColor(INK);
    bidiLine(doc, box.text, box.textX, ly, 'auto');
  });
  doc.x = MARGIN;
  doc.y = top - 2 + plan.height;
}

function drawPoint(doc: PDFKit.PDFDocument, p: ChartPoint, cy: number, X: (at: number) => number, plotL: number) {
  doc.save();
  if (p.superseded) doc.opacity(0.45);
  doc.font(REGULAR).fontSize(ROW_LABEL_SIZE).fillColor(INK);
  // "date · source": the report's own order, whatever script the source is in; the source in its own direction.
  const { date, source } = rowLabelLayout(p.label, (t) => bidiLineWidth(doc, t), plotL - 8, LABEL_W);
  if (date.text) doc.text(date.text, date.x, cy - 3.5, { lineBreak: false });
  bidiLine(doc, source.text, source.x, cy - 3.5, 'auto');
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

const HEADER_H = 20;

/** The table's header row: the six columns, and the sentence that runs under each row. */
function tableHeader(doc: PDFKit.PDFDocument) {
  const y = doc.y;
  let x = MARGIN;
  doc.font(BOLD).fontSize(7.5).fillColor(MUTED);
  section(doc, 'TR', () => {
    for (const c of COLUMNS) {
      const at = x;
      tag(doc, 'TH', () => doc.text(c.title, at, y, { width: c.width - 4, lineBreak: false }), { scope: 'Column' });
      x += c.width;
    }
    doc.font(REGULAR).fontSize(6.5);
    tag(doc, 'TH', () => doc.text('Sentence, in its language', MARGIN + 12, y + 10, { lineBreak: false }), { scope: 'Column' });
  });
  doc.y = y + HEADER_H;
  rule(doc, 0.6, '#cbd5e1');
}

/** The header again at the top of a page the table runs onto: a repeat, outside the reading order. */
function repeatedHeader(doc: PDFKit.PDFDocument) {
  artifact(
    doc,
    () => {
      const y = doc.y;
      let x = MARGIN;
      doc.font(BOLD).fontSize(7.5).fillColor(MUTED);
      for (const c of COLUMNS) {
        doc.text(c.title, x, y, { width: c.width - 4, lineBreak: false });
        x += c.width;
      }
      doc
        .font(REGULAR)
        .fontSize(6.5)
        .text('Sentence, in its language', MARGIN + 12, y + 10, { lineBreak: false });
      doc.y = y + HEADER_H;
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(doc.page.width - MARGIN, doc.y)
        .lineWidth(0.6)
        .strokeColor('#cbd5e1')
        .stroke();
    },
    'Pagination',
  );
  doc.y += 3;
}

function rule(doc: PDFKit.PDFDocument, width: number, colour: string) {
  artifact(doc, () =>
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(doc.page.width - MARGIN, doc.y)
      .lineWidth(width)
      .strokeColor(colour)
      .stroke(),
  );
  doc.y += 3;
}

function rowCellTexts(r: BoardRow): string[] {
  const marks = [r.conflict ? 'in conflict' : '', r.superseded ? 'superseded' : ''].filter(Boolean).join(', ');
  return [`${r.qualifier}${marks ? `\n${marks}` : ''}`, r.counted, r.who, r.when, r.article, `${STATUS_LABELS[r.status]}${r.reason ? `\n${r.reason}` : ''}`];
}

/** The height a row takes: its tallest cell and the sentence under it. */
function rowHeight(doc: PDFKit.PDFDocument, r: BoardRow): number {
  doc.font(REGULAR).fontSize(7.5);
  const sentenceHeight = doc.heightOfString(withoutBidiControls(r.sentence), { width: widthOf(doc) - 12 });
  const heights = rowCellTexts(r).map((t, i) => doc.heightOfString(withoutBidiControls(t), { width: (COLUMNS[i]?.width ?? 60) - 4 }));
  return Math.max(...heights, 18) + sentenceHeight + 8;
}

function tableRow(doc: PDFKit.PDFDocument, r: BoardRow) {
  const height = rowHeight(doc, r);
  if (doc.y + height > bottomOf(doc)) {
    doc.addPage();
    repeatedHeader(doc);
  }
  section(doc, 'TR', () => rowCells(doc, r, rowCellTexts(r), height));
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
  rule(doc, 0.4, '#e2e8f0');
}

/** Height of a paragraph of `text` in `font` and `size` across `width` (as pdfkit would wrap it). */
function textHeight(doc: PDFKit.PDFDocument, text: string, font: string, size: number, width: number): number {
  return doc
    .font(font)
    .fontSize(size)
    .heightOfString(withoutBidiControls(text) || ' ', { width });
}

/**
 * What must share a page with a group's heading: its summary, conflict and
 * progression lines, its chart, and the table's header with its first row
 * (the rest of the table may run onto the next pages).
 */
function groupHeadHeight(doc: PDFKit.PDFDocument, g: ReportGroup): number {
  const width = widthOf(doc);
  let height = textHeight(doc, g.group.label, BOLD, 11, width) + textHeight(doc, g.group.summary, BOLD, 9, width);
  for (const line of [...g.conflictLines, ...g.progressionLines]) height += textHeight(doc, `⚠ ${line}`, REGULAR, 8, width - 6);
  height += doc.currentLineHeight(true) * 0.3;
  if (g.chart) {
    height += planChart(doc, g.chart).height;
    if (g.chart.omitted) height += textHeight(doc, omittedNote(g.chart), REGULAR, 7.5, width);
  }
  const first = g.rows[0];
  return height + HEADER_H + 3 + (first ? rowHeight(doc, first) : 0);
}

const omittedNote = (chart: ChartLayout) =>
  `The chart shows the first ${chart.points.length} figures in time order; ${chart.omitted} more are in the table and the figures CSV.`;

/** Starts what is `height` tall on this page when it fits, else on a new one (where it fits unless it is taller than a page). */
function keepTogether(doc: PDFKit.PDFDocument, height: number) {
  const top = doc.page.margins.top;
  if (doc.y > top && doc.y + height > bottomOf(doc)) doc.addPage();
}

function group(doc: PDFKit.PDFDocument, g: ReportGroup) {
  keepTogether(doc, groupHeadHeight(doc, g));
  doc.font(BOLD).fontSize(11).fillColor(INK);
  tag(doc, 'H3', () => doc.text(g.group.label, MARGIN, doc.y, { width: widthOf(doc) }));
  doc.font(BOLD).fontSize(9).fillColor('#1e293b');
  tag(doc, 'P', () => paragraph(doc, g.group.summary, { direction: 'ltr' }));
  doc.font(REGULAR).fontSize(8);
  // As the HTML report's list items: English sentences naming sources in any script.
  if (g.conflictLines.length)
    section(doc, 'L', () => {
      for (const line of g.conflictLines) {
        doc.fillColor('#991b1b');
        tag(doc, 'LI', () => paragraph(doc, `⚠ ${line}`, { direction: 'ltr', indent: 6 }));
      }
    });
  if (g.progressionLines.length)
    section(doc, 'L', () => {
      for (const line of g.progressionLines) {
        doc.fillColor(MUTED);
        tag(doc, 'LI', () => paragraph(doc, `↗ ${line}`, { direction: 'ltr', indent: 6 }));
      }
    });
  doc.moveDown(0.3);
  if (g.chart) {
    const shown = g.chart;
    chart(doc, shown);
    if (shown.omitted) {
      doc.font(REGULAR).fontSize(7.5).fillColor(MUTED);
      tag(doc, 'P', () => paragraph(doc, omittedNote(shown), { direction: 'ltr' }));
    }
  }
  section(doc, 'Table', () => {
    tableHeader(doc);
    for (const r of g.rows) tableRow(doc, r);
  });
  if (g.omittedRows) {
    doc.font(REGULAR).fontSize(7.5).fillColor(MUTED);
    tag(doc, 'P', () => paragraph(doc, `${g.omittedRows} more figures are in the figures CSV.`, { direction: 'ltr' }));
  }
  doc.moveDown(0.6);
}

/** The board's heading, and under it its first group's head: the board starts on this page when both fit. */
export function drawBoard(doc: PDFKit.PDFDocument, board: ReportBoard) {
  const first = board.groups[0];
  const pageHeight = bottomOf(doc) - doc.page.margins.top;
  const head = 60 + (first ? groupHeadHeight(doc, first) : 0);
  keepTogether(doc, head > pageHeight ? 120 : head);
  artifact(doc, () =>
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(doc.page.width - MARGIN, doc.y)
      .lineWidth(1.5)
      .strokeColor(INK)
      .stroke(),
  );
  doc.moveDown(0.4);
  doc.font(BOLD).fontSize(14).fillColor(INK);
  tag(doc, 'H2', () => paragraph(doc, `Figures board — ${isolate(board.storyTitle)}`, { direction: 'ltr' }));
  doc.font(REGULAR).fontSize(8.5).fillColor(MUTED);
  tag(doc, 'P', () =>
    paragraph(
      doc,
      `${board.figures} figures in ${board.articles} ${board.articles === 1 ? 'article' : 'articles'} of this export, grouped by what they count.`,
      {
        direction: 'ltr',
      },
    ),
  );
  doc.moveDown(0.5);
  for (const g of board.groups) section(doc, 'Sect', () => group(doc, g));
}
