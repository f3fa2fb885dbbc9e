// embedJson over the class of text that could end or change a <script> element
// it is embedded in, plus random strings built from those pieces (seeded, so a
// failure reproduces).
import { describe, expect, it } from 'vitest';
import { embedJson } from '../../lib/exports/formats/embed-json';

const PIECES = [
  '</script>',
  '</SCRIPT >',
  '</script\t',
  '</scrIpt/>',
  '<script>',
  '<!--',
  '-->',
  '<!-- <script>',
  ']]>',
  '<![CDATA[',
  '<',
  '>',
  '&',
  '&lt;',
  '&amp;',
  '&#x3c;',
  '\u2028',
  '\u2029',
  '\u0085',
  '\u00a0',
  '\u2027',
  '\u202e',
  '\ufeff',
  '"',
  "'",
  '`',
  '\\',
  '\\u003c',
  '/',
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u001f',
  '\ud83d\ude00',
  'Дезертирането',
  'balanço',
  'ok',
  ' ',
  '<img src=x onerror=alert(1)>',
  '</style>',
  '<\u0000/script>',
  '\u003c/script\u003e',
];

// Deterministic PRNG (mulberry32): the same sequence on every run.
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hostileStrings(): string[] {
  const random = prng(9);
  const out = [...PIECES];
  for (let i = 0; i < 2000; i++) {
    const n = 1 + Math.floor(random() * 6);
    out.push(Array.from({ length: n }, () => PIECES[Math.floor(random() * PIECES.length)]).join(''));
  }
  // Every code point below U+0100, and the two line separators, on their own.
  for (let c = 0; c < 0x100; c++) out.push(String.fromCharCode(c));
  return out;
}

function expectEmbeddable(json: string) {
  expect(json).not.toMatch(/[<>&\u2028\u2029]/);
}

describe('embedJson', () => {
  it('never emits < > & U+2028 U+2029, and parses back to the same string, for every hostile string', () => {
    for (const s of hostileStrings()) {
      const json = embedJson(s);
      expectEmbeddable(json);
      expect(JSON.parse(json)).toBe(s);
    }
  });

  it('does the same for keys, nesting, arrays and non-string values', () => {
    const random = prng(42);
    const strings = hostileStrings();
    const pick = () => strings[Math.floor(random() * strings.length)]!;
    for (let i = 0; i < 300; i++) {
      const value = {
        [pick()]: pick(),
        nested: { [pick()]: [pick(), 1.5, -7e-9, 0, null, true, { deep: pick() }] },
        list: Array.from({ length: 3 }, pick),
        n: i,
      };
      const json = embedJson(value);
      expectEmbeddable(json);
      expect(JSON.parse(json)).toEqual(value);
    }
  });

  it('the escapes are the documented ones', () => {
    expect(embedJson('</script><!--&\u2028\u2029')).toBe('"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"');
  });

  it('refuses values that have no JSON form instead of writing "undefined"', () => {
    expect(() => embedJson(undefined)).toThrow(/no JSON form/);
  });
});
