// The figures board (lib/figures/board.ts): groups by what is counted,
// intervals with their tolerance, conflicts against progressions, the summary
// line. The seed story's defection figures are written out by hand from issue 13.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPROXIMATE_TOLERANCE,
  buildBoard,
  CONFLICT_LIST_CAP,
  differentScopes,
  figureInterval,
  figureSourceKey,
  storySources,
  formatFigure,
  formatNumber,
  intervalsOverlap,
  shortTitle,
} from '@/lib/figures/board';
import type { FigureCounted, FigureDto, FigureGroup, FigureQualifier } from '@/lib/validation/figures';

type Article = FigureDto['article'] & { id: string };
const article = (id: string, language: string, title: string, more: Partial<FigureDto['article']> = {}): Article => ({
  id,
  title,
  language,
  direction: 'ltr',
  outlet: null,
  publishedAt: null,
  ...more,
});

let next = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

type Numbers = { qualifier?: FigureQualifier; value?: number | null; min?: number | null; max?: number | null; approximate?: boolean };
type FigureSpec = Numbers & {
  id?: string;
  in: Article;
  counted?: FigureCounted;
  source?: string | null;
  attribution?: string | null;
  date?: string | null;
  sentence?: number;
  ordinal?: number;
  supersededById?: string | null;
  dismissed?: boolean;
  unit?: string | null;
};

function figure(spec: FigureSpec): FigureDto {
  next += 1;
  const qualifier = spec.qualifier ?? 'exact';
  const takesValue = qualifier === 'exact' || qualifier === 'about';
  const sentence = spec.sentence ?? next * 100;
  return {
    id: spec.id ?? uuid(next),
    claimId: spec.in.id,
    storyId: 'story',
    ordinal: spec.ordinal ?? next,
    origin: 'extracted',
    qualifier,
    value: takesValue ? (spec.value ?? null) : null,
    min: spec.min ?? null,
    max: spec.max ?? null,
    approximate: spec.approximate ?? false,
    unit: spec.unit ?? null,
    counted: spec.counted ?? 'people_defected',
    countedText: null,
    attribution: { text: spec.attribution ?? spec.source ?? null, source: spec.source ?? null, relayedBy: null },
    time: { text: spec.date ? 'Thursday' : null, date: spec.date ?? null },
    span: { start: sentence + 1, end: sentence + 3, text: '23' },
    sentence: { start: sentence, end: sentence + 50, text: 'A sentence.' },
    supersededById: spec.supersededById ?? null,
    correctedFields: [],
    dismissed: spec.dismissed ?? false,
    status: 'unreviewed',
    version: 1,
    reason: null,
    evidence: [],
    reReviewAt: null,
    decidedBy: null,
    decidedAt: null,
    article: { title: spec.in.title, language: spec.in.language, direction: spec.in.direction, outlet: spec.in.outlet, publishedAt: spec.in.publishedAt },
  };
}

/** Every conflicting pair of a group, the slow way: `visit(a, b)` for each. */
function bruteForce(figures: FigureDto[], group: FigureGroup, visit: (a: FigureDto, b: FigureDto) => void): void {
  const byId = new Map(figures.map((f) => [f.id, f]));
  const members = group.figureIds.map((id) => byId.get(id)!);
  const liveIds = new Set(figures.filter((f) => !f.dismissed).map((f) => f.id));
  const sources = storySources(figures.filter((f) => !f.dismissed));
  const current = members
    .filter((f) => f.supersededById === null || !liveIds.has(f.supersededById))
    .map((f) => ({
      f,
      iv: figureInterval(f),
      source: sources.key(f),
      date: f.time.date ?? (f.article.publishedAt ? f.article.publishedAt.slice(0, 10) : null),
    }));
  if (group.counted === 'other') return;
  // Parts of a breakdown are never in conflict; figures of different scopes (SCOPE_RATIO apart) are never compared.
  const parts = new Set((group.breakdowns ?? []).flatMap((b) => b.partIds));
  for (let i = 0; i < current.length; i++) {
    for (let j = i + 1; j < current.length; j++) {
      const a = current[i]!;
      const b = current[j]!;
      if (parts.has(a.f.id) || parts.has(b.f.id)) continue;
      if (intervalsOverlap(a.iv, b.iv) || differentScopes(a.iv, b.iv)) continue;
      const sameSentence = a.f.claimId === b.f.claimId && a.f.sentence.start === b.f.sentence.start;
      if (a.source !== b.source || (a.date !== null && a.date === b.date && !sameSentence)) visit(a.f, b.f);
    }
  }
}
function bruteConflicts(figures: FigureDto[], group: FigureGroup): Set<string> {
  const out = new Set<string>();
  bruteForce(figures, group, (a, b) => out.add(pairKey(a, b)));
  return out;
}
const pairKey = (a: { a: string; b: string } | FigureDto, b?: FigureDto) => ('a' in a ? [a.a, a.b] : [a.id, b?.id ?? '']).sort().join(' ');

describe('the seed story', () => {
  const a000 = article('a000', 'pt', 'Militares venezuelanos desertam');
  const a001 = article('a001', 'en', '567 Venezuelan soldiers had defected');
  const a002 = article('a002', 'en', 'Four members of the Bolivarian National Guard deserted');
  const a003 = article('a003', 'bg', 'Дезертирането дойде');
  const a004 = article('a004', 'en', 'More than one hundred Venezuelan soldiers have defected');

  const sixty = figure({ in: a000, value: 60, source: 'Migração da Colômbia', ordinal: 1 });
  const twentyThree = figure({ in: a000, value: 23, ordinal: 0, supersededById: sixty.id });
  const fourCrossing = figure({ in: a000, value: 4, source: 'AFP', ordinal: 2 });
  const twenty = figure({ in: a000, value: 20, source: 'Migração da Colômbia', ordinal: 3, sentence: 900 });
  const threePolice = figure({ in: a000, value: 3, source: 'Migração da Colômbia', ordinal: 4, sentence: 900 });
  const fiveSixtySeven = figure({ in: a001, value: 567, source: 'Migración Colombia', ordinal: 0 });
  const rubio = figure({ in: a001, value: 156, source: 'Marco Rubio', attribution: 'Marco Rubio … on his Twitter account', ordinal: 1 });
  const fourth = figure({ in: a002, value: 4, source: 'Migración Colombia', ordinal: 1 });
  const three = figure({ in: a002, value: 3, source: 'Migración Colombia', ordinal: 0, supersededById: fourth.id });
  const about104 = figure({ in: a003, qualifier: 'about', value: 104, source: 'CNN en Español', attribution: 'CNN en Español и AFP' });
  const moreThan100 = figure({ in: a004, qualifier: 'more_than', min: 100, source: "Colombia's migration agency" });
  const troops = figure({ in: a001, value: 365_315, counted: 'troops_total' });
  const countries = figure({ in: a001, value: 50, counted: 'countries', approximate: true });
  const falseOne = figure({ in: a004, value: 2019, dismissed: true });
  const defections = [twentyThree, sixty, fourCrossing, twenty, threePolice, fiveSixtySeven, rubio, three, fourth, about104, moreThan100];
  const all = [...defections, troops, countries, falseOne];
  const groups = buildBoard(all);
  const defected = groups.find((g) => g.counted === 'people_defected')!;

  it('gives one defections group, first, with every live defection figure', () => {
    expect(groups.map((g) => g.counted)).toEqual(['people_defected', 'troops_total', 'countries']);
    expect(new Set(defected.figureIds)).toEqual(new Set(defections.map((f) => f.id)));
    expect(defected.figureIds).not.toContain(falseOne.id);
  });

  it('lists the 23 → 60 update as a progression, and never as a conflict', () => {
    // "Migração da Colômbia", "Migración Colombia" and "Colombia's migration agency" are one source, named as most often written.
    expect(defected.progressions).toContainEqual({ source: 'Migración Colombia', figureIds: [twentyThree.id, sixty.id] });
    expect(defected.progressions).toContainEqual({ source: 'Migración Colombia', figureIds: [three.id, fourth.id] });
    // The same source in two undated articles: in article order.
    expect(defected.progressions).toContainEqual({
      source: 'Migración Colombia',
      figureIds: [sixty.id, twenty.id, threePolice.id, fiveSixtySeven.id, three.id, fourth.id, moreThan100.id],
    });
    // One article's figures of one source, undated and not updating each other, are not a progression.
    const oneArticle = new Set([sixty.id, twenty.id, threePolice.id]);
    expect(defected.progressions.filter((p) => p.figureIds.every((id) => oneArticle.has(id)))).toEqual([]);
    const involved = defected.conflicts.flatMap((c) => [c.a, c.b]);
    expect(involved).not.toContain(twentyThree.id);
    expect(involved).not.toContain(three.id);
    expect(defected.conflicts.map((c) => pairKey(c))).not.toContain(pairKey({ a: twentyThree.id, b: sixty.id }));
  });

  it('marks the sources that disagree', () => {
    const keys = defected.conflicts.map((c) => pairKey(c));
    expect(keys).toContain(pairKey({ a: fiveSixtySeven.id, b: rubio.id }));
    expect(keys).toContain(pairKey({ a: rubio.id, b: about104.id }));
    // Issue 31: counts more than SCOPE_RATIO apart are of different scopes (four at a bridge, 567 in all), never compared.
    expect(keys).not.toContain(pairKey({ a: fiveSixtySeven.id, b: about104.id }));
    expect(keys).not.toContain(pairKey({ a: about104.id, b: fourth.id }));
    // >100 and ≈104 (93.6 to 114.4) overlap; >100 and 156 or 567 too.
    expect(keys).not.toContain(pairKey({ a: moreThan100.id, b: about104.id }));
    expect(keys).not.toContain(pairKey({ a: moreThan100.id, b: rubio.id }));
    expect(keys).not.toContain(pairKey({ a: moreThan100.id, b: fiveSixtySeven.id }));
    // 20 soldiers and 3 police in one sentence are parts of one count: the 23 (issue 31: a breakdown, shown as such).
    expect(keys).not.toContain(pairKey({ a: twenty.id, b: threePolice.id }));
    expect(defected.breakdowns).toContainEqual({ totalId: twentyThree.id, partIds: [twenty.id, threePolice.id] });
    expect(defected.conflicts.every((c) => c.kind === 'sources_disagree')).toBe(true);
    expect(new Set(keys)).toEqual(bruteConflicts(all, defected));
    expect(defected.conflictCount).toBe(keys.length);
  });

  it('says why in a sentence naming both values and sources', () => {
    const c = defected.conflicts.find((x) => pairKey(x) === pairKey({ a: rubio.id, b: about104.id }))!;
    expect(c.why).toMatch(/156 \(Marco Rubio\)/);
    expect(c.why).toMatch(/about 104 \(CNN en Español\)/);
    expect(c.why).toMatch(/\.$/);
  });

  it('heads the group with its summary line', () => {
    // Migração da Colômbia, Migración Colombia and Colombia's migration agency are one; AFP, Marco Rubio, CNN en Español, the unattributed 23.
    expect(defected.summary).toBe('Defections: 3 to 567 across 5 articles, 3 languages, 5 sources');
    expect(defected.range).toEqual({ min: 3, max: 567 });
    expect([defected.articles, defected.languages]).toEqual([5, 3]);
  });

  it('never compares soldiers in total or countries with defections', () => {
    for (const g of groups.filter((x) => x.counted !== 'people_defected')) {
      expect(g.conflicts).toEqual([]);
      expect(g.figureIds).toHaveLength(1);
    }
    expect(groups.find((g) => g.counted === 'troops_total')?.summary).toBe('Troops in total: 365,315 in 1 article, 1 language, 1 source');
  });
});

describe('intervals', () => {
  const a = article('x', 'en', 'X');
  it('gives each qualifier its interval', () => {
    expect(figureInterval(figure({ in: a, value: 567 }))).toEqual({ lo: 567, hi: 567, loOpen: false, hiOpen: false });
    expect(figureInterval(figure({ in: a, qualifier: 'more_than', min: 100 }))).toEqual({ lo: 100, hi: Infinity, loOpen: true, hiOpen: false });
    expect(figureInterval(figure({ in: a, qualifier: 'at_least', min: 5 }))).toEqual({ lo: 5, hi: Infinity, loOpen: false, hiOpen: false });
    expect(figureInterval(figure({ in: a, qualifier: 'fewer_than', max: 10 }))).toEqual({ lo: 0, hi: 10, loOpen: false, hiOpen: true });
    expect(figureInterval(figure({ in: a, qualifier: 'at_most', max: 10 }))).toEqual({ lo: 0, hi: 10, loOpen: false, hiOpen: false });
    expect(figureInterval(figure({ in: a, qualifier: 'between', min: 50, max: 60 }))).toEqual({ lo: 50, hi: 60, loOpen: false, hiOpen: false });
  });

  it(`reads "about" as ±${APPROXIMATE_TOLERANCE * 100}%, and at least ±1`, () => {
    expect(figureInterval(figure({ in: a, qualifier: 'about', value: 1000 }))).toMatchObject({ lo: 900, hi: 1100 });
    expect(figureInterval(figure({ in: a, qualifier: 'about', value: 5 }))).toMatchObject({ lo: 4, hi: 6 });
    expect(figureInterval(figure({ in: a, value: 200, approximate: true }))).toMatchObject({ lo: 180, hi: 220 });
  });

  it('widens approximate bounds outwards by the same tolerance', () => {
    // "just over a hundred": more than 100, approximately.
    expect(figureInterval(figure({ in: a, qualifier: 'more_than', min: 100, approximate: true }))).toMatchObject({ lo: 90, hi: Infinity });
    expect(figureInterval(figure({ in: a, qualifier: 'between', min: 50, max: 60, approximate: true }))).toMatchObject({ lo: 45, hi: 66 });
  });

  it('keeps open ends apart and closed ends together', () => {
    const exactly100 = figureInterval(figure({ in: a, value: 100 }));
    expect(intervalsOverlap(exactly100, figureInterval(figure({ in: a, qualifier: 'more_than', min: 100 })))).toBe(false);
    expect(intervalsOverlap(exactly100, figureInterval(figure({ in: a, qualifier: 'at_least', min: 100 })))).toBe(true);
    expect(intervalsOverlap(exactly100, figureInterval(figure({ in: a, qualifier: 'fewer_than', max: 100 })))).toBe(false);
    expect(intervalsOverlap(exactly100, figureInterval(figure({ in: a, qualifier: 'at_most', max: 100 })))).toBe(true);
  });

  it('decides conflicts with the tolerance: about 104 meets 95, not 90', () => {
    const cnn = figure({ in: article('c', 'bg', 'C'), qualifier: 'about', value: 104, source: 'CNN' });
    const near = figure({ in: article('d', 'en', 'D'), value: 95, source: 'CNN' });
    const far = figure({ in: article('e', 'en', 'E'), value: 90, source: 'Reuters' });
    const [group] = buildBoard([cnn, near, far]);
    expect(new Set(group?.conflicts.map((c) => pairKey(c)))).toEqual(new Set([pairKey({ a: cnn.id, b: far.id }), pairKey({ a: near.id, b: far.id })]));
  });
});

describe('sources, time and dismissal', () => {
  it('folds case and accents: one source across articles', () => {
    const x = figure({ in: article('x', 'es', 'X'), value: 10, source: ' Migración  Colombia' });
    const y = figure({ in: article('y', 'en', 'Y'), value: 20, source: 'MIGRACION colombia' });
    const [group] = buildBoard([x, y]);
    expect(group?.sources).toBe(1);
    expect(group?.conflicts).toEqual([]);
  });

  it('takes unattributed figures of different articles for different sources', () => {
    const x = figure({ in: article('x', 'en', 'X'), value: 10 });
    const y = figure({ in: article('y', 'en', 'Y'), value: 20 });
    const [group] = buildBoard([x, y]);
    expect(group?.sources).toBe(2);
    expect(group?.conflicts.map((c) => c.kind)).toEqual(['sources_disagree']);
    expect(group?.conflicts[0]?.why).toBe("10 (unattributed, in “X”) and 20 (unattributed, in “Y”) cannot both be right: the numbers don't overlap.");
  });

  it('names an unattributed figure by a short title of its article', () => {
    const long = article('l', 'en', 'The Colombian authorities reported that 567 Venezuelan soldiers had defected and crossed the border');
    const [group] = buildBoard([figure({ in: long, value: 5 }), figure({ in: article('m', 'en', 'M'), value: 9, source: 'AFP' })]);
    expect(group?.conflicts[0]?.why).toBe(
      "5 (unattributed, in “The Colombian authorities reported that…”) and 9 (AFP) cannot both be right: the numbers don't overlap.",
    );
    expect(shortTitle('x'.repeat(60))).toBe(`${'x'.repeat(40)}…`);
  });

  it('falls back to the outlet, then to the article', () => {
    expect(figureSourceKey(figure({ in: article('x', 'en', 'X', { outlet: 'El Tiempo' }), value: 1 }))).toBe('el tiempo');
    expect(figureSourceKey(figure({ in: article('x', 'en', 'X'), value: 1 }))).toBe('article:x');
  });

  it('one source on two days is a progression; on one day, a conflict', () => {
    const a = article('a', 'en', 'A');
    const b = article('b', 'en', 'B');
    const monday = figure({ in: a, value: 60, source: 'Migración Colombia', date: '2019-02-23' });
    const tuesday = figure({ in: b, value: 567, source: 'Migración Colombia', date: '2019-02-24' });
    const tuesdayAgain = figure({ in: a, value: 300, source: 'Migración Colombia', date: '2019-02-24' });
    const [group] = buildBoard([tuesday, tuesdayAgain, monday]);
    expect(group?.figureIds[0]).toBe(monday.id);
    expect(group?.progressions).toEqual([{ source: 'Migración Colombia', figureIds: group?.figureIds }]);
    expect(group?.conflicts).toEqual([
      expect.objectContaining({ kind: 'same_time_disagree', why: 'Migración Colombia gives both 567 and 300 for 24 Feb 2019.' }),
    ]);
  });

  it('orders by the day, then the article publication', () => {
    const early = article('e', 'en', 'E', { publishedAt: '2019-02-22T10:00:00.000Z' });
    const late = article('l', 'en', 'L', { publishedAt: '2019-02-25T10:00:00.000Z' });
    const x = figure({ in: late, value: 1 });
    const y = figure({ in: early, value: 2 });
    const z = figure({ in: late, value: 3, date: '2019-02-21' });
    expect(buildBoard([x, y, z])[0]?.figureIds).toEqual([z.id, y.id, x.id]);
  });

  it('leaves dismissed figures out, and a figure superseded by a dismissed one is current again', () => {
    const a = article('a', 'en', 'A');
    const b = article('b', 'en', 'B');
    const gone = figure({ in: a, value: 60, dismissed: true });
    const first = figure({ in: a, value: 23, supersededById: gone.id });
    const other = figure({ in: b, value: 56 });
    const onlyDismissed = figure({ in: b, value: 9, counted: 'people_killed', dismissed: true });
    const groups = buildBoard([gone, first, other, onlyDismissed]);
    expect(groups.map((g) => g.counted)).toEqual(['people_defected']);
    expect(groups[0]?.figureIds).toEqual([first.id, other.id]);
    expect(groups[0]?.conflicts.map((c) => pairKey(c))).toEqual([pairKey({ a: first.id, b: other.id })]);
  });

  it('puts `other` last and never in conflict; larger groups first', () => {
    const a = article('a', 'en', 'A');
    const b = article('b', 'en', 'B');
    const groups = buildBoard([
      figure({ in: a, value: 1, counted: 'other' }),
      figure({ in: b, value: 2, counted: 'other' }),
      figure({ in: b, value: 3, counted: 'other' }),
      figure({ in: a, value: 7, counted: 'people_killed' }),
      figure({ in: b, value: 8, counted: 'people_killed' }),
      figure({ in: a, value: 9, counted: 'people_injured' }),
      figure({ in: a, value: 60 }),
    ]);
    expect(groups.map((g) => g.counted)).toEqual(['people_killed', 'people_defected', 'people_injured', 'other']);
    expect(groups.at(-1)?.conflicts).toEqual([]);
    expect(groups.at(-1)?.conflictCount).toBe(0);
  });
});

describe('display', () => {
  const a = article('a', 'en', 'A');
  it('formats figures as a board cell shows them', () => {
    expect(formatFigure(figure({ in: a, qualifier: 'more_than', min: 100 }))).toBe('>100');
    expect(formatFigure(figure({ in: a, qualifier: 'about', value: 104 }))).toBe('≈104');
    expect(formatFigure(figure({ in: a, qualifier: 'between', min: 50, max: 60 }))).toBe('50–60');
    expect(formatFigure(figure({ in: a, qualifier: 'at_least', min: 5 }))).toBe('≥5');
    expect(formatFigure(figure({ in: a, value: 567 }))).toBe('567');
    expect(formatFigure(figure({ in: a, value: 1_600_000 }))).toBe('1.6 million');
    expect(formatFigure(figure({ in: a, value: 12.5, unit: '%', counted: 'share_percent' }))).toBe('12.5%');
    expect(formatNumber(365_315)).toBe('365,315');
    expect(formatNumber(1_234_567)).toBe('1,234,567');
  });

  it('writes range ends as their figures do, with singulars right', () => {
    const [group] = buildBoard([
      figure({ in: article('p', 'en', 'P'), qualifier: 'more_than', min: 100, source: 'A' }),
      figure({ in: article('q', 'bg', 'Q'), qualifier: 'about', value: 104, source: 'A' }),
    ]);
    expect(group?.summary).toBe('Defections: >100 to ≈104 across 2 articles, 2 languages, 1 source');
  });
});

describe('conflicts in large groups', () => {
  it('counts every conflict of 3,000 figures and lists at most the cap', () => {
    const articles = Array.from({ length: 500 }, (_, i) => article(`art-${i}`, ['pt', 'en', 'es', 'bg', 'ar'][i % 5]!, `Article ${i}`));
    const figures = Array.from({ length: 3000 }, (_, i) =>
      figure({
        in: articles[i % 500]!,
        qualifier: i % 7 === 0 ? 'about' : i % 11 === 0 ? 'more_than' : 'exact',
        value: i % 11 === 0 && i % 7 !== 0 ? null : 10 + (i % 400),
        min: i % 11 === 0 && i % 7 !== 0 ? 10 + (i % 400) : null,
        source: `source ${i % 40}`,
        date: `2019-02-${String(20 + (i % 5)).padStart(2, '0')}`,
      }),
    );
    const [group] = buildBoard(figures);
    expect(group?.figureIds).toHaveLength(3000);
    expect(group?.conflicts).toHaveLength(CONFLICT_LIST_CAP);
    const listed = new Set(group?.conflicts.map((c) => pairKey(c)));
    let count = 0;
    let found = 0;
    bruteForce(figures, group!, (a, b) => {
      count += 1;
      if (listed.has(pairKey(a, b))) found += 1;
    });
    expect(group?.conflictCount).toBe(count);
    expect(found).toBe(CONFLICT_LIST_CAP);
    // Spread over many figures rather than 50 partners of the lowest one.
    expect(new Set(group?.conflicts.map((c) => c.a)).size).toBeGreaterThan(10);
    // The slow check above walks 4.5 million pairs: time for it on a loaded machine.
  }, 120_000);
});

describe('conflict properties', () => {
  const qualifier = fc.constantFrom<FigureQualifier>('exact', 'about', 'more_than', 'at_least', 'fewer_than', 'at_most', 'between');
  const spec = fc.record({
    qualifier,
    a: fc.integer({ min: 0, max: 40 }),
    b: fc.integer({ min: 0, max: 40 }),
    approximate: fc.boolean(),
    article: fc.integer({ min: 0, max: 4 }),
    source: fc.option(fc.constantFrom('AFP', 'afp', 'EFE', 'Migración Colombia', 'Migracion colombia'), { nil: null }),
    date: fc.option(fc.constantFrom('2019-02-23', '2019-02-24'), { nil: null }),
    sentence: fc.integer({ min: 0, max: 2 }),
    counted: fc.constantFrom<FigureCounted>('people_defected', 'people_killed', 'other'),
    dismissed: fc.boolean(),
    supersede: fc.boolean(),
  });
  type Spec = typeof spec extends fc.Arbitrary<infer T> ? T : never;
  const arts = [0, 1, 2, 3, 4].map((i) => article(`p${i}`, ['en', 'pt', 'bg'][i % 3]!, `P${i}`));

  function build(specs: Spec[]): FigureDto[] {
    const figures = specs.map((s) => {
      const lo = Math.min(s.a, s.b);
      const hi = Math.max(s.a, s.b);
      const q = s.qualifier;
      return figure({
        in: arts[s.article]!,
        qualifier: q,
        value: q === 'exact' || q === 'about' ? s.a : null,
        min: q === 'between' ? lo : q === 'more_than' || q === 'at_least' ? s.a : null,
        max: q === 'between' ? hi : q === 'fewer_than' || q === 'at_most' ? s.a : null,
        approximate: s.approximate,
        source: s.source,
        date: s.date,
        sentence: s.sentence,
        counted: s.counted,
        dismissed: s.dismissed,
      });
    });
    // Supersession only within an article, to a later figure, as the extractor writes it.
    specs.forEach((s, i) => {
      const later = figures.findIndex((f, j) => j > i && f.claimId === figures[i]!.claimId);
      if (s.supersede && later >= 0) figures[i] = { ...figures[i]!, supersededById: figures[later]!.id };
    });
    return figures;
  }

  it('lists each conflicting pair once, never a figure with itself, never across groups, never overlapping ones', () => {
    fc.assert(
      fc.property(fc.array(spec, { maxLength: 30 }), (specs) => {
        const figures = build(specs);
        const byId = new Map(figures.map((f) => [f.id, f]));
        const groups = buildBoard(figures);
        const seen = new Set<string>();
        for (const g of groups) {
          const members = new Set(g.figureIds);
          for (const c of g.conflicts) {
            expect(c.a).not.toBe(c.b);
            expect(seen.has(pairKey(c))).toBe(false);
            seen.add(pairKey(c));
            expect(members.has(c.a) && members.has(c.b)).toBe(true);
            const [a, b] = [byId.get(c.a)!, byId.get(c.b)!];
            expect(a.counted).toBe(g.counted);
            expect(b.counted).toBe(g.counted);
            expect(intervalsOverlap(figureInterval(a), figureInterval(b))).toBe(false);
            expect(a.dismissed || b.dismissed).toBe(false);
          }
          const expected = bruteConflicts(figures, g);
          expect(g.conflictCount).toBe(expected.size);
          expect(new Set(g.conflicts.map((c) => pairKey(c)))).toEqual(expected);
        }
        const grouped = groups.flatMap((g) => g.figureIds);
        expect(new Set(grouped)).toEqual(new Set(figures.filter((f) => !f.dismissed).map((f) => f.id)));
        expect(grouped).toHaveLength(new Set(grouped).size);
      }),
      { numRuns: 300 },
    );
  });
});

describe('one source written many ways (foldSourceKeys)', () => {
  const sourcesOf = (names: string[]) => {
    const a = article('fold', 'pt', 'Fold');
    const figs = names.map((source, i) => figure({ in: a, source, value: i + 1, sentence: i * 100 }));
    const [group] = buildBoard(figs);
    return group!;
  };
  it('merges an office head, cognates across languages and a name said in part', () => {
    expect(sourcesOf(['gabinete de Migração da Colômbia', 'Migração da Colômbia', 'Migración Colombia', "Colombia's migration agency"]).sources).toBe(1);
    expect(sourcesOf(['Marco Rubio', 'Rubio', 'Senator Marco Rubio']).sources).toBe(1);
    expect(sourcesOf(['Министерството на здравеопазването', 'министерството на здравеопазването']).sources).toBe(1);
  });
  it('keeps apart sources that share only a generic word, and a surname shared by two people', () => {
    expect(sourcesOf(['Colombian army', 'Venezuelan army']).sources).toBe(2);
    expect(sourcesOf(['Colombian migration agency', 'Venezuelan migration agency']).sources).toBe(2);
    // "Rubio" could be either: it joins neither.
    expect(sourcesOf(['Marco Rubio', 'Ana Rubio', 'Rubio']).sources).toBe(3);
    // A lowercase generic phrase is no name: "the migration agency" does not join Colombia's.
    expect(sourcesOf(["Colombia's migration agency", 'the migration agency']).sources).toBe(2);
  });
  it('names a merged source once, as it is most often written', () => {
    const a = article('fold2', 'pt', 'Fold');
    const figs = [
      figure({ in: a, source: 'Migração da Colômbia', value: 20, sentence: 0 }),
      figure({ in: a, source: 'Migração da Colômbia', value: 3, sentence: 100 }),
      figure({ in: a, source: 'gabinete de Migração da Colômbia', value: 60, sentence: 200 }),
    ];
    const [group] = buildBoard(figs);
    expect(group!.conflicts.map((c) => c.why).join(' ')).not.toContain('gabinete');
    expect(group!.sources).toBe(1);
  });
});
