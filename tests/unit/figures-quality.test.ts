// Figure extraction holds its measured quality on the labelled set of
// tests/fixtures/figures/ (README.md there): the seeds goal of issue 13, and
// floors on the held-out sentences (never tuned on) a little below the
// figures in docs/FIGURES.md ("Quality"), so a regression fails here rather
// than on a desk. Also the scorer's own rules.
import { describe, expect, it } from 'vitest';
import { type ExpectedFigure, type LabelledItem, type PredictedFigure, scoreItem, scoreSeed, scoreSet } from '@/lib/figures/score-figures';
import { FIGURE_LANGUAGES, evaluateSeeds, evaluateSplit, loadFigureSplit, loadSeedLabels } from '../fixtures/figures/labelled-set';
import { evaluateWire } from '../fixtures/wire/wire-figures';

const predicted = (over: Partial<PredictedFigure> & Pick<PredictedFigure, 'spanStart' | 'spanEnd'>): PredictedFigure => ({
  qualifier: 'exact',
  value: null,
  min: null,
  max: null,
  approximate: false,
  counted: 'other',
  source: null,
  attribution: null,
  timeText: null,
  supersededBy: null,
  ...over,
});
const label = (over: Partial<ExpectedFigure> & Pick<ExpectedFigure, 'surface'>): ExpectedFigure => ({
  qualifier: 'exact',
  approximate: false,
  counted: 'other',
  ...over,
});

// "More than one hundred" sits at 0–21, "two" at 64–67.
const text = 'More than one hundred Venezuelan soldiers have defected, whilst two of them went to Brazil, the agency said Sunday.';
const hundred = label({ surface: 'More than one hundred', qualifier: 'more_than', min: 100, counted: 'people_defected', source: 'the agency' });
const item: LabelledItem = { id: 'x-1', language: 'en', text, expected: [hundred] };
const right = predicted({ spanStart: 0, spanEnd: 21, qualifier: 'more_than', min: 100, counted: 'people_defected', source: 'the agency' });

describe('the figure scorer', () => {
  it('counts a prediction right when the span overlaps and numbers, qualifier and counted match', () => {
    const s = scoreItem(item, [{ ...right, spanStart: 10, spanEnd: 21 }]);
    expect(s.counts).toMatchObject({ expected: 1, predicted: 1, right: 1, sourceLabelled: 1, sourceRight: 1, approximateRight: 1 });
    expect(s.misses).toEqual([]);
    expect(s.falsePositives).toEqual([]);
  });

  it('counts a wrong qualifier as a miss and a false positive', () => {
    const s = scoreItem(item, [{ ...right, qualifier: 'at_least' }]);
    expect(s.counts.right).toBe(0);
    expect(s.misses[0]?.why).toContain('qualifier');
    expect(s.falsePositives).toHaveLength(1);
  });

  it('counts a wrong counted, or wrong numbers, as wrong', () => {
    expect(scoreItem(item, [{ ...right, counted: 'troops_total' }]).misses[0]?.why).toContain('counted');
    expect(scoreItem(item, [{ ...right, min: 101 }]).misses[0]?.why).toContain('numbers');
    // An exact 100 is not "more than 100": value and min differ.
    expect(scoreItem(item, [{ ...right, qualifier: 'exact', value: 100, min: null }]).counts.right).toBe(0);
  });

  it('needs the spans to overlap', () => {
    // The same figure read off "two" (64–67) is not the one at "More than one hundred".
    const s = scoreItem(item, [{ ...right, spanStart: 64, spanEnd: 67 }]);
    expect(s.counts).toMatchObject({ right: 0, predicted: 1, expected: 1 });
    expect(s.falsePositives[0]?.why).toBe('no figure here');
    expect(s.misses[0]?.why).toBe('not found');
  });

  it('counts a repeated prediction once, and a second reading of the same span as a false positive', () => {
    const twice = scoreItem(item, [right, { ...right }]);
    expect(twice.counts).toMatchObject({ predicted: 1, right: 1 });
    const other = scoreItem(item, [right, { ...right, qualifier: 'exact', value: 100, min: null }]);
    expect(other.counts).toMatchObject({ predicted: 2, right: 1 });
    expect(other.falsePositives).toHaveLength(1);
  });

  it('reports approximate, source and time apart: they never make a figure wrong', () => {
    const timed: LabelledItem = { ...item, expected: [{ ...hundred, approximate: true, timeText: 'Sunday' }] };
    const s = scoreItem(timed, [{ ...right, source: null, attribution: 'the agency said', timeText: 'on Monday' }]);
    expect(s.counts).toMatchObject({ right: 1, approximateRight: 0, sourceRight: 1, timeLabelled: 1, timeRight: 0 });
  });

  it('takes precision and recall per language, and treats an empty trap as perfect when nothing is predicted', () => {
    const trap: LabelledItem = { id: 'x-2', language: 'pt', text: 'Chegou a 7 de março, às 16h30.', expected: [] };
    const s = scoreSet([item, trap], (i) => (i.id === 'x-1' ? [right] : []));
    expect(s.byLanguage['pt']).toMatchObject({ precision: 1, recall: 1, predicted: 0 });
    expect(s.byLanguage['en']).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    const fooled = scoreSet([trap], () => [predicted({ spanStart: 9, spanEnd: 10, value: 7 })]);
    expect(fooled.overall).toMatchObject({ precision: 0, recall: 1, right: 0, predicted: 1 });
  });

  it('on a seed, counts only defection figures and lets restatements pass', () => {
    const seed = {
      file: '004_x.txt',
      language: 'en',
      expected: [hundred],
      allowed: [label({ surface: 'two', value: 2, counted: 'people_defected' })],
    };
    const killed = predicted({ spanStart: 64, spanEnd: 67, value: 2, counted: 'people_killed' });
    const met = scoreSeed(seed, text, [right, predicted({ spanStart: 64, spanEnd: 67, value: 2, counted: 'people_defected' }), killed]);
    expect(met).toMatchObject({ goalMet: true, misses: [], extra: [] });
    expect(met.counts).toMatchObject({ expected: 1, predicted: 1, right: 1 });
    const wrong = scoreSeed(seed, text, [right, predicted({ spanStart: 64, spanEnd: 67, value: 3, counted: 'people_defected' })]);
    expect(wrong.goalMet).toBe(false);
    expect(wrong.extra).toHaveLength(1);
    expect(scoreSeed(seed, text, []).misses).toHaveLength(1);
  });

  it("reads superseded-by as an index into the extractor's own list, other figures included", () => {
    const progression: LabelledItem = {
      id: 'x-3',
      language: 'en',
      text: '23 defected, 5 died, then 60.',
      expected: [
        label({ surface: '23', value: 23, counted: 'people_defected', supersededBy: '60' }),
        label({ surface: '60', value: 60, counted: 'people_defected' }),
      ],
    };
    const extracted = [
      predicted({ spanStart: 0, spanEnd: 2, value: 23, counted: 'people_defected', supersededBy: 2 }),
      predicted({ spanStart: 13, spanEnd: 14, value: 5, counted: 'people_killed' }),
      predicted({ spanStart: 26, spanEnd: 28, value: 60, counted: 'people_defected' }),
    ];
    const defections = { only: (p: PredictedFigure) => p.counted === 'people_defected' };
    expect(scoreItem(progression, extracted, defections).counts).toMatchObject({ right: 2, supersededLabelled: 1, supersededRight: 1 });
    const pointsAtDeaths = extracted.map((p, i) => (i === 0 ? { ...p, supersededBy: 1 } : p));
    expect(scoreItem(progression, pointsAtDeaths, defections).counts.supersededRight).toBe(0);
  });
});

describe('the labelled figure set', () => {
  const tune = loadFigureSplit('tune');
  const heldOut = loadFigureSplit('held-out');
  const fresh = loadFigureSplit('fresh');

  it('has 30 or more sentences per language, with traps, held-out and fresh parts, and no sentence in two parts', () => {
    for (const language of FIGURE_LANGUAGES) {
      const mine = [...tune, ...heldOut, ...fresh].filter((i) => i.language === language);
      expect(mine.length, language).toBeGreaterThanOrEqual(30);
      expect(heldOut.filter((i) => i.language === language).length, `${language} held-out`).toBeGreaterThanOrEqual(12);
      expect(fresh.filter((i) => i.language === language).length, `${language} fresh`).toBeGreaterThanOrEqual(8);
      expect(mine.filter((i) => i.expected.length === 0).length, `${language} traps`).toBeGreaterThanOrEqual(3);
    }
    const texts = [...tune, ...heldOut, ...fresh].map((i) => i.text);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('figure extraction on the seeds (issue 13 goal)', () => {
  const seeds = evaluateSeeds(loadSeedLabels());

  it.each(seeds.map((s) => [s.file.slice(0, 3), s] as const))('%s: every listed defection figure, and no other', (_, s) => {
    expect(s.misses.map((m) => m.expected.surface)).toEqual([]);
    expect(s.extra.map((f) => `${f.text} ${f.why}`)).toEqual([]);
    expect(s.goalMet).toBe(true);
  });
});

// Measured on the held-out sentences on 2026-12-01 (docs/FIGURES.md, "Quality"):
// P / R ar 75.0 / 75.0, bg 88.9 / 94.1, en 69.6 / 72.7, es 57.9 / 57.9, pt 76.0 / 82.6.
// The floors sit about one figure below, so a regression fails here.
const HELD_OUT_FLOORS: Record<(typeof FIGURE_LANGUAGES)[number], { precision: number; recall: number }> = {
  ar: { precision: 0.7, recall: 0.7 },
  bg: { precision: 0.8, recall: 0.85 },
  en: { precision: 0.65, recall: 0.65 },
  es: { precision: 0.55, recall: 0.55 },
  pt: { precision: 0.7, recall: 0.75 },
};

describe('figure extraction on the held-out sentences', () => {
  const score = evaluateSplit(loadFigureSplit('held-out'));

  it.each(FIGURE_LANGUAGES.map((l) => [l] as const))('%s keeps precision and recall at their floors', (language) => {
    const s = score.byLanguage[language];
    expect(s?.expected).toBeGreaterThan(0);
    expect(s?.precision).toBeGreaterThanOrEqual(HELD_OUT_FLOORS[language].precision);
    expect(s?.recall).toBeGreaterThanOrEqual(HELD_OUT_FLOORS[language].recall);
  });
});

// The fresh sentences (8 per language, too few for a floor each), pooled: measured P 86.8%, R 88.5%.
describe('figure extraction on the fresh sentences', () => {
  it('keeps precision and recall at 80% or more over all five languages', () => {
    const { overall } = evaluateSplit(loadFigureSplit('fresh'));
    expect(overall.expected).toBeGreaterThanOrEqual(40);
    expect(overall.precision).toBeGreaterThanOrEqual(0.8);
    expect(overall.recall).toBeGreaterThanOrEqual(0.8);
  });
});

// The wire set's tuning split (tests/fixtures/wire/, docs/QUALITY.md): measured 2026-12-07 over 58 articles in twelve
// languages, key figures labelled right 92.1%, precision 90.2%, sources agreeing on 125 of 156 right figures
// that name one (FIGURES_VERSION 5). The floors sit below, as the split still grows;
// held-out and fresh get their floors once they are merged and measured.
describe('figure extraction on the wire tuning split', () => {
  it('keeps key figures labelled right and precision at their floors over all twelve languages', () => {
    const [tuning] = evaluateWire({ splits: ['tuning'] });
    expect(tuning?.overall.key).toBeGreaterThanOrEqual(300);
    expect(new Set(Object.keys(tuning?.byLanguage ?? {})).size).toBe(12);
    expect(tuning?.overall.recall).toBeGreaterThanOrEqual(0.88);
    expect(tuning?.overall.precision).toBeGreaterThanOrEqual(0.86);
    expect((tuning?.overall.sourceRight ?? 0) / (tuning?.overall.sourceLabelled || 1)).toBeGreaterThanOrEqual(0.75);
  });
});
