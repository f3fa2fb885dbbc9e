// What the board page (and GET /api/stories/{id}/figures?view=board) hands
// the client: the groups as the server computed them, and only the figures
// the board shows at first — each open group's first rows whole (rowsShown), and
// its chart's points without their sentence — with what repeats taken out
// (each article's facts once, the story id once, the span's text where the
// sentence holds it). The page's size does not grow with the story: groups
// open in board order until OPEN_ROWS_BUDGET rows are sent, and the others
// come as their heading only (summary, size, conflicts), fetched whole when a
// reader opens them (`?view=board&counted=…`). The rest of an open group
// comes on "Show all", a page at a time (StoryFiguresPage). Pure and
// client-safe.
import { storySources } from '@/lib/figures/board';
import type { FigureDto, FigureGroup, StoryFiguresPage, StoryFiguresResponse } from '@/lib/validation/figures';
import { sourceColours } from './chart-scales';
import { sourceKey, valueText } from './figure-text';

/** Rows of a large group the board renders before "Show all". */
export const ROWS_SHOWN = 10;
/** A group of at most this many figures shows them all at once. */
export const ROWS_WHOLE = 25;
/** Points a group's chart draws at most (an even sample of a larger group). */
export const CHART_POINTS_MAX = 40;
/** A story whose groups show at most this many rows in all opens every group. */
export const OPEN_ALL_ROWS = 60;
/** Otherwise groups open in board order until this many rows are sent (the first group always opens). */
export const OPEN_ROWS_BUDGET = 10;

export type BoardBounds = { rows: number; whole: number; chart: number; openRows: number; openAll: number };
const BOUNDS: BoardBounds = { rows: ROWS_SHOWN, whole: ROWS_WHOLE, chart: CHART_POINTS_MAX, openRows: OPEN_ROWS_BUDGET, openAll: OPEN_ALL_ROWS };

/** How many rows of a group of `size` figures the board shows before "Show all". */
export const rowsShown = (size: number, bounds: Pick<BoardBounds, 'rows' | 'whole'> = BOUNDS): number =>
  size <= bounds.whole ? size : Math.min(size, bounds.rows);

type Article = FigureDto['article'];
type Slice = { start: number; end: number; text?: string };
type PackedFigure = Omit<FigureDto, 'article' | 'storyId' | 'span' | 'sentence'> & { span: Slice; sentence: Slice };
/** A figure sent for a chart only: what a chart point draws and says (figure-chart.tsx), nothing of its row. */
const CHART_FIELDS = [
  'id',
  'claimId',
  'qualifier',
  'value',
  'min',
  'max',
  'approximate',
  'unit',
  'counted',
  'attribution',
  'time',
  'supersededById',
  'status',
  'dismissed',
] as const;
type ChartFigure = Pick<FigureDto, (typeof CHART_FIELDS)[number]>;
export type BoardPayload = {
  storyId: string;
  articles: Record<string, Article>;
  figures: (PackedFigure | ChartFigure)[];
  /** Figures sent for the chart only (ChartFigure: a row fetches them whole). */
  partial: string[];
  /**
   * Every group of the board; a group not in `open` comes as its heading only (no figureIds, conflicts
   * or progressions listed), an open one with the figures sent and what touches them (trimmed).
   */
  groups: FigureGroup[];
  /** The groups sent whole, with their first rows and chart points. */
  open: FigureGroup['counted'][];
  /** Figures in each group, the closed ones included. */
  sizes: Record<string, number>;
  /** Live figures, and the articles they come from, in the whole story. */
  totals: { figures: number; articles: number };
  /** The story's folded source key of each figure sent (storySources), "" when unattributed. */
  sourceKeys: Record<string, string>;
  /** A colour per folded source key, over the whole story, so a source keeps its colour however many rows are loaded. */
  colours: Record<string, string>;
  /** "567", ">100": the figures rows name (superseded by, progression steps) that are not sent. */
  values: Record<string, string>;
};
/** The board as the client holds it: whole figures and chart-only ones by id. */
export type ClientBoard = Omit<BoardPayload, 'figures' | 'articles' | 'partial' | 'open'> & { figures: FigureDto[]; partial: Set<string>; open: Set<string> };

const cut = (f: Pick<FigureDto, 'span' | 'sentence'>) => f.sentence.text.slice(f.span.start - f.sentence.start, f.span.end - f.sentence.start);

/** At most `max` figures, evenly spread over the group's order (the first and the last kept). */
export function chartSample<T>(figures: readonly T[], max: number): T[] {
  if (figures.length <= max) return [...figures];
  const step = (figures.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => Math.round(i * step)).flatMap((i) => (i < figures.length ? [figures[i] as T] : []));
}

/**
 * Which groups open at first: all of a small story's (at most `openAll` rows in all), else in board
 * order while fewer than `openRows` rows are sent, the first always; "other" (never compared) only when asked for.
 */
export function openGroups(
  groups: readonly FigureGroup[],
  bounds: Pick<BoardBounds, 'rows' | 'whole' | 'openRows' | 'openAll'> = BOUNDS,
): Set<FigureGroup['counted']> {
  const compared = groups.filter((g) => g.counted !== 'other');
  const all = compared.reduce((n, g) => n + rowsShown(g.figureIds.length, bounds), 0);
  const open = new Set<FigureGroup['counted']>();
  let rows = 0;
  for (const g of compared) {
    if (all > bounds.openAll && open.size > 0 && rows >= bounds.openRows) continue;
    open.add(g.counted);
    rows += rowsShown(g.figureIds.length, bounds);
  }
  return open;
}

/** A group as a closed heading: its summary and counts, no figure listed. */
const closed = (g: FigureGroup): FigureGroup => ({
  ...g,
  figureIds: [],
  conflicts: [],
  progressions: [],
  conflictCount: g.conflictCount ?? g.conflicts.length,
});

/**
 * An open group listing only the figures sent (its first rows and chart points, in its order) and the
 * conflicts and progressions that touch them; `sizes` and `conflictCount` still count them all.
 */
function trimmed(g: FigureGroup, isSent: (id: string) => boolean): FigureGroup {
  const figureIds = g.figureIds.filter(isSent);
  const conflicts = g.conflicts.filter((c) => isSent(c.a) || isSent(c.b));
  const progressions = g.progressions.filter((p) => p.figureIds.some(isSent));
  if (figureIds.length === g.figureIds.length && conflicts.length === g.conflicts.length && progressions.length === g.progressions.length) return g;
  return { ...g, figureIds, conflicts, progressions, conflictCount: g.conflictCount ?? g.conflicts.length };
}

/**
 * `board` is one story's (listStoryFigures + buildBoard): every figure's storyId is `storyId`.
 * With `only`, the payload holds that group alone, open (what opening a closed group fetches).
 */
export function packBoard(storyId: string, board: StoryFiguresResponse, bounds: Partial<BoardBounds> = {}, only?: FigureGroup['counted']): BoardPayload {
  const b = { ...BOUNDS, ...bounds };
  const open = only ? new Set([only]) : openGroups(board.groups, b);
  const picked = only ? board.groups.filter((g) => g.counted === only) : board.groups;
  const sizes = Object.fromEntries(board.groups.map((g) => [g.counted, g.figureIds.length]));
  const byId = new Map(board.figures.map((f) => [f.id, f]));
  const live = board.figures.filter((f) => !f.dismissed);
  const whole = new Set<string>();
  const chart = new Set<string>();
  for (const g of picked) {
    if (!open.has(g.counted)) continue;
    for (const id of g.figureIds.slice(0, rowsShown(g.figureIds.length, b))) whole.add(id);
    if (g.counted !== 'other') for (const id of chartSample(g.figureIds, b.chart)) chart.add(id);
  }
  const sent = [...byId.keys()].filter((id) => whole.has(id) || chart.has(id));
  const isSent = (id: string) => whole.has(id) || chart.has(id);
  // An open group lists the conflicts and progressions of what is sent (all of them when one group is asked for, as "Show all" does).
  const groups = picked.map((g) => (!open.has(g.counted) ? closed(g) : only ? g : trimmed(g, isSent)));
  const sources = storySources(live);
  const keyOf = (f: FigureDto) => sourceKey(f, sources);

  const named = new Set<string>();
  for (const g of groups) {
    for (const id of g.figureIds.slice(0, rowsShown(g.figureIds.length, b))) {
      const next = byId.get(id)?.supersededById;
      if (next) named.add(next);
    }
    for (const p of g.progressions) if (p.figureIds.some((id) => whole.has(id))) for (const id of p.figureIds) named.add(id);
  }
  const values: Record<string, string> = {};
  for (const id of named) {
    const f = byId.get(id);
    if (f && !whole.has(id) && !chart.has(id)) values[id] = valueText(f);
  }

  const articles: Record<string, Article> = {};
  const sourceKeys: Record<string, string> = {};
  const figures = sent.flatMap((id): (PackedFigure | ChartFigure)[] => {
    const f = byId.get(id);
    if (!f) return [];
    const { article, storyId: _story, span, sentence, ...rest } = f;
    articles[rest.claimId] ??= article;
    sourceKeys[id] = keyOf(f);
    if (!whole.has(id)) return [Object.fromEntries(CHART_FIELDS.map((k) => [k, f[k]])) as ChartFigure];
    // A span clamped to a shorter body (a kept figure of an older version) keeps its own text.
    const derivable = span.start >= sentence.start && cut({ span, sentence }) === span.text;
    return [{ ...rest, sentence, span: derivable ? { start: span.start, end: span.end } : span }];
  });
  return {
    storyId,
    articles,
    figures,
    partial: sent.filter((id) => !whole.has(id)),
    groups,
    open: [...open],
    sizes,
    totals: { figures: live.length, articles: new Set(live.map((f) => f.claimId)).size },
    sourceKeys,
    colours: Object.fromEntries(sourceColours(live.map(keyOf))),
    values,
  };
}

/** What a chart-only figure lacks: never shown (its row is fetched whole before it shows). */
const CHART_DEFAULTS: Omit<FigureDto, ChartKey | 'storyId' | 'article'> = {
  ordinal: 0,
  origin: 'extracted',
  countedText: null,
  span: { start: 0, end: 0, text: '' },
  sentence: { start: 0, end: 0, text: '' },
  correctedFields: [],
  version: 0,
  reason: null,
  evidence: [],
  reReviewAt: null,
  decidedBy: null,
  decidedAt: null,
};
type ChartKey = (typeof CHART_FIELDS)[number];

export function unpackBoard(payload: BoardPayload): ClientBoard {
  const { articles, figures: packed, partial, open, ...rest } = payload;
  const figures = packed.flatMap((f): FigureDto[] => {
    const article = articles[f.claimId];
    if (!article) return [];
    if (!('span' in f)) return [{ ...CHART_DEFAULTS, ...f, storyId: payload.storyId, article }];
    const sentence = { start: f.sentence.start, end: f.sentence.end, text: f.sentence.text ?? '' };
    const text = f.span.text ?? cut({ span: { ...f.span, text: '' }, sentence });
    return [{ ...f, storyId: payload.storyId, article, sentence, span: { start: f.span.start, end: f.span.end, text } }];
  });
  return { ...rest, figures, partial: new Set(partial), open: new Set(open) };
}

/** One page of a group's figures, in the group's order: what "Show all" fetches. An unknown or empty group is an empty page. */
export function groupPage(board: StoryFiguresResponse, counted: FigureGroup['counted'], offset: number, limit: number): StoryFiguresPage {
  const ids = board.groups.find((g) => g.counted === counted)?.figureIds ?? [];
  const byId = new Map(board.figures.map((f) => [f.id, f]));
  const figures = ids.slice(offset, offset + limit).flatMap((id) => byId.get(id) ?? []);
  const end = offset + limit;
  return { counted, figures, offset, total: ids.length, nextOffset: end < ids.length ? end : null };
}
