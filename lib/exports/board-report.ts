// The figures board as the HTML and PDF reports print it (issue 13): per
// story, its groups (lib/figures/board.ts) with their rows in the words a
// reader reads, and each group's chart laid out once, in abstract units, for
// the SVG and the pdfkit drawing alike. Pure: the renderers only draw.
import 'server-only';
import { buildBoard, figureDate, figureInterval, figureSourceName, formatFigure, formatNumber, normaliseSource } from '../figures/board';
import { languageName } from '../utils/format';
import type { FigureDto, FigureGroup, FigureQualifier } from '../validation/figures';
import type { ExportBoardStory } from './export-figures';

/** Rows a report's table lists per group, and the figures its chart plots; the figures CSV has every one. */
export const REPORT_TABLE_ROWS = 200;
export const REPORT_CHART_ROWS = 40;
/** Conflicts spelled out under a group's summary. */
export const REPORT_CONFLICT_LINES = 5;

const QUALIFIER_WORDS: Record<FigureQualifier, string> = {
  exact: 'exact',
  about: 'about',
  more_than: 'more than',
  at_least: 'at least',
  fewer_than: 'fewer than',
  at_most: 'at most',
  between: 'between',
};

// Okabe–Ito, told apart with colour-blindness too; red is kept for conflicts.
// Sky blue last: next to a faded (superseded) blue dot it reads as the same source.
const SOURCE_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#6A3D9A', '#8C6D1F', '#4D4D4D', '#56B4E9'];
export const CONFLICT_COLOUR = '#DC2626';
export const NO_SOURCE = 'no source named';
const NO_SOURCE_COLOUR = '#94A3B8';

export type BoardRow = {
  id: string;
  value: string;
  qualifier: string;
  counted: string;
  who: string;
  when: string;
  article: string;
  language: string;
  direction: 'ltr' | 'rtl';
  sentence: string;
  /** The figure's span inside `sentence`, for marking it. */
  mark: { start: number; end: number };
  status: FigureDto['status'];
  reason: string | null;
  conflict: boolean;
  superseded: boolean;
};

export type ChartPoint = {
  id: string;
  /** 0-based row, in time order. */
  row: number;
  /** Positions on the value axis, 0 (left) to 1 (right). `at`: the number stated; `at2`: between's upper bound. */
  at: number;
  at2: number | null;
  /** What the figure allows, clamped to the axis; `open`: it runs off that end (">100"). */
  from: number;
  to: number;
  openLeft: boolean;
  openRight: boolean;
  /** A hollow dot: the number itself is excluded (">100", "<10"). */
  hollow: boolean;
  colour: string;
  conflict: boolean;
  superseded: boolean;
  /** Left of the axis: "2019-02-21 · Migración Colombia". */
  label: string;
  /** What a screen reader or a tooltip says. */
  title: string;
  value: string;
};

export type ChartLayout = {
  scale: 'linear' | 'log';
  ticks: { at: number; label: string }[];
  points: ChartPoint[];
  legend: { source: string; colour: string }[];
  /** Some figure is ringed: the legend explains the ring. */
  conflicts: boolean;
  /** Figures of the group the chart leaves out (beyond REPORT_CHART_ROWS). */
  omitted: number;
  description: string;
};

export type ReportGroup = {
  group: FigureGroup;
  rows: BoardRow[];
  /** Rows the table leaves out (beyond REPORT_TABLE_ROWS). */
  omittedRows: number;
  conflictLines: string[];
  progressionLines: string[];
  chart: ChartLayout | null;
};

export type ReportBoard = { storyId: string | null; storyTitle: string; articles: number; figures: number; groups: ReportGroup[] };

function qualifierWords(f: FigureDto): string {
  // "about" is approximate already.
  return `${QUALIFIER_WORDS[f.qualifier]}${f.approximate && f.qualifier !== 'about' ? ', approx.' : ''}`;
}

function whoSays(f: FigureDto): string {
  const source = f.attribution.source ?? f.attribution.text;
  if (!source) return '—';
  return f.attribution.relayedBy && f.attribution.relayedBy !== source ? `${source}, via ${f.attribution.relayedBy}` : source;
}

function when(f: FigureDto): string {
  const date = figureDate(f);
  const text = f.time.text?.trim();
  if (text && f.time.date) return `${text} (${f.time.date})`;
  if (text) return text;
  return date ? `${date} (published)` : 'date unknown';
}

function row(f: FigureDto, conflict: boolean, superseded: boolean): BoardRow {
  const sentence = f.sentence.text;
  const lead = sentence.length - sentence.trimStart().length;
  const offset = f.sentence.start + lead;
  return {
    id: f.id,
    value: formatFigure(f),
    qualifier: qualifierWords(f),
    counted: f.countedText ? f.countedText : '—',
    who: whoSays(f),
    when: when(f),
    // The article by its outlet, or its title when it names none: never by its language alone.
    article: [languageName(f.article.language), f.article.outlet ?? f.article.title].filter(Boolean).join(' · '),
    language: f.article.language,
    direction: f.article.direction,
    sentence: sentence.trim(),
    mark: { start: f.span.start - offset, end: f.span.end - offset },
    status: f.status,
    reason: f.reason,
    conflict,
    superseded,
  };
}

/** The numbers a figure states (one, or both ends of "between"). */
function stated(f: FigureDto): number[] {
  const n = [f.value, f.min, f.max].filter((x): x is number => x !== null && Number.isFinite(x));
  return n;
}

function niceStep(span: number, count: number, whole: boolean): number {
  // Whole numbers (head counts) never get ticks at 0.5.
  const raw = Math.max(span / Math.max(1, count), whole ? 1 : 0);
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return unit * power;
}

/** A value → 0..1 mapping and its ticks: log when the numbers span 20× or more (and are all positive). */
function axis(numbers: number[]) {
  const lo = Math.min(...numbers);
  const hi = Math.max(...numbers);
  if (lo > 0 && hi / lo >= 20) {
    const a = Math.floor(Math.log10(lo));
    const b = Math.max(a + 1, Math.ceil(Math.log10(hi)));
    const position = (v: number) => (Math.log10(Math.max(v, 10 ** a)) - a) / (b - a);
    const ticks: { at: number; label: string }[] = [];
    for (let e = a; e <= b; e++)
      for (const m of b - a <= 3 ? [1, 2, 5] : [1]) if (m * 10 ** e <= 10 ** b) ticks.push({ at: position(m * 10 ** e), label: formatNumber(m * 10 ** e) });
    return { scale: 'log' as const, position, ticks };
  }
  const min = lo >= 0 ? 0 : lo;
  const step = niceStep(Math.max(hi - min, 1), 5, numbers.every(Number.isInteger));
  const max = Math.max(step, Math.ceil((hi * 1.05) / step) * step);
  const start = Math.floor(min / step) * step;
  const position = (v: number) => (Math.min(Math.max(v, start), max) - start) / (max - start);
  const ticks: { at: number; label: string }[] = [];
  for (let t = start; t <= max + step / 2; t += step) ticks.push({ at: position(t), label: formatNumber(t) });
  return { scale: 'linear' as const, position, ticks };
}

function chartOf(group: FigureGroup, figures: FigureDto[], inConflict: Set<string>): ChartLayout | null {
  if (group.counted === 'other') return null;
  const plotted = figures.slice(0, REPORT_CHART_ROWS);
  const numbers = plotted.flatMap(stated);
  if (numbers.length === 0) return null;
  const { scale, position, ticks } = axis(numbers);
  const colours = new Map<string, { source: string; colour: string }>();
  // By the source's name as the legend shows it: figures naming no source share one grey entry
  // (the board still keeps them apart by article when it looks for conflicts).
  let named = 0;
  const colourOf = (f: FigureDto) => {
    const name = figureSourceName(f);
    const key = normaliseSource(name) ?? '';
    let entry = colours.get(key);
    if (!entry) {
      const colour = name ? (SOURCE_COLOURS[named++ % SOURCE_COLOURS.length] ?? '#4D4D4D') : NO_SOURCE_COLOUR;
      entry = { source: name ?? NO_SOURCE, colour };
      colours.set(key, entry);
    }
    return entry.colour;
  };
  const points = plotted.map((f, i): ChartPoint => {
    const iv = figureInterval(f);
    const first = f.qualifier === 'fewer_than' || f.qualifier === 'at_most' ? f.max : f.qualifier === 'exact' || f.qualifier === 'about' ? f.value : f.min;
    const source = figureSourceName(f) ?? NO_SOURCE;
    const date = figureDate(f);
    const value = formatFigure(f);
    const conflict = inConflict.has(f.id);
    const superseded = f.supersededById !== null;
    return {
      id: f.id,
      row: i,
      at: position(first ?? 0),
      at2: f.qualifier === 'between' && f.max !== null ? position(f.max) : null,
      from: Number.isFinite(iv.lo) ? position(iv.lo) : 0,
      to: Number.isFinite(iv.hi) ? position(iv.hi) : 1,
      openLeft: !Number.isFinite(iv.lo),
      openRight: !Number.isFinite(iv.hi),
      hollow: f.qualifier === 'more_than' || f.qualifier === 'fewer_than',
      colour: colourOf(f),
      conflict,
      superseded,
      label: `${date ?? 'date unknown'} · ${source}`,
      title:
        `${value} ${f.countedText ?? ''}`.trim() +
        ` — ${source}, ${date ?? 'date unknown'}${conflict ? ', in conflict' : ''}${superseded ? ', superseded' : ''}`,
      value,
    };
  });
  // Named sources first, "no source named" last.
  const legend = [...colours.values()].sort((a, b) => Number(a.colour === NO_SOURCE_COLOUR) - Number(b.colour === NO_SOURCE_COLOUR));
  const omitted = figures.length - plotted.length;
  const description = `${group.summary}. One row per figure in time order, on a ${scale === 'log' ? 'logarithmic' : 'linear'} axis, coloured by source; figures in conflict are ringed in red. The table below has the same data.`;
  return { scale, ticks, points, legend, conflicts: points.some((p) => p.conflict), omitted, description };
}

function reportGroup(group: FigureGroup, byId: Map<string, FigureDto>): ReportGroup {
  const figures = group.figureIds.flatMap((id) => {
    const f = byId.get(id);
    return f ? [f] : [];
  });
  const inConflict = new Set(group.conflicts.flatMap((c) => [c.a, c.b]));
  const total = group.conflictCount ?? group.conflicts.length;
  const conflictLines = group.conflicts.slice(0, REPORT_CONFLICT_LINES).map((c) => c.why);
  if (total > conflictLines.length) conflictLines.push(`… and ${(total - conflictLines.length).toLocaleString('en')} more conflicting pairs.`);
  const progressionLines = group.progressions.map((p) => {
    const chain = p.figureIds.flatMap((id) => {
      const f = byId.get(id);
      return f ? [formatFigure(f)] : [];
    });
    return `${p.source ?? NO_SOURCE}: ${chain.join(' → ')} (over time, not a conflict)`;
  });
  return {
    group,
    rows: figures.slice(0, REPORT_TABLE_ROWS).map((f) => row(f, inConflict.has(f.id), f.supersededById !== null)),
    omittedRows: Math.max(0, figures.length - REPORT_TABLE_ROWS),
    conflictLines,
    progressionLines,
    chart: chartOf(group, figures, inConflict),
  };
}

/** One story's board, ready to print. */
export function reportBoard(story: ExportBoardStory): ReportBoard {
  const byId = new Map(story.figures.map((f) => [f.id, f]));
  return {
    storyId: story.id,
    storyTitle: story.title ?? 'Articles in no story yet',
    articles: story.articles,
    figures: story.figures.length,
    groups: buildBoard(story.figures).map((g) => reportGroup(g, byId)),
  };
}

/** For a report drawn without boards (a slice without figures, the tests of other parts). */
export async function* noBoards(): AsyncGenerator<ReportBoard> {}
