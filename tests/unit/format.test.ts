import { describe, expect, it } from 'vitest';
import { avatarColour, distinctInitials, initials } from '../../lib/utils/format';

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
});
