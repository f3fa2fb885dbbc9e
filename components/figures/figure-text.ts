// How the board, the chart and the claim page write one figure: its number
// (lib/figures/board.ts formats it as the board's groups do), who says it,
// and when. Client-safe.
import { describeFigure, figureDate, figureSourceKey, figureSourceName, formatFigure, type StorySources } from '@/lib/figures/board';
import { formatDate } from '@/lib/utils/format';
import type { FigureDto, FigureNumbers } from '@/lib/validation/figures';
import { type FigureQualifier } from '@/lib/validation/vocabulary';

export { formatNumber } from '@/lib/figures/board';

export const QUALIFIER_WORDS: Record<FigureQualifier, string> = {
  exact: 'exactly',
  about: 'about',
  more_than: 'more than',
  at_least: 'at least',
  fewer_than: 'fewer than',
  at_most: 'at most',
  between: 'between',
};

/** "567", "≈104", ">100", "≥5", "50–60". */
export const valueText = formatFigure;
/** The same in words: "more than 100", "about 104". */
export const valueWords = describeFigure;

/** Who the figure is attributed to, as people read it. */
export function sourceOf(f: FigureDto): string {
  return figureSourceName(f) ?? 'No source named';
}
/**
 * The same source however it is spelt: what the chart colours by. With the
 * story's sources (storySources over its live figures) the key is the folded
 * one, so "Migración Colombia" and "Colombia's migration agency" share a
 * colour. Every unattributed figure shares one key (""), drawn grey.
 */
export function sourceKey(f: FigureDto, sources?: Pick<StorySources, 'key'>): string {
  const key = sources ? sources.key(f) : figureSourceKey(f);
  return key.startsWith('article:') ? UNATTRIBUTED : key;
}
export const UNATTRIBUTED = '';

/** The day a figure is about: the resolved time expression, else the article's day. */
export const dayOf = figureDate;

/** "Thursday (21 Feb 2019)", or the day alone, or the article's date. */
export function whenText(f: FigureDto): string {
  if (f.time.text && f.time.date) return `${f.time.text} (${formatDate(f.time.date)})`;
  if (f.time.text) return f.time.text;
  if (f.time.date) return formatDate(f.time.date);
  return f.article.publishedAt ? `published ${formatDate(f.article.publishedAt)}` : 'date unknown';
}

/** A one-line label: "567, Migración Colombia, 23 Feb 2019, El Tiempo (es)". */
export function figureLabel(f: FigureDto): string {
  const day = dayOf(f);
  return [describeFigure(f), sourceOf(f), day ? formatDate(day) : 'date unknown', `${f.article.outlet ?? f.article.title} (${f.article.language})`]
    .filter(Boolean)
    .join(', ');
}

/** The lowest and highest number a figure names, for axes. */
export function figureBounds(f: FigureNumbers): { low: number | null; high: number | null } {
  if (f.qualifier === 'exact' || f.qualifier === 'about') return { low: f.value, high: f.value };
  return { low: f.min, high: f.max };
}
