// The arithmetic of the figures chart, apart from its drawing: where each
// figure goes on the value axis (log when the range spans more than ~20×),
// and along x (by date when every figure has one, else by article).
import type { FigureDto } from '@/lib/validation/figures';
import { dayOf, figureBounds } from './figure-text';
import { lazy } from '@/lib/utils/lazy';

export const LOG_RATIO = 20;

export type ValueScale = { log: boolean; domain: [number, number]; ticks: number[]; y: (v: number, top: number, bottom: number) => number };

function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / mag;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

export function valueScale(figures: FigureDto[]): ValueScale {
  const numbers = figures.flatMap((f) => {
    const b = figureBounds(f);
    return [b.low, b.high].filter((n): n is number => n !== null && Number.isFinite(n));
  });
  const min = numbers.length ? Math.min(...numbers) : 0;
  const max = numbers.length ? Math.max(...numbers) : 1;
  const log = min > 0 && max / min > LOG_RATIO;
  if (log) {
    const lo = 10 ** Math.floor(Math.log10(min));
    const hi = 10 ** Math.ceil(Math.log10(max * 1.05));
    const ticks: number[] = [];
    for (let p = lo; p <= hi * 1.0001; p *= 10) {
      for (const m of [1, 2, 5]) if (p * m >= lo && p * m <= hi * 1.0001) ticks.push(p * m);
    }
    const [l, h] = [Math.log10(lo), Math.log10(hi)];
    return { log, domain: [lo, hi], ticks, y: (v, top, bottom) => bottom - ((Math.log10(Math.max(v, lo)) - l) / (h - l || 1)) * (bottom - top) };
  }
  const lo = min >= 0 ? 0 : min;
  const step = niceStep(Math.max(max - lo, 1) * 1.1, 4);
  const hi = Math.max(step, Math.ceil((max * 1.1) / step) * step);
  const ticks: number[] = [];
  for (let t = lo; t <= hi + step / 2; t += step) ticks.push(Number(t.toPrecision(12)));
  return { log, domain: [lo, hi], ticks, y: (v, top, bottom) => bottom - ((v - lo) / (hi - lo || 1)) * (bottom - top) };
}

export type XLayout = {
  mode: 'time' | 'article';
  /** 0–1 along the axis, per figure id. */
  position: Map<string, number>;
  ticks: { at: number; label: string }[];
};

const DAY_MS = 86_400_000;
const shortDay = lazy(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }));

/** Figures sharing one x are spread a little around it, so none hides another. */
function spread(ids: string[], centre: number, width: number, into: Map<string, number>) {
  ids.forEach((id, i) => into.set(id, centre + (ids.length === 1 ? 0 : (i / (ids.length - 1) - 0.5) * width)));
}

export function xLayout(figures: FigureDto[], articleLabel: (f: FigureDto) => string): XLayout {
  const position = new Map<string, number>();
  const days = figures.map(dayOf);
  const distinct = [...new Set(days.filter((d): d is string => d !== null))].sort();
  const [earliest, latest] = [distinct[0], distinct.at(-1)];
  if (distinct.length >= 2 && earliest && latest && days.every((d) => d !== null)) {
    const t = (d: string) => Date.parse(`${d}T00:00:00Z`);
    const first = t(earliest);
    const span = Math.max(t(latest) - first, DAY_MS);
    const at = (d: string) => 0.08 + ((t(d) - first) / span) * 0.84;
    for (const d of distinct) {
      spread(
        figures.filter((f) => dayOf(f) === d).map((f) => f.id),
        at(d),
        Math.min(0.1, 0.6 / distinct.length),
        position,
      );
    }
    return { mode: 'time', position, ticks: distinct.map((d) => ({ at: at(d), label: shortDay().format(new Date(t(d))) })) };
  }
  const articles = [...new Set(figures.map((f) => f.claimId))];
  const band = 1 / articles.length;
  const ticks = articles.flatMap((claimId, i) => {
    const mine = figures.filter((f) => f.claimId === claimId);
    spread(
      mine.map((f) => f.id),
      band * (i + 0.5),
      band * 0.5,
      position,
    );
    return mine[0] ? [{ at: band * (i + 0.5), label: articleLabel(mine[0]) }] : [];
  });
  return { mode: 'article', position, ticks };
}

/** Colour-blind-safe (Okabe–Ito), dark enough on white for 3:1; then greys. */
export const SOURCE_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#B8860B', '#56B4E9', '#6B21A8', '#374151', '#9A3412', '#0F766E'];
/** Figures no source is named for. */
export const NO_SOURCE_COLOUR = '#94A3B8';

/** A colour per source key, in the order they come; the unattributed key ("") is grey. */
export function sourceColours(sources: string[]): Map<string, string> {
  const out = new Map<string, string>([['', NO_SOURCE_COLOUR]]);
  let next = 0;
  for (const s of sources) if (!out.has(s)) out.set(s, SOURCE_COLOURS[next++ % SOURCE_COLOURS.length] ?? '#374151');
  return out;
}

const graphemes = lazy(() => new Intl.Segmenter('en', { granularity: 'grapheme' }));
/** Roughly how wide a tick label draws: ~0.6 em per character (grapheme) in the chart's sans-serif face. */
export const labelWidth = (label: string, fontSize: number) => Array.from(graphemes().segment(label)).length * fontSize * 0.6;

/**
 * The ticks that fit along an axis `width` pixels long without overlapping, the
 * first and last kept: a label is dropped when it would touch the one before it
 * (at 390 px, a week of days or a dozen outlets cannot all be written).
 */
export function visibleTicks<T extends { at: number; label: string }>(ticks: readonly T[], width: number, fontSize: number, gap = 6): T[] {
  const sorted = [...ticks].sort((a, b) => a.at - b.at);
  const extent = (t: T) => {
    const half = labelWidth(t.label, fontSize) / 2;
    return [t.at * width - half, t.at * width + half] as const;
  };
  const last = sorted.at(-1);
  const kept: T[] = [];
  for (const t of sorted) {
    const [start, end] = extent(t);
    const before = kept.at(-1);
    if (before && start < extent(before)[1] + gap) continue;
    // Leave room for the last tick, which is always written.
    if (last && t !== last && end + gap > extent(last)[0] && sorted.length > 1) continue;
    kept.push(t);
  }
  return kept;
}
