// Language detection holds its measured quality on the held-out labelled set
// (tests/fixtures/language/held-out.json, never tuned on). Floors come from
// the figures in docs/QUALITY.md, a little below them so a new engine release
// has to be looked at rather than being silently worse.
import { describe, expect, it } from 'vitest';
import { evaluateLanguageDetection, loadLanguageSet } from '../support/language-eval';

const heldOut = evaluateLanguageDetection(loadLanguageSet('held-out'));
const confusions = (expected: string, got: string[]) => heldOut.errors.filter((e) => e.item.lang === expected && got.includes(e.got)).map((e) => e.item.text);

describe('language detection on the held-out set', () => {
  it('covers 15+ languages, short, mixed and right-to-left texts', () => {
    const languages = new Set(heldOut.perLanguage.map((l) => l.language));
    expect(languages.size).toBeGreaterThanOrEqual(15);
    for (const rtl of ['ar', 'fa', 'he']) expect(languages).toContain(rtl);
    expect(heldOut.byKind.short?.count).toBeGreaterThanOrEqual(30);
    expect(heldOut.byKind.mixed?.count).toBeGreaterThanOrEqual(5);
  });

  it('is right at least 96% of the time overall (measured 98.4%), and on every paragraph', () => {
    expect(heldOut.accuracy).toBeGreaterThanOrEqual(0.96);
    expect(heldOut.byKind.paragraph?.accuracy).toBe(1);
  });

  it('never mistakes Bulgarian for Russian, or Portuguese for Spanish or Galician', () => {
    expect(confusions('bg', ['ru', 'mk', 'sr', 'uk'])).toEqual([]);
    expect(confusions('ru', ['bg'])).toEqual([]);
    expect(confusions('pt', ['es', 'gl'])).toEqual([]);
    expect(confusions('es', ['pt', 'gl'])).toEqual([]);
  });

  it('finds every right-to-left text and says "und" only for texts too short to tell', () => {
    for (const rtl of ['ar', 'fa', 'he']) expect(heldOut.perLanguage.find((l) => l.language === rtl)?.recall, rtl).toBe(1);
    const und = heldOut.perLanguage.find((l) => l.language === 'und');
    expect(und?.precision).toBe(1);
  });

  it('is right on every guess it is at least 95% sure of', () => {
    const sure = heldOut.calibration.filter((b) => b.from >= 0.95);
    expect(sure.reduce((n, b) => n + b.count, 0)).toBeGreaterThan(heldOut.count / 2);
    for (const bin of sure) expect(bin.accuracy).toBe(1);
  });
});
