// Scores figure extraction against labelled sentences and articles
// (tests/fixtures/figures/): which predicted figures are right, which
// expected ones were missed. Pure: `npm run eval:figures` and
// tests/unit/figures-quality.test.ts feed it the extractor's output.
//
// A prediction is right only when its span overlaps the expected surface AND
// its numbers, qualifier and what it counts all match (issue 13). Whether it
// is marked approximate, and its source, time and superseded-by link where the
// label gives them, are reported apart: they never make a figure wrong.
import 'server-only';
import type { ExtractedFigure } from './extract-figures';
import type { FigureCounted, FigureQualifier } from '../validation/figures';

/** One expected figure as labelled: `surface` is the figure as written in the text. */
export type ExpectedFigure = {
  surface: string;
  /** 0-based: which occurrence of `surface` in the text, when it repeats. */
  occurrence?: number;
  qualifier: FigureQualifier;
  value?: number;
  min?: number;
  max?: number;
  approximate: boolean;
  counted: FigureCounted;
  source?: string;
  timeText?: string;
  /** The surface of the later expected figure of the same text that updates this one ("23, then 60"). */
  supersededBy?: string;
};

export type LabelledItem = { id: string; language: string; text: string; publishedAt?: string; expected: ExpectedFigure[] };

/** The part of a prediction the scorer reads (an ExtractedFigure has all of it). */
export type PredictedFigure = Pick<
  ExtractedFigure,
  'spanStart' | 'spanEnd' | 'qualifier' | 'value' | 'min' | 'max' | 'approximate' | 'counted' | 'source' | 'attribution' | 'timeText' | 'supersededBy'
>;

export type Span = { start: number; end: number };

/** Where `surface` (its `occurrence`-th copy) sits in `text`; throws when it does not, so a bad label cannot pass silently. */
export function locateSurface(text: string, surface: string, occurrence = 0): Span {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = text.indexOf(surface, at + 1);
    if (at < 0) throw new Error(`surface ${JSON.stringify(surface)} (occurrence ${occurrence}) is not in the text`);
  }
  return { start: at, end: at + surface.length };
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const spanOf = (p: PredictedFigure): Span => ({ start: p.spanStart, end: p.spanEnd });

const same = (a: number | null | undefined, b: number | null | undefined) => {
  const x = a ?? null;
  const y = b ?? null;
  if (x === null || y === null) return x === y;
  return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
};

/** Why a prediction at the expected span is not right; empty when it is. */
export function differences(expected: ExpectedFigure, predicted: PredictedFigure): Array<'numbers' | 'qualifier' | 'counted'> {
  const out: Array<'numbers' | 'qualifier' | 'counted'> = [];
  if (!same(expected.value, predicted.value) || !same(expected.min, predicted.min) || !same(expected.max, predicted.max)) out.push('numbers');
  if (expected.qualifier !== predicted.qualifier) out.push('qualifier');
  if (expected.counted !== predicted.counted) out.push('counted');
  return out;
}

const normal = (s: string) =>
  s
    .normalize('NFC')
    .toLocaleLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();

/** A predicted attribution or time text agrees with the label when either holds the other (case, punctuation and spacing aside). */
export function textsAgree(expected: string, predicted: string | null | undefined): boolean {
  if (!predicted) return false;
  const e = normal(expected);
  const p = normal(predicted);
  return e !== '' && p !== '' && (p.includes(e) || e.includes(p));
}

/** Predictions that repeat one another (same span, numbers and counted) count once. */
export function dedupePredictions<P extends PredictedFigure>(predicted: readonly P[]): P[] {
  const seen = new Set<string>();
  return predicted.filter((p) => {
    const key = [p.spanStart, p.spanEnd, p.qualifier, p.value, p.min, p.max, p.counted].join('|');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export type Counts = {
  expected: number;
  predicted: number;
  right: number;
  /** Of the right figures: approximate as labelled. */
  approximateRight: number;
  /** Right figures whose label names a source / time text, and how many of those the prediction agrees with. */
  sourceLabelled: number;
  sourceRight: number;
  timeLabelled: number;
  timeRight: number;
  supersededLabelled: number;
  supersededRight: number;
};

export type Scores = Counts & { precision: number; recall: number; f1: number };

export type Miss = { id: string; language: string; expected: ExpectedFigure; span: Span; why: string };
export type FalsePositive = { id: string; language: string; predicted: PredictedFigure; text: string; why: string };
export type ItemScore = { id: string; language: string; counts: Counts; misses: Miss[]; falsePositives: FalsePositive[] };

const zero = (): Counts => ({
  expected: 0,
  predicted: 0,
  right: 0,
  approximateRight: 0,
  sourceLabelled: 0,
  sourceRight: 0,
  timeLabelled: 0,
  timeRight: 0,
  supersededLabelled: 0,
  supersededRight: 0,
});

export function withRates(c: Counts): Scores {
  // Nothing predicted and nothing expected is perfect; nothing predicted with figures expected has no precision to lose.
  const precision = c.predicted === 0 ? 1 : c.right / c.predicted;
  const recall = c.expected === 0 ? 1 : c.right / c.expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...c, precision, recall, f1 };
}

export function addCounts(a: Counts, b: Counts): Counts {
  const out = zero();
  for (const k of Object.keys(out) as Array<keyof Counts>) out[k] = a[k] + b[k];
  return out;
}

/**
 * One-to-one matching of predictions to expected figures (augmenting paths,
 * so the number of right figures is the largest any pairing gives).
 * `fits(e, p)` says whether prediction p may count for expected e.
 */
function match(expected: number, predicted: number, fits: (e: number, p: number) => boolean): Array<number | null> {
  const ofPrediction: Array<number | null> = Array.from({ length: predicted }, () => null);
  const ofExpected: Array<number | null> = Array.from({ length: expected }, () => null);
  const tryAssign = (e: number, visited: Set<number>): boolean => {
    for (let p = 0; p < predicted; p++) {
      if (visited.has(p) || !fits(e, p)) continue;
      visited.add(p);
      const holder = ofPrediction[p] ?? null;
      if (holder === null || tryAssign(holder, visited)) {
        ofPrediction[p] = e;
        ofExpected[e] = p;
        return true;
      }
    }
    return false;
  };
  for (let e = 0; e < expected; e++) tryAssign(e, new Set());
  return ofExpected;
}

const describeNumbers = (f: { qualifier: string; value?: number | null; min?: number | null; max?: number | null }) => {
  const n = (x: number | null | undefined) => (x === null || x === undefined ? '' : String(x));
  switch (f.qualifier) {
    case 'exact':
      return `=${n(f.value)}`;
    case 'about':
      return `≈${n(f.value)}`;
    case 'between':
      return `${n(f.min)}–${n(f.max)}`;
    case 'more_than':
      return `>${n(f.min)}`;
    case 'at_least':
      return `≥${n(f.min)}`;
    case 'fewer_than':
      return `<${n(f.max)}`;
    default:
      return `≤${n(f.max)}`;
  }
};

/** "≥38 people_killed": a figure in a line of the eval's misses. */
export const describeFigure = (f: { qualifier: string; value?: number | null; min?: number | null; max?: number | null; counted: string }) =>
  `${describeNumbers(f)} ${f.counted}`;

export type ScoreItemOptions = {
  /** Only these predictions are scored (the seeds: defection figures). */
  only?: (p: PredictedFigure) => boolean;
  /** Expected figures a prediction may match without counting for or against (the seeds' restatements). */
  neutral?: ReadonlySet<ExpectedFigure>;
};

/** Scores one labelled item against the predictions for its text (all of them, as extracted: supersededBy indexes into them). */
export function scoreItem(item: LabelledItem, predictions: readonly PredictedFigure[], options: ScoreItemOptions = {}): ItemScore {
  const { only = () => true, neutral = new Set<ExpectedFigure>() } = options;
  const predicted = dedupePredictions(predictions.filter(only));
  const spans = item.expected.map((e) => locateSurface(item.text, e.surface, e.occurrence));
  const assigned = match(item.expected.length, predicted.length, (e, p) => {
    const expected = item.expected[e];
    const prediction = predicted[p];
    const span = spans[e];
    return !!expected && !!prediction && !!span && overlaps(span, spanOf(prediction)) && differences(expected, prediction).length === 0;
  });
  const counts = zero();
  counts.expected = item.expected.filter((e) => !neutral.has(e)).length;
  counts.predicted = predicted.length;
  const misses: Miss[] = [];
  const used = new Set<number>();
  item.expected.forEach((expected, e) => {
    const p = assigned[e] ?? null;
    const span = spans[e] ?? { start: 0, end: 0 };
    if (neutral.has(expected)) {
      if (p !== null) {
        used.add(p);
        counts.predicted--;
      }
      return;
    }
    if (p === null) {
      const near = predicted.find((x) => overlaps(span, spanOf(x)));
      const why = near
        ? `found ${describeFigure(near)} at "${item.text.slice(near.spanStart, near.spanEnd)}" (${differences(expected, near).join(', ')} differ)`
        : 'not found';
      misses.push({ id: item.id, language: item.language, expected, span, why });
      return;
    }
    used.add(p);
    const prediction = predicted[p];
    if (!prediction) return;
    counts.right++;
    if (prediction.approximate === expected.approximate) counts.approximateRight++;
    if (expected.source !== undefined) {
      counts.sourceLabelled++;
      if (textsAgree(expected.source, prediction.source) || textsAgree(expected.source, prediction.attribution)) counts.sourceRight++;
    }
    if (expected.timeText !== undefined) {
      counts.timeLabelled++;
      if (textsAgree(expected.timeText, prediction.timeText)) counts.timeRight++;
    }
    if (expected.supersededBy !== undefined) {
      counts.supersededLabelled++;
      const later = prediction.supersededBy === null ? undefined : predictions[prediction.supersededBy];
      const laterLabel = item.expected.findIndex((x) => x.surface === expected.supersededBy);
      const laterSpan = spans[laterLabel];
      if (later && laterSpan && overlaps(laterSpan, spanOf(later))) counts.supersededRight++;
    }
  });
  const falsePositives: FalsePositive[] = predicted.flatMap((p, i) => {
    if (used.has(i)) return [];
    const at = item.expected.findIndex((e, k) => {
      const span = spans[k];
      return span !== undefined && overlaps(span, spanOf(p));
    });
    const why = at < 0 ? 'no figure here' : `expected ${describeFigure(item.expected[at] ?? p)}`;
    return [{ id: item.id, language: item.language, predicted: p, text: item.text.slice(p.spanStart, p.spanEnd), why }];
  });
  return { id: item.id, language: item.language, counts, misses, falsePositives };
}

export type SetScore = {
  overall: Scores;
  byLanguage: Record<string, Scores>;
  items: ItemScore[];
};

/** Scores many items; `predict` gives the predictions for one item's text. */
export function scoreSet(items: readonly LabelledItem[], predict: (item: LabelledItem) => readonly PredictedFigure[]): SetScore {
  const scored = items.map((item) => scoreItem(item, predict(item)));
  return summarise(scored);
}

export function summarise(scored: ItemScore[]): SetScore {
  let overall = zero();
  const byLanguage = new Map<string, Counts>();
  for (const s of scored) {
    overall = addCounts(overall, s.counts);
    byLanguage.set(s.language, addCounts(byLanguage.get(s.language) ?? zero(), s.counts));
  }
  return {
    overall: withRates(overall),
    byLanguage: Object.fromEntries([...byLanguage].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, withRates(v)])),
    items: scored,
  };
}

/**
 * A seed article's defection figures: `expected` are the ones issue 13 lists
 * (each must be found), `allowed` restate one of them elsewhere in the text
 * (the headline, "the three defectors") and may be found without counting as extra.
 */
export type SeedLabel = { file: string; language: string; expected: ExpectedFigure[]; allowed: ExpectedFigure[] };

export type SeedScore = {
  file: string;
  language: string;
  counts: Counts;
  /** Defection figures issue 13 lists that the extractor did not give. */
  misses: Miss[];
  /** Defection figures given that are neither listed nor allowed. */
  extra: FalsePositive[];
  /** Every listed figure found and nothing extra: the goal for this article. */
  goalMet: boolean;
};

/** Only people_defected figures count on the seeds: every listed one found, none extra. */
export function scoreSeed(label: SeedLabel, body: string, predictions: readonly PredictedFigure[]): SeedScore {
  const item: LabelledItem = { id: label.file, language: label.language, text: body, expected: [...label.expected, ...label.allowed] };
  const scored = scoreItem(item, predictions, { only: (p) => p.counted === 'people_defected', neutral: new Set(label.allowed) });
  return {
    file: label.file,
    language: label.language,
    counts: scored.counts,
    misses: scored.misses,
    extra: scored.falsePositives,
    goalMet: scored.misses.length === 0 && scored.falsePositives.length === 0,
  };
}
