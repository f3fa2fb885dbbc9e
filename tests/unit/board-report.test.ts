// The figures board as the reports print it (lib/exports/board-report.ts):
// the chart's axis, colours and marks, and the table rows, from FigureDtos.
import { describe, expect, it } from 'vitest';
import { NO_SOURCE, reportBoard } from '../../lib/exports/board-report';
import { STATUS_COLOR } from '../../lib/exports/formats/report-text';
import type { FigureDto } from '../../lib/validation/figures';

let n = 0;
type Given = Partial<Omit<FigureDto, 'sentence' | 'span'>> & { sentence: string; span: string; source: string | null; claim: string; lang?: string };
function figure(g: Given): FigureDto {
  const start = 10 + g.sentence.indexOf(g.span);
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    claimId: g.claim,
    storyId: 's',
    ordinal: g.ordinal ?? n,
    origin: 'extracted',
    qualifier: g.qualifier ?? 'exact',
    value: g.value ?? null,
    min: g.min ?? null,
    max: g.max ?? null,
    approximate: false,
    unit: null,
    counted: g.counted ?? 'people_defected',
    countedText: null,
    attribution: { text: g.source, source: g.source, relayedBy: null },
    time: { text: null, date: null },
    span: { start, end: start + g.span.length, text: g.span },
    // The sentence sits 10 characters into the body, after a space.
    sentence: { start: 9, end: 10 + g.sentence.length, text: ` ${g.sentence}` },
    supersededById: g.supersededById ?? null,
    correctedFields: [],
    dismissed: false,
    status: g.status ?? 'unreviewed',
    version: 1,
    reason: null,
    evidence: [],
    reReviewAt: null,
    decidedBy: null,
    decidedAt: null,
    article: { title: 't', language: g.lang ?? 'en', direction: g.lang === 'ar' ? 'rtl' : 'ltr', outlet: null, publishedAt: null },
  };
}

const board = (figures: FigureDto[]) => reportBoard({ id: 's', title: 'Story', articles: 3, figures });

describe('reportBoard', () => {
  const f567 = figure({ claim: 'a', sentence: 'Migración Colombia said 567 soldiers defected.', span: '567', value: 567, source: 'Migración Colombia' });
  // Within the board's scope ratio of ≈104, so the two are compared (issue 31); 567 is not.
  const f156 = figure({ claim: 'f', sentence: 'Migración Colombia said 156 soldiers defected.', span: '156', value: 156, source: 'Migración Colombia' });
  const f104 = figure({
    claim: 'b',
    lang: 'bg',
    sentence: 'Около 104 войници са избягали.',
    span: 'Около 104',
    qualifier: 'about',
    value: 104,
    source: 'CNN en Español и AFP',
  });
  const f4 = figure({ claim: 'c', sentence: 'Four guards deserted.', span: 'Four', value: 4, source: null });
  const f2 = figure({ claim: 'd', sentence: 'Two more deserted.', span: 'Two', value: 2, source: null });
  const f100 = figure({ claim: 'e', sentence: 'More than 100 defected.', span: 'More than 100', qualifier: 'more_than', min: 100, source: 'the agency' });

  it('plots on a log axis when the numbers span 20× or more, on a linear one from 0 otherwise', () => {
    const wide = board([f567, f104, f4]).groups[0]?.chart;
    expect(wide?.scale).toBe('log');
    expect(wide?.ticks.map((t) => t.label)).toEqual(expect.arrayContaining(['1', '10', '100', '1,000']));
    const narrow = board([f567, f104]).groups[0]?.chart;
    expect(narrow?.scale).toBe('linear');
    expect(narrow?.ticks[0]).toEqual({ at: 0, label: '0' });
    // Head counts get whole-number ticks only.
    for (const t of board([f4, f2]).groups[0]?.chart?.ticks ?? []) expect(Number(t.label)).toSatisfy(Number.isInteger);
  });

  it('colours by source, with one grey legend entry for figures naming none, and rings conflicts', () => {
    const chart = board([f156, f104, f4, f2]).groups[0]?.chart;
    expect(chart?.legend.map((l) => l.source)).toEqual(['Migración Colombia', 'CNN en Español и AFP', NO_SOURCE]);
    const colour = (id: string) => chart?.points.find((p) => p.id === id)?.colour;
    expect(colour(f4.id)).toBe(colour(f2.id));
    expect(colour(f156.id)).not.toBe(colour(f104.id));
    expect(chart?.points.find((p) => p.id === f156.id)?.conflict).toBe(true);
    expect(chart?.conflicts).toBe(true);
  });

  it('draws an open-ended figure to the end of the axis with a hollow dot', () => {
    const p = board([f567, f100]).groups[0]?.chart?.points.find((x) => x.id === f100.id);
    expect(p).toMatchObject({ openRight: true, hollow: true, to: 1 });
  });

  it('gives table rows in words, the figure marked in its trimmed sentence, the language and direction kept', () => {
    const rows = board([f156, f104]).groups[0]?.rows ?? [];
    const r104 = rows.find((r) => r.id === f104.id);
    expect(r104).toMatchObject({ value: '≈104', qualifier: 'about', who: 'CNN en Español и AFP', language: 'bg', direction: 'ltr', conflict: true });
    expect(r104 && r104.sentence.slice(r104.mark.start, r104.mark.end)).toBe('Около 104');
    expect(board([f567]).groups[0]?.group.summary).toMatch(/^Defections: 567/);
  });

  it("names each figure's article by outlet, else by title, and says when its date is unknown", () => {
    const withOutlet = { ...f567, article: { ...f567.article, outlet: 'El Tiempo', publishedAt: '2019-02-24T12:00:00.000Z' } };
    const untitled = { ...f104, article: { ...f104.article, title: 'Над 100 военни дезертираха' } };
    const rows = board([withOutlet, untitled]).groups[0]?.rows ?? [];
    expect(rows.find((r) => r.id === f567.id)).toMatchObject({ article: 'English · El Tiempo', when: '2019-02-24 (published)' });
    expect(rows.find((r) => r.id === f104.id)).toMatchObject({ article: 'Bulgarian · Над 100 военни дезертираха', when: 'date unknown' });
  });

  it('marks a superseded figure, and leaves the "other" group without a chart', () => {
    const later = figure({ claim: 'a', sentence: 'Then 60 more.', span: '60', value: 60, source: 'Migración Colombia', ordinal: 2 });
    const earlier = figure({ claim: 'a', sentence: 'First 23.', span: '23', value: 23, source: 'Migración Colombia', supersededById: later.id, ordinal: 1 });
    const groups = board([earlier, later, figure({ claim: 'a', sentence: 'Page 7.', span: '7', value: 7, source: null, counted: 'other' })]).groups;
    expect(groups[0]?.rows.find((r) => r.id === earlier.id)?.superseded).toBe(true);
    expect(groups[0]?.progressionLines).toEqual(['Migración Colombia: 23 → 60 (over time, not a conflict)']);
    expect(groups.at(-1)?.group.counted).toBe('other');
    expect(groups.at(-1)?.chart).toBeNull();
  });
});

describe('the reports’ status badges', () => {
  // WCAG 2.2 relative luminance and contrast ratio (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio).
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };

  it('reads as white text on every status colour at 4.5:1 or more (WCAG AA)', () => {
    expect(contrast('#059669', '#ffffff')).toBeCloseTo(3.77, 1); // the old "Verified" green, which failed
    for (const [status, colour] of Object.entries(STATUS_COLOR)) {
      expect(contrast(colour, '#ffffff'), status).toBeGreaterThanOrEqual(4.5);
    }
  });
});
