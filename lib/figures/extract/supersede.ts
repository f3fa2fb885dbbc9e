// "23, then 60": within one article, a later figure of the same counted thing
// that comes with an update signal ("then", "later", "rose to", "now",
// "depois", "subiu para", "luego", "ascendió", "после", "по-късно", "ثم",
// "ارتفع"), or a running count's next member ("a fourth"), supersedes the
// earlier ones whose value differs. The earlier figure points at the later.
import 'server-only';
import type { FigureCounted } from '../../validation/figures';
import { foldKey } from './fold';

export type SupersedeInput = { counted: FigureCounted; value: number; start: number; ordinal: boolean; signalBefore: boolean };

const SIGNALS = [
  'then',
  'later',
  'now',
  'since then',
  'rose to',
  'risen to',
  'increased to',
  'climbed to',
  'updated',
  'revised',
  'raised',
  'depois',
  'mais tarde',
  'agora',
  'subiu para',
  'aumentou para',
  'elevou',
  'eleva',
  'atualizou',
  'passou para',
  'luego',
  'después',
  'más tarde',
  'ahora',
  'ascendió',
  'subió a',
  'aumentó a',
  'elevó',
  'actualizó',
  'после',
  'по-късно',
  'сега',
  'вече',
  'нарасна',
  'се увеличи',
  'актуализира',
  'ثم',
  'لاحقا',
  'لاحقاً',
  'الآن',
  'ارتفع',
  'ارتفعت',
  'وارتفع',
  'زاد',
].map(foldKey);
const SIGNAL_RE = new RegExp(
  `(?<![\\p{L}])(?:${SIGNALS.map((s) => s.replace(/[.*+?^${}()|[\]\\]/gu, (c) => `\\${c}`))
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![\\p{L}])`,
  'u',
);

/** Is there an update signal in the folded text before a figure (its clause up to the figure)? */
export function hasSignal(foldedBefore: string): boolean {
  return SIGNAL_RE.test(foldedBefore);
}

const COMPARABLE = new Set<FigureCounted>([
  'people_defected',
  'people_killed',
  'people_injured',
  'people_detained',
  'people_displaced',
  'troops_total',
  'countries',
]);

/** supersededBy per figure (indexes into `figures`). */
export function supersede(figures: readonly SupersedeInput[]): (number | null)[] {
  const out: (number | null)[] = figures.map(() => null);
  for (let j = 0; j < figures.length; j++) {
    const later = figures[j] as SupersedeInput;
    if (!COMPARABLE.has(later.counted) || !(later.signalBefore || later.ordinal)) continue;
    for (let i = 0; i < j; i++) {
      const earlier = figures[i] as SupersedeInput;
      if (out[i] !== null || earlier.counted !== later.counted || earlier.value === later.value) continue;
      // A running count only grows: "three, then a fourth".
      if (later.ordinal && earlier.value >= later.value) continue;
      out[i] = j;
    }
  }
  return out;
}
