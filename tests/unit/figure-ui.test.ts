// The claim page's highlights land on exactly a figure's characters: span
// offsets are into the body as stored, and the page splits and trims it
// into paragraphs. Also the number guess that prefills "Add as figure" and
// the chart's scales.
import { describe, expect, it } from 'vitest';
import { bodyParagraphs, paragraphSegments, trimSpan } from '@/components/figures/body-segments';
import { labelWidth, valueScale, visibleTicks, xLayout } from '@/components/figures/chart-scales';
import { parseSelection } from '@/components/figures/parse-selection';
import type { FigureDto } from '@/lib/validation/figures';

const asPage = (text: string) =>
  text
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean);

const span = (body: string, words: string, id = words) => {
  const start = body.indexOf(words);
  if (start < 0) throw new Error(`${words} not in the body`);
  return { id, span: { start, end: start + words.length } };
};

describe('bodyParagraphs', () => {
  it.each([
    'One.\n\nTwo.',
    '  Lead with spaces.  \n\n\n  Second\nThird  \n',
    '\n\nStarts blank\r\n\r\nCRLF lines\r\nnext',
    'Single line',
    '',
    '   \n  \n',
    'Tabs\t\n\t\tand\u00a0nbsp\u00a0\n\nend',
  ])('gives the page its paragraphs, at their offsets in %j', (body) => {
    const paragraphs = bodyParagraphs(body);
    expect(paragraphs.map((p) => body.slice(p.start, p.end))).toEqual(asPage(body));
  });
});

describe('paragraphSegments', () => {
  const body = 'Title line\n\n  O balanço: 23 militares, depois 60.  \nMais 20 militares e três polícias.';

  it('cuts a paragraph where spans begin and end, and keeps every character', () => {
    const figures = [span(body, '23 militares'), span(body, '60')];
    const [, second] = bodyParagraphs(body);
    if (!second) throw new Error('no second paragraph');
    const segments = paragraphSegments(body, second, figures);
    expect(segments.map((s) => s.text).join('')).toBe(body.slice(second.start, second.end));
    expect(segments.filter((s) => s.figureIds.length).map((s) => [s.text, s.figureIds])).toEqual([
      ['23 militares', ['23 militares']],
      ['60', ['60']],
    ]);
  });

  it('names the shortest span first where spans nest', () => {
    const figures = [span(body, '20 militares e três polícias', 'whole'), span(body, '20', 'twenty')];
    const third = bodyParagraphs(body)[2];
    if (!third) throw new Error('no third paragraph');
    const marked = paragraphSegments(body, third, figures).filter((s) => s.figureIds.length);
    expect(marked.map((s) => [s.text, s.figureIds])).toEqual([
      ['20', ['twenty', 'whole']],
      [' militares e três polícias', ['whole']],
    ]);
  });

  it('ignores spans of other paragraphs and clips one that crosses a break', () => {
    const crossing = { id: 'x', span: { start: body.indexOf('60'), end: body.indexOf('Mais') + 4 } };
    const [first, second, third] = bodyParagraphs(body);
    if (!first || !second || !third) throw new Error('paragraphs missing');
    expect(paragraphSegments(body, first, [crossing]).every((s) => s.figureIds.length === 0)).toBe(true);
    expect(
      paragraphSegments(body, second, [crossing])
        .filter((s) => s.figureIds.length)
        .map((s) => s.text),
    ).toEqual(['60.']);
    expect(
      paragraphSegments(body, third, [crossing])
        .filter((s) => s.figureIds.length)
        .map((s) => s.text),
    ).toEqual(['Mais']);
  });

  it('keeps UTF-16 offsets: text after an astral character still lines up', () => {
    const text = '😀 Около 104 военни';
    const [p] = bodyParagraphs(text);
    if (!p) throw new Error('no paragraph');
    const marked = paragraphSegments(text, p, [span(text, 'Около 104')]).filter((s) => s.figureIds.length);
    expect(marked.map((s) => s.text)).toEqual(['Около 104']);
  });
});

describe('trimSpan', () => {
  it('drops white space around a selection, and an empty one', () => {
    expect(trimSpan('a  567 b', 1, 7)).toEqual({ start: 3, end: 6 });
    expect(trimSpan('a  567 b', 7, 1)).toEqual({ start: 3, end: 6 });
    expect(trimSpan('a   b', 1, 4)).toBeNull();
  });
});

describe('parseSelection', () => {
  it.each([
    ['567 militares', { qualifier: 'exact', value: 567, min: null, max: null }],
    ['more than 1,200 soldiers', { qualifier: 'more_than', value: null, min: 1200, max: null }],
    ['365.315 soldados', { qualifier: 'exact', value: 365315, min: null, max: null }],
    ['cerca de 1,6 milhão', { qualifier: 'about', value: 1600000, min: null, max: null }],
    ['Около 104', { qualifier: 'about', value: 104, min: null, max: null }],
    ['at least 5', { qualifier: 'at_least', value: null, min: 5, max: null }],
    ['٤٥ جنديا', { qualifier: 'exact', value: 45, min: null, max: null }],
    ['four soldiers', { qualifier: 'exact', value: null, min: null, max: null }],
  ])('%s', (text, expected) => {
    expect(parseSelection(text)).toEqual(expected);
  });
});

describe('the chart scales', () => {
  const figure = (id: string, numbers: Partial<FigureDto>, day: string | null = null, claimId = 'a'): FigureDto =>
    ({
      id,
      claimId,
      qualifier: 'exact',
      value: null,
      min: null,
      max: null,
      approximate: false,
      unit: null,
      time: { text: null, date: day },
      article: { title: 't', language: 'en', direction: 'ltr', outlet: null, publishedAt: null },
      attribution: { text: null, source: null, relayedBy: null },
      ...numbers,
    }) as FigureDto;

  it('goes logarithmic only when the range spans more than 20 times', () => {
    expect(valueScale([figure('a', { value: 4 }), figure('b', { value: 567 })]).log).toBe(true);
    expect(valueScale([figure('a', { value: 60 }), figure('b', { value: 104 })]).log).toBe(false);
    // An open bound counts by its number: >100 and 2 span 50×.
    const scale = valueScale([figure('a', { qualifier: 'more_than', min: 100 }), figure('b', { value: 2 })]);
    expect(scale.log).toBe(true);
    expect(scale.domain[0]).toBeLessThanOrEqual(2);
    expect(scale.domain[1]).toBeGreaterThanOrEqual(100);
    // Higher values sit higher (smaller y).
    expect(scale.y(100, 0, 200)).toBeLessThan(scale.y(2, 0, 200));
  });

  it('orders by time when every figure has a day, else by article', () => {
    const dated = xLayout([figure('a', { value: 1 }, '2019-02-21'), figure('b', { value: 2 }, '2019-02-24')], () => '');
    expect(dated.mode).toBe('time');
    expect(dated.position.get('a')).toBeLessThan(dated.position.get('b') ?? 0);
    const mixed = xLayout([figure('a', { value: 1 }, '2019-02-21', 'x'), figure('b', { value: 2 }, null, 'y')], (f) => f.claimId);
    expect(mixed.mode).toBe('article');
    expect(mixed.ticks.map((t) => t.label)).toEqual(['x', 'y']);
  });
});

describe('x-axis labels that never overlap', () => {
  const overlaps = (ticks: { at: number; label: string }[], width: number, fontSize: number) =>
    ticks.some((t, i) => {
      const next = ticks[i + 1];
      if (!next) return false;
      const halfWidths = (labelWidth(t.label, fontSize) + labelWidth(next.label, fontSize)) / 2;
      return (next.at - t.at) * width < halfWidths;
    });
  // A fortnight of days, as a phone and a desktop draw them.
  const days = Array.from({ length: 14 }, (_, i) => ({ at: 0.08 + (i / 13) * 0.84, label: `${i + 10} Feb` }));

  it('drops labels that would touch, keeping the first and the last', () => {
    const phone = visibleTicks(days, 390 - 62, 10);
    expect(overlaps(phone, 390 - 62, 10)).toBe(false);
    expect(phone.length).toBeLessThan(days.length);
    expect(phone[0]?.label).toBe('10 Feb');
    expect(phone.at(-1)?.label).toBe('23 Feb');
    const desktop = visibleTicks(days, 1440 - 70, 11);
    expect(desktop).toHaveLength(days.length);
  });

  it('thins long article names the same way', () => {
    const articles = Array.from({ length: 8 }, (_, i) => ({ at: (i + 0.5) / 8, label: `ES El Diario del Sur ${i}` }));
    const kept = visibleTicks(articles, 328, 10);
    expect(overlaps(kept, 328, 10)).toBe(false);
    expect(kept.length).toBeGreaterThan(0);
  });
});
