// Turns a name as written in any script into keys that compare across scripts:
// a Latin transliteration (accents dropped) and a coarse phonetic key on which
// "Guaidó", "Guaydo", "Гуайдо" and "غوايدو" all become "kuaid".
import 'server-only';
import transliterate from '@sindresorhus/transliterate';

// The library follows Russian practice for Cyrillic; Bulgarian ъ is a vowel and щ is "sht".
const BULGARIAN: ReadonlyArray<[string, string]> = [
  ['ъ', 'a'],
  ['Ъ', 'A'],
  ['щ', 'sht'],
  ['Щ', 'Sht'],
];
// Arabic: the feminine ending ة is heard as a vowel; alif maqsura ى is a long a.
const ARABIC: ReadonlyArray<[string, string]> = [
  ['ة', 'a'],
  ['ى', 'a'],
];
// Portuguese ç and Spanish ñ must not turn into a hard c or an n+y that the phonetic rules misread.
const LATIN: ReadonlyArray<[string, string]> = [
  ['ç', 's'],
  ['Ç', 'S'],
];
// Modern Greek: ου is "u" and β is "v"; γκ/μπ/ντ are g/b/d at the start of a word
// and ng/mb/nd inside it (Γκουαϊδό is Guaidó, Πομπέο Pompeo). The library reads
// them letter by letter ("Gkoyaido").
const GREEK: ReadonlyArray<[string, string]> = [
  ['ου', 'u'],
  ['Ου', 'U'],
  ['ΟΥ', 'U'],
  ['β', 'v'],
  ['Β', 'V'],
];
const GREEK_DIGRAPHS: Readonly<Record<string, readonly [string, string]>> = { γκ: ['g', 'ng'], μπ: ['b', 'mb'], ντ: ['d', 'nd'] };

function greekDigraphs(text: string): string {
  return text.replace(/γκ|μπ|ντ/giu, (match: string, offset: number) => {
    const pair = GREEK_DIGRAPHS[match.toLowerCase()];
    if (!pair) return match;
    const initial = offset === 0 || !/\p{L}/u.test(text.charAt(offset - 1));
    const latin = initial ? pair[0] : pair[1];
    return match.charAt(0) === match.charAt(0).toUpperCase() ? latin.charAt(0).toUpperCase() + latin.slice(1) : latin;
  });
}

const REPLACEMENTS: ReadonlyMap<string, ReadonlyArray<[string, string]>> = new Map([
  ['bg', [...BULGARIAN, ...ARABIC, ...LATIN]],
  ['*', [...ARABIC, ...LATIN, ...GREEK]],
]);
// Greek accents and diaeresis sit on the vowels the digraphs above need to see.
const GREEK_MARKS = /[\u0301\u0308\u0344]/gu;

const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

/** Lowercase ASCII transliteration of a word or name: "Cúcuta" → "cucuta", "Кукута" → "kukuta", "كوكوتا" → "kwkwta". */
export function toLatin(text: string, language = ''): string {
  const lang = language === 'bg' ? 'bg' : '*';
  const cacheKey = `${lang}\u0000${text}`;
  const hit = cache.get(cacheKey);
  if (hit !== undefined) return hit;
  const source = /\p{Script=Greek}/u.test(text) ? greekDigraphs(text.normalize('NFD').replace(GREEK_MARKS, '').normalize('NFC')) : text.normalize('NFC');
  const latin = transliterate(source, { customReplacements: REPLACEMENTS.get(lang) ?? [] })
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(cacheKey, latin);
  return latin;
}

// Order matters: longer clusters first. Each maps spellings of one sound in the
// transliterations of Spanish, Portuguese, English, Russian/Bulgarian and Arabic.
const CLUSTERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/shch|sht|tsh|tch|sch|sh|ch|zh/g, 's'],
  [/ts/g, 's'],
  [/dzh|dj/g, 'j'],
  [/kh/g, 'h'],
  [/gh/g, 'g'],
  [/ph/g, 'f'],
  [/th/g, 't'],
  [/ck/g, 'k'],
  [/qu(?=[eiy])/g, 'k'],
  [/gu(?=[ei])/g, 'g'],
  [/c(?=[eiy])/g, 's'],
  [/gk/g, 'g'],
  [/ou/g, 'u'],
  [/x/g, 'ks'],
];
// One letter per class: g/k/c/q, b/p, f/v, s/z, e/i/y, o/u/w. Spanish j and
// Russian х are one sound, and h is often silent: all three drop out.
const LETTER_CLASS: Readonly<Record<string, string>> = {
  a: 'a',
  b: 'b',
  c: 'k',
  d: 'd',
  e: 'i',
  f: 'f',
  g: 'k',
  h: '',
  i: 'i',
  j: '',
  k: 'k',
  l: 'l',
  m: 'm',
  n: 'n',
  o: 'u',
  p: 'b',
  q: 'k',
  r: 'r',
  s: 's',
  t: 't',
  u: 'u',
  v: 'f',
  w: 'u',
  x: 'ks',
  y: 'i',
  z: 's',
};
const VOWELS = /[aiu]/g;

/**
 * The phonetic key of one transliterated word: letters folded into sound
 * classes, doubled letters collapsed and final vowels dropped (they carry case
 * endings in Russian and Bulgarian: Колумбии and Colombia both give "kulumb").
 * Written here because the string-distance libraries compare letters, not sounds.
 */
export function phoneticKey(latinWord: string): string {
  let s = latinWord.toLowerCase().replace(/[^a-z]/g, '');
  for (const [pattern, replacement] of CLUSTERS) s = s.replace(pattern, replacement);
  let out = '';
  for (const ch of s) {
    const mapped = LETTER_CLASS[ch] ?? '';
    for (const m of mapped) if (out[out.length - 1] !== m) out += m;
  }
  return out.replace(/[aiu]+$/, '');
}

/** The consonants of a phonetic key: what Arabic script writes when it leaves the short vowels out. */
export function skeleton(key: string): string {
  let sk = skeletons.get(key);
  if (sk === undefined) {
    sk = key.replace(VOWELS, '');
    if (skeletons.size >= CACHE_LIMIT) skeletons.clear();
    skeletons.set(key, sk);
  }
  return sk;
}

const skeletons = new Map<string, string>();
