// Properties over any text: spans lie in the body, sentences enclose them, output is deterministic and in span order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFigures } from '@/lib/figures/extract-figures';

const pieces = [
  'More than one hundred',
  ' soldiers',
  ' defected',
  ', according to AFP.',
  ' 365,315',
  ' ٣٦٥٬٣١٥',
  ' 1,6 milhão',
  ' 4:56 pm',
  ' on 7 March',
  ' Около 104',
  ' войници',
  ' избягаха',
  ' ما لا يقل عن ٣٨',
  ' شخصاً',
  ' vinte e três',
  ' militares',
  ' desertaram',
  ' veintitrés',
  ' Gen. Padrino',
  ' т.е.',
  ' 50-60',
  '\n\n',
  '. ',
  '"',
  ' he said',
  ' 2019',
  ' 0800 123 456',
  ' %',
  ' $',
  ' a fourth',
  ' half a hundred',
  ' meia centena',
  ' dozens',
  ' 😀',
  '\u00A0',
  ' 1.6 million',
];
const text = fc.oneof(
  fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((p) => p.join('')),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
);
const language = fc.constantFrom('en', 'pt', 'es', 'bg', 'ar', 'fr', 'und');

describe('extractFigures properties', () => {
  it('spans and sentences lie within the body, in order, deterministically', () => {
    fc.assert(
      fc.property(
        text,
        language,
        fc.option(fc.date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })),
        (body, lang, publishedAt) => {
          const figures = extractFigures({ body, language: lang, publishedAt });
          let previous = -1;
          for (const f of figures) {
            expect(f.spanStart).toBeGreaterThanOrEqual(0);
            expect(f.spanEnd).toBeGreaterThan(f.spanStart);
            expect(f.spanEnd).toBeLessThanOrEqual(body.length);
            expect(f.sentenceStart).toBeLessThanOrEqual(f.spanStart);
            expect(f.sentenceEnd).toBeGreaterThanOrEqual(f.spanEnd);
            expect(f.sentenceEnd).toBeLessThanOrEqual(body.length);
            expect(f.spanStart).toBeGreaterThan(previous);
            previous = f.spanStart;
            if (f.supersededBy !== null) expect(f.supersededBy).toBeGreaterThan(figures.indexOf(f));
            if (f.timeDate !== null) expect(f.timeDate).toMatch(/^\d{4}-\d{2}-\d{2}$/u);
            const numbers = [f.value, f.min, f.max].filter((n) => n !== null);
            expect(numbers.every((n) => Number.isFinite(n))).toBe(true);
          }
          expect(extractFigures({ body, language: lang, publishedAt })).toEqual(figures);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('never splits a surrogate pair', () => {
    fc.assert(
      fc.property(text, language, (body, lang) => {
        for (const f of extractFigures({ body, language: lang })) {
          for (const at of [f.spanStart, f.spanEnd]) {
            const code = body.charCodeAt(at);
            expect(code >= 0xdc00 && code <= 0xdfff).toBe(false);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
