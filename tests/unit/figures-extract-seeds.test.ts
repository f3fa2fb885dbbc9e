// The five seed articles (issue 13's goal): every defection figure the issue lists, and none it doesn't.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareArticle } from '@/lib/articles/prepare-article';
import { extractFigures } from '@/lib/figures/extract-figures';

function seed(file: string) {
  const p = prepareArticle({ content: { bytes: readFileSync(path.join('seeds', file)) }, fileName: file });
  const figures = extractFigures({ body: p.body, language: p.language, publishedAt: new Date('2019-02-24T12:00:00Z') });
  const defections = figures.filter((f) => f.counted === 'people_defected');
  return { body: p.body, figures, defections, text: (f: (typeof figures)[number]) => p.body.slice(f.spanStart, f.spanEnd) };
}

describe('seed figures', () => {
  it('000 (pt): 23 then 60, "20 militares e três polícias", four seen crossing', () => {
    const s = seed('000_552dc560a453afa8.txt');
    expect(s.defections.map((f) => [s.text(f), f.value])).toEqual([
      ['23', 23],
      ['60', 60],
      ['quatro', 4],
      ['20', 20],
      ['três', 3],
    ]);
    const [first, second] = s.defections;
    expect(first?.supersededBy).toBe(s.figures.indexOf(second as (typeof s.figures)[number]));
    expect(s.defections[2]?.source).toContain('AFP');
    expect(s.figures.find((f) => s.text(f) === '50')?.counted).toBe('countries');
  });

  it('001 (en): 567 by the migration authority, 156 in the last few hours by Marco Rubio', () => {
    const s = seed('001_a4564d29494e56b0.txt');
    expect(s.defections.map((f) => f.value)).toEqual([567, 567, 156, 567]);
    const rubio = s.defections[2];
    expect([rubio?.source, rubio?.timeText, rubio?.timeDate]).toEqual(['Marco Rubio', 'In the last few hours', '2019-02-24']);
    expect(s.defections[1]?.source).toBe('Colombian immigration authorities');
    const other = s.figures.filter((f) => f.counted !== 'people_defected').map((f) => [s.text(f), f.counted]);
    expect(other).toEqual([
      ['half a hundred', 'countries'],
      ['at least five', 'people_killed'],
      ['365,315', 'troops_total'],
      ['1.6 million', 'troops_total'],
    ]);
  });

  it('002 (en): three, then a fourth', () => {
    const s = seed('002_d367ca68bff82dc3.txt');
    const three = s.defections.find((f) => s.text(f) === 'Three');
    const fourth = s.defections.find((f) => s.text(f) === 'a fourth');
    expect([three?.value, fourth?.value]).toEqual([3, 4]);
    expect(three?.supersededBy).toBe(s.figures.indexOf(fourth as (typeof s.figures)[number]));
    expect(s.defections.every((f) => f.value === 3 || f.value === 4)).toBe(true);
  });

  it('003 (bg): "Около 104", relayed by CNN en Español and AFP', () => {
    const s = seed('003_c796c6a1adc09b2d.txt');
    expect(s.defections.map((f) => [s.text(f), f.qualifier, f.value, f.relayedBy])).toEqual([['Около 104', 'about', 104, 'CNN en Español и AFP']]);
    expect(s.figures.map((f) => [s.text(f), f.counted])).toEqual([
      ['двама', 'people_killed'],
      ['Около 104', 'people_defected'],
      ['най-малко двама', 'people_killed'],
      ['300', 'people_injured'],
      ['600', 'aid_tonnes'],
    ]);
  });

  it('004 (en): "more than one hundred" by the migration services', () => {
    const s = seed('004_70e37703d5faa8e3.txt');
    const [first] = s.defections;
    expect([first && s.text(first), first?.qualifier, first?.min]).toEqual(['More than one hundred', 'more_than', 100]);
    expect(first?.source).toContain('migration services');
    // The quote restates it; the two who went to Brazil are counted once: "two of them" (a part of the hundred)
    // and "the two soldiers" (the same two again) point back (lib/figures/extract/references.ts).
    expect(s.defections.slice(1).map((f) => [s.text(f), f.min ?? f.value])).toEqual([
      ['over one hundred', 100],
      ['two', 2],
    ]);
  });

  it('keeps every span and sentence on the body as stored', () => {
    for (const file of [
      '000_552dc560a453afa8.txt',
      '001_a4564d29494e56b0.txt',
      '002_d367ca68bff82dc3.txt',
      '003_c796c6a1adc09b2d.txt',
      '004_70e37703d5faa8e3.txt',
    ]) {
      const s = seed(file);
      for (const f of s.figures) {
        expect(f.sentenceStart).toBeLessThanOrEqual(f.spanStart);
        expect(f.sentenceEnd).toBeGreaterThanOrEqual(f.spanEnd);
        expect(s.text(f).trim()).toBe(s.text(f));
        expect(s.text(f).length).toBeGreaterThan(0);
      }
    }
  });
});
