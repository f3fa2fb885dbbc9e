import { describe, expect, it } from 'vitest';
import { dirAttribute, textDirection } from '@/lib/utils/text-direction';

describe('textDirection', () => {
  it('runs Arabic, Persian, Urdu and Hebrew right to left, whatever the case', () => {
    for (const code of ['ar', 'fa', 'ur', 'he', 'AR', ' yi ']) expect(textDirection(code)).toBe('rtl');
  });

  it('runs Latin, Cyrillic and CJK languages, und and missing codes left to right', () => {
    for (const code of ['en', 'pt', 'bg', 'ru', 'zh', 'ja', 'und', '', null, undefined]) expect(textDirection(code)).toBe('ltr');
  });

  it('follows a script subtag over the language', () => {
    expect(textDirection('pa-Arab')).toBe('rtl');
    expect(textDirection('ku_Arab')).toBe('rtl');
    expect(textDirection('sd-Deva')).toBe('ltr');
    expect(textDirection('ar-EG')).toBe('rtl');
  });
});

describe('dirAttribute', () => {
  it("gives a known language's direction, and leaves an undetermined one to the browser", () => {
    expect(dirAttribute('ar')).toBe('rtl');
    expect(dirAttribute('bg')).toBe('ltr');
    expect(dirAttribute('und')).toBe('auto');
    expect(dirAttribute(null)).toBe('auto');
  });
});
