// The board page packs its figures for the client (each article once, the
// span text only where the sentence does not hold it) and the client
// unpacks the same FigureDtos; large groups' charts show a bounded sample.
import { describe, expect, it } from 'vitest';
import {
  chartSample,
  groupPage,
  OPEN_ALL_ROWS,
  OPEN_ROWS_BUDGET,
  openGroups,
  packBoard,
  ROWS_SHOWN,
  ROWS_WHOLE,
  rowsShown,
  unpackBoard,
} from '@/components/figures/board-payload';
import type { FigureDto, FigureGroup } from '@/lib/validation/figures';

const STORY = '00000000-0000-4000-8000-000000000001';
const body = 'O balanço: 23 militares desertaram, depois 60. Mais 20 militares.';

function figure(id: string, claimId: string, words: string, sentence: { start: number; end: number }, spanText?: string): FigureDto {
  const start = body.indexOf(words);
  return {
    id,
    claimId,
    storyId: STORY,
    ordinal: 0,
    origin: 'extracted',
    qualifier: 'exact',
    value: 23,
    min: null,
    max: null,
    approximate: false,
    unit: null,
    counted: 'people_defected',
    countedText: 'militares',
    attribution: { text: null, source: null, relayedBy: null },
    time: { text: null, date: null },
    span: { start, end: start + words.length, text: spanText ?? words },
    sentence: { ...sentence, text: body.slice(sentence.start, sentence.end) },
    supersededById: null,
    correctedFields: [],
    dismissed: false,
    status: 'unreviewed',
    version: 1,
    reason: null,
    evidence: [],
    reReviewAt: null,
    decidedBy: null,
    decidedAt: null,
    article: { title: `Article ${claimId}`, language: 'pt', direction: 'ltr', outlet: 'Folha', publishedAt: null },
  };
}

const first = { start: 0, end: 46 };
const figures = [
  figure('f1', 'c1', '23 militares', first),
  figure('f2', 'c1', '60', first),
  figure('f3', 'c2', '20 militares', { start: 47, end: body.length }),
  // A kept figure of an older, longer body: its span text is not in the sentence as cut now.
  figure('f4', 'c2', 'Mais', { start: 47, end: body.length }, 'Mais de'),
];

const group = (ids: string[], counted: FigureGroup['counted'] = 'people_defected'): FigureGroup => ({
  counted,
  label: 'Defections',
  summary: 's',
  figureIds: ids,
  conflicts: [],
  progressions: [],
  range: null,
  articles: 2,
  languages: 1,
  sources: 0,
});

describe('packBoard / unpackBoard', () => {
  it('gives the client the same figures and groups', () => {
    const groups = [group(['f1', 'f2', 'f3', 'f4'])];
    const board = unpackBoard(packBoard(STORY, { figures, groups }));
    expect(board.figures).toEqual(figures);
    expect(board.groups).toEqual(groups);
    expect(board.partial.size).toBe(0);
    expect(board.totals).toEqual({ figures: 4, articles: 2 });
  });

  it('sends each article once and drops span text the sentence holds', () => {
    const packed = packBoard(STORY, { figures, groups: [group(['f1', 'f2', 'f3', 'f4'])] });
    expect(Object.keys(packed.articles)).toEqual(['c1', 'c2']);
    expect(packed.figures.map((f) => ('span' in f ? f.span.text : 'chart only'))).toEqual([undefined, undefined, undefined, 'Mais de']);
    expect(packed.figures.some((f) => 'article' in f)).toBe(false);
  });

  // The contract changed with the bounded board: a large group sends its first rows whole and its chart's points without sentences.
  it("sends a group's first rows whole, chart points with only what the chart draws, and nothing else", () => {
    const decided = figures.map((f) => (f.id === 'f4' ? { ...f, reason: 'A long reason…', evidence: [{ url: 'https://example.org/', label: 'x' }] } : f));
    const packed = packBoard(STORY, { figures: decided, groups: [group(['f1', 'f2', 'f3', 'f4'])] }, { rows: 1, whole: 0, chart: 2 });
    expect(packed.figures.map((f) => f.id)).toEqual(['f1', 'f4']);
    expect(packed.partial).toEqual(['f4']);
    // The group lists what was sent, in its order; sizes counts it all.
    expect(packed.groups[0]?.figureIds).toEqual(['f1', 'f4']);
    expect(packed.sizes).toEqual({ people_defected: 4 });
    const point = packed.figures[1]!;
    expect(Object.keys(point).sort()).toEqual(
      [
        'approximate',
        'attribution',
        'claimId',
        'counted',
        'dismissed',
        'id',
        'max',
        'min',
        'qualifier',
        'status',
        'supersededById',
        'time',
        'unit',
        'value',
      ].sort(),
    );
    // f2 and f3 are not sent at all; the board still counts them.
    expect(packed.totals).toEqual({ figures: 4, articles: 2 });
    // The client holds it as a FigureDto with what the chart reads, and its article.
    const board = unpackBoard(packed);
    expect(board.figures.find((f) => f.id === 'f4')).toMatchObject({ value: 23, qualifier: 'exact', status: 'unreviewed', article: { outlet: 'Folha' } });
    expect(board.partial.has('f4')).toBe(true);
  });

  it('names the values of figures a row refers to but the board did not send', () => {
    const chain = figures.map((f, i) => (i === 0 ? { ...f, supersededById: 'f3' } : f));
    const groups = [{ ...group(['f1', 'f2', 'f3', 'f4']), progressions: [{ source: null, figureIds: ['f1', 'f2'] }] }];
    const packed = packBoard(STORY, { figures: chain, groups }, { rows: 1, whole: 0, chart: 1 });
    expect(packed.figures.map((f) => f.id)).toEqual(['f1']);
    expect(packed.values).toEqual({ f2: '23', f3: '23' });
  });

  it("keys colours by the story's folded source, one colour per source", () => {
    const said = (f: FigureDto, source: string) => ({ ...f, attribution: { text: source, source, relayedBy: null } });
    const two = [said(figures[0]!, 'Migración Colombia'), said(figures[2]!, "Colombia's migration agency")];
    const packed = packBoard(STORY, { figures: two, groups: [group(['f1', 'f3'])] });
    expect(packed.sourceKeys.f1).toBe(packed.sourceKeys.f3);
    expect(Object.keys(packed.colours).filter((k) => k !== '')).toHaveLength(1);
  });
});

describe('groups open at first', () => {
  const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  const COUNTED = ['people_defected', 'people_killed', 'people_injured', 'troops_total', 'aid_tonnes', 'countries', 'people_displaced', 'money'] as const;

  it('opens groups in board order until the row budget is spent, the first always, "other" never', () => {
    const big = COUNTED.map((c) => group(ids(400, c), c));
    expect(COUNTED.length * ROWS_SHOWN).toBeGreaterThan(OPEN_ALL_ROWS);
    const open = openGroups(big);
    expect([...open]).toEqual(COUNTED.slice(0, Math.ceil(OPEN_ROWS_BUDGET / ROWS_SHOWN)));
    expect([...openGroups([group(ids(5000, 'x'), 'other'), group(ids(2000, 'y'))])]).toEqual(['people_defected']);
    // A group of up to ROWS_WHOLE figures shows them all; a larger one its first ROWS_SHOWN.
    expect([rowsShown(3), rowsShown(ROWS_WHOLE), rowsShown(ROWS_WHOLE + 1)]).toEqual([3, ROWS_WHOLE, ROWS_SHOWN]);
    // A small story opens whole.
    const small = COUNTED.map((c) => group(ids(3, c), c));
    expect(openGroups(small).size).toBe(COUNTED.length);
  });

  it('sends closed groups as headings with their size and conflict count, and no figure of theirs', () => {
    const groups = [
      group(['f1', 'f2']),
      { ...group(['f3', 'f4'], 'people_killed'), conflicts: [{ a: 'f3', b: 'f4', kind: 'sources_disagree' as const, why: 'apart' }], conflictCount: 7 },
    ];
    const all = figures.map((f, i) => (i >= 2 ? { ...f, counted: 'people_killed' as const } : f));
    const packed = packBoard(STORY, { figures: all, groups }, { rows: 2, whole: 0, openRows: 2, openAll: 0 });
    expect(packed.open).toEqual(['people_defected']);
    expect(packed.figures.map((f) => f.id)).toEqual(['f1', 'f2']);
    expect(packed.sizes).toEqual({ people_defected: 2, people_killed: 2 });
    expect(packed.groups[1]).toMatchObject({ counted: 'people_killed', figureIds: [], conflicts: [], progressions: [], conflictCount: 7, summary: 's' });
    expect(packed.totals).toEqual({ figures: 4, articles: 2 });
    // Opening it fetches that group alone, whole.
    const one = packBoard(STORY, { figures: all, groups }, { rows: 2, whole: 0, openRows: 2, openAll: 0 }, 'people_killed');
    expect(one.open).toEqual(['people_killed']);
    expect(one.groups).toEqual([groups[1]]);
    expect(one.figures.map((f) => f.id)).toEqual(['f3', 'f4']);
  });
});

describe('groupPage', () => {
  const groups = [{ ...group(['f1', 'f2', 'f3', 'f4']) }];
  it('pages a group in its order and says where the next page starts', () => {
    const first = groupPage({ figures, groups }, 'people_defected', 0, 3);
    expect(first.figures.map((f) => f.id)).toEqual(['f1', 'f2', 'f3']);
    expect(first).toMatchObject({ total: 4, nextOffset: 3 });
    const last = groupPage({ figures, groups }, 'people_defected', 3, 3);
    expect(last.figures.map((f) => f.id)).toEqual(['f4']);
    expect(last.nextOffset).toBeNull();
    expect(groupPage({ figures, groups }, 'people_killed', 0, 3)).toMatchObject({ figures: [], total: 0, nextOffset: null });
  });
});

describe('chartSample', () => {
  it('keeps a small group whole', () => {
    expect(chartSample([1, 2, 3], 200)).toEqual([1, 2, 3]);
  });

  it('bounds a large group, evenly spread, first and last kept, no repeats', () => {
    const all = Array.from({ length: 874 }, (_, i) => i);
    const sample = chartSample(all, 200);
    expect(sample).toHaveLength(200);
    expect(sample[0]).toBe(0);
    expect(sample.at(-1)).toBe(873);
    expect(new Set(sample).size).toBe(200);
  });
});
