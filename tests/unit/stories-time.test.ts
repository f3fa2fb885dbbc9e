// Time in story grouping: reports far apart need more shared evidence, and a
// story shows the days it covers.
import { describe, expect, it } from 'vitest';
import { buildCorpusStats } from '@/lib/stories/corpus-stats';
import { extractEvidence } from '@/lib/stories/extract-evidence';
import { scorePair, timeFactor } from '@/lib/stories/score-pair';
import { storySpan } from '@/lib/utils/story-span';

const body =
  'A car bomb exploded near the Besiktas stadium in Istanbul, killing 38 people and wounding 155, the interior ministry said. Suleyman Soylu said 13 suspects were detained.';
const otherBody =
  'Zwei Explosionen erschütterten Istanbul am Samstagabend. Innenminister Süleyman Soylu sprach von 38 Toten; 13 Verdächtige seien festgenommen worden.';
const at = (day: string | null) => (day ? new Date(`${day}T09:30:00Z`) : null);
const pair = (dayA: string | null, dayB: string | null) => {
  const a = extractEvidence({ id: 'a', body, language: 'en', publishedAt: at(dayA) });
  const b = extractEvidence({ id: 'b', body: otherBody, language: 'de', publishedAt: at(dayB) });
  return scorePair(a, b, { stats: buildCorpusStats([a, b]) }).score;
};

describe('publication dates in scoring', () => {
  it('scores two reports higher within two days than undated, lower a week apart, near nothing years apart', () => {
    const sameDay = pair('2016-12-10', '2016-12-10');
    const undated = pair(null, null);
    expect(undated).toBeGreaterThan(0.1);
    expect(sameDay).toBeGreaterThan(undated * 1.4);
    expect(pair('2016-12-10', '2016-12-12')).toBe(sameDay);
    const weekApart = pair('2016-12-10', '2016-12-17');
    expect(weekApart).toBeLessThan(sameDay * 0.6);
    expect(weekApart).toBeLessThan(undated);
    expect(pair('2016-12-10', '2022-11-13')).toBeLessThan(0.02);
  });

  it('scores a pair on its content alone when either date is unknown', () => {
    expect(pair(null, '2022-11-13')).toBe(pair(null, null));
    expect(pair('2016-12-10', null)).toBe(pair(null, null));
    expect(timeFactor(undefined, '2020-01-01')).toBe(1);
  });

  it('keeps the day in the evidence, as UTC', () => {
    expect(extractEvidence({ id: 'a', body, language: 'en', publishedAt: new Date('2016-12-10T23:30:00-03:00') }).published).toBe('2016-12-11');
    expect(extractEvidence({ id: 'a', body, language: 'en', publishedAt: null }).published).toBeUndefined();
  });
});

describe('storySpan', () => {
  it('gives the first and last day of the dated articles and counts the undated ones', () => {
    expect(storySpan([at('2019-02-25'), null, at('2019-02-23'), at('2019-02-24')])).toEqual({ from: '2019-02-23', to: '2019-02-25', days: 3, undated: 1 });
    expect(storySpan([at('2019-02-23')])).toEqual({ from: '2019-02-23', to: '2019-02-23', days: 1, undated: 0 });
  });

  it('is null when no article is dated', () => {
    expect(storySpan([null, undefined])).toBeNull();
    expect(storySpan([])).toBeNull();
  });
});
