// What the board page (and GET /api/stories/{id}/figures?view=board) hands
// the client: the groups as the server computed them, and only the figures
// the board shows at first — each group's first ROWS_SHOWN rows whole, and
// its chart's points without their sentence — with what repeats taken out
// (each article's facts once, the story id once, the span's text where the
// sentence holds it). The rest of a group comes on "Show all", a page at a
// time (StoryFiguresPage). Pure and client-safe.
import { storySources } from '@/lib/figures/board';
import type { FigureDto, FigureGroup, StoryFiguresPage, StoryFiguresResponse } from '@/lib/validation/figures';
import { sourceColours } from './chart-scales';
import { sourceKey, valueText } from './figure-text';

/** Rows of a group the board renders before "Show all". */
export const ROWS_SHOWN = 25;
/** Points a group's chart draws at most (an even sample of a larger group). */
export const CHART_POINTS_MAX = 120;

type Article = FigureDto['article'];
type Slice = { start: number; end: number; text?: string };
type PackedFigure = Omit<FigureDto, 'article' | 'storyId' | 'span' | 'sentence'> & { span: Slice; sentence: Slice };
export type BoardPayload = {
  storyId: string;
  articles: Record<string, Article>;
  figures: PackedFigure[];
  /** Figures sent for the chart only: no sentence text (a row fetches them whole). */
  partial: string[];
  groups: FigureGroup[];
  /** Live figures, and the articles they come from, in the whole story. */
  totals: { figures: number; articles: number };
  /** The story's folded source key of each figure sent (storySources), "" when unattributed. */
  sourceKeys: Record<string, string>;
  /** A colour per folded source key, over the whole story, so a source keeps its colour however many rows are loaded. */
  colours: Record<string, string>;
  /** "567", ">100": the figures rows name (superseded by, progression steps) that are not sent. */
  values: Record<string, string>;
  /** The article ids of the story: a live change to one of them concerns this board. */
  members: string[];
};
/** The board as the client holds it: whole figures and chart-only ones by id. */
export type ClientBoard = Omit<BoardPayload, 'figures' | 'articles' | 'partial'> & { figures: FigureDto[]; partial: Set<string> };

const cut = (f: Pick<FigureDto, 'span' | 'sentence'>) => f.sentence.text.slice(f.span.start - f.sentence.start, f.span.end - f.sentence.start);

/** At most `max` figures, evenly spread over the group's order (the first and the last kept). */
export function chartSample<T>(figures: readonly T[], max: number): T[] {
  if (figures.length <= max) return [...figures];
  const step = (figures.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => Math.round(i * step)).flatMap((i) => (i < figures.length ? [figures[i] as T] : []));
}

/** `board` is one story's (listStoryFigures + buildBoard): every figure's storyId is `storyId`. */
export function packBoard(storyId: string, board: StoryFiguresResponse, bounds = { rows: ROWS_SHOWN, chart: CHART_POINTS_MAX }): BoardPayload {
  const byId = new Map(board.figures.map((f) => [f.id, f]));
  const live = board.figures.filter((f) => !f.dismissed);
  const whole = new Set<string>();
  const chart = new Set<string>();
  for (const g of board.groups) {
    for (const id of g.figureIds.slice(0, bounds.rows)) whole.add(id);
    if (g.counted !== 'other') for (const id of chartSample(g.figureIds, bounds.chart)) chart.add(id);
  }
  const sent = [...byId.keys()].filter((id) => whole.has(id) || chart.has(id));
  const sources = storySources(live);
  const keyOf = (f: FigureDto) => sourceKey(f, sources);

  const named = new Set<string>();
  for (const g of board.groups) {
    for (const id of g.figureIds.slice(0, bounds.rows)) {
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
  const figures = sent.flatMap((id): PackedFigure[] => {
    const f = byId.get(id);
    if (!f) return [];
    const { article, storyId: _story, span, sentence, ...rest } = f;
    articles[rest.claimId] ??= article;
    sourceKeys[id] = keyOf(f);
    if (!whole.has(id)) return [{ ...rest, span, sentence: { start: sentence.start, end: sentence.end } }];
    // A span clamped to a shorter body (a kept figure of an older version) keeps its own text.
    const derivable = span.start >= sentence.start && cut({ span, sentence }) === span.text;
    return [{ ...rest, sentence, span: derivable ? { start: span.start, end: span.end } : span }];
  });
  return {
    storyId,
    articles,
    figures,
    partial: sent.filter((id) => !whole.has(id)),
    groups: board.groups,
    totals: { figures: live.length, articles: new Set(live.map((f) => f.claimId)).size },
    sourceKeys,
    colours: Object.fromEntries(sourceColours(live.map(keyOf))),
    values,
    members: [...new Set(board.figures.map((f) => f.claimId))],
  };
}

export function unpackBoard(payload: BoardPayload): ClientBoard {
  const { articles, figures: packed, partial, ...rest } = payload;
  const figures = packed.flatMap((f): FigureDto[] => {
    const article = articles[f.claimId];
    if (!article) return [];
    const sentence = { start: f.sentence.start, end: f.sentence.end, text: f.sentence.text ?? '' };
    const text = f.span.text ?? cut({ span: { ...f.span, text: '' }, sentence });
    return [{ ...f, storyId: payload.storyId, article, sentence, span: { start: f.span.start, end: f.span.end, text } }];
  });
  return { ...rest, figures, partial: new Set(partial) };
}

/** One page of a group's figures, in the group's order: what "Show all" fetches. An unknown or empty group is an empty page. */
export function groupPage(board: StoryFiguresResponse, counted: FigureGroup['counted'], offset: number, limit: number): StoryFiguresPage {
  const ids = board.groups.find((g) => g.counted === counted)?.figureIds ?? [];
  const byId = new Map(board.figures.map((f) => [f.id, f]));
  const figures = ids.slice(offset, offset + limit).flatMap((id) => byId.get(id) ?? []);
  const end = offset + limit;
  return { counted, figures, offset, total: ids.length, nextOffset: end < ids.length ? end : null };
}
