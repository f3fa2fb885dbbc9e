import { describe, expect, it } from 'vitest';
import { avatarColour, distinctColours, distinctInitials, formatDate, formatPercent, initials, languageWithConfidence } from '../../lib/utils/format';

describe('people shown as initials', () => {
  it('takes the first letters of the first two names, also for Cyrillic and accented names', () => {
    expect(initials('Rita Reviewer')).toBe('RR');
    expect(initials('  Лъчезар   Петров Иванов ')).toBe('ЛП');
    expect(initials('élodie')).toBe('É');
  });

  it('tells apart people whose initials collide, and leaves the others alone', () => {
    const labels = distinctInitials([
      { id: 'a', name: 'Rita Reviewer' },
      { id: 'b', name: 'Rui Reviewer' },
      { id: 'c', name: 'Vera Viewer' },
    ]);
    expect(Object.fromEntries(labels)).toEqual({ a: 'Ri', b: 'Ru', c: 'VV' });
  });

  it('falls back to numbers when even the longer initials collide', () => {
    const labels = distinctInitials([
      { id: 'a', name: 'Rita Reviewer' },
      { id: 'b', name: 'Rita Ramos' },
    ]);
    expect(Object.fromEntries(labels)).toEqual({ a: 'R1', b: 'R2' });
  });

  it('gives each person one colour everywhere, and different people different colours often enough', () => {
    expect(avatarColour('user-1')).toBe(avatarColour('user-1'));
    const colours = new Set(Array.from({ length: 40 }, (_, i) => avatarColour(`user-${i}`)));
    expect(colours.size).toBeGreaterThan(4);
  });

  it('never shows two people together in one colour while colours last, and every viewer sees the same', () => {
    // Ids whose own colours collide: the case two "RR"s could not be told apart in.
    const ids = Array.from({ length: 200 }, (_, i) => `user-${i}`);
    const clash = ids.filter((id) => avatarColour(id) === avatarColour('user-0')).slice(0, 3);
    expect(clash.length).toBe(3);
    const shown = distinctColours(clash);
    expect(new Set(shown.values()).size).toBe(3);
    expect(distinctColours([...clash].reverse())).toEqual(shown);
    const many = distinctColours(ids.slice(0, 8));
    expect(new Set(many.values()).size).toBe(8);
  });
});

describe('article details', () => {
  it('names the language with the confidence it was detected with', () => {
    expect(languageWithConfidence('ar', 0.97)).toBe('Arabic (detected, 97%)');
    expect(languageWithConfidence('pt', 0.5)).toBe('Portuguese (detected, 50%)');
    // 1 is also what a language a person set is stored as: not called "detected".
    expect(languageWithConfidence('ar', 1)).toBe('Arabic (100%)');
    expect(languageWithConfidence('bg', null)).toBe('Bulgarian');
    expect(languageWithConfidence('und', 0)).toBe('Unknown');
  });

  it('says who named the language when that was kept', () => {
    expect(languageWithConfidence('ar', 1, 'detected')).toBe('Arabic (detected, 100%)');
    expect(languageWithConfidence('es', 1, 'override')).toBe('Spanish (set at import)');
    expect(languageWithConfidence('pt', 0.5, 'declared')).toBe('Portuguese (as the page declares it)');
    expect(languageWithConfidence('und', 0, 'detected')).toBe('Unknown');
  });

  it('writes similarity as a whole percentage and a published day in UTC', () => {
    expect(formatPercent(0.816)).toBe('82%');
    expect(formatPercent(0.29)).toBe('29%');
    expect(formatDate('2019-02-24T17:00:00.000Z')).toBe('24 Feb 2019');
    expect(formatDate('2019-02-24T23:30:00.000-02:00')).toBe('25 Feb 2019');
  });
});
