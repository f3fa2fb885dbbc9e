// Deterministic synthetic claims for the benchmarks: text drawn from the seed
// articles' own words (Zipf-distributed per language, like real text) plus a
// few made-up proper names from a large pool (the long tail real news has).
// The same index always gives the same claim, so every run measures the same data.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeForSearch } from '../../lib/articles/normalize-search';
import { parseArticle } from '../../lib/articles/parse-article';
import type { BulkClaimInput } from '../../lib/claims/bulk-import';
import { SEEDS_DIR } from '../../seeds/run-seed';

const LANGUAGES = [
  { code: 'en', share: 0.6 },
  { code: 'pt', share: 0.25 },
  { code: 'bg', share: 0.15 },
] as const;
const NAME_POOL = 20_000;
const SYLLABLES = ['ka', 'ro', 'vel', 'mis', 'ta', 'na', 'lu', 'dor', 'sen', 'bri', 'qu', 'zal', 'fen', 'ti', 'mor', 'gra', 'pel', 'os', 'ur', 'wyn'];

// mulberry32: small, fast, good enough for test data (the bench's article generators share it).
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The n-th made-up proper name, e.g. "Kavelmis". */
export function syntheticName(n: number): string {
  const parts: string[] = [];
  let x = n + 7;
  for (let i = 0; i < 3 || x > 0; i++) {
    parts.push(SYLLABLES[x % SYLLABLES.length]!);
    x = Math.floor(x / SYLLABLES.length);
  }
  const word = parts.join('');
  return word[0]!.toUpperCase() + word.slice(1);
}

type Vocabulary = { words: string[]; cumulative: Float64Array };

let vocabularies: Map<string, Vocabulary> | undefined;

// Words of the seed articles by language, most frequent first, with Zipf weights.
function vocabulary(language: string): Vocabulary {
  if (!vocabularies) {
    const counts = new Map<string, Map<string, number>>();
    for (const file of readdirSync(SEEDS_DIR)
      .filter((f) => f.endsWith('.txt'))
      .sort()) {
      const article = parseArticle(file, readFileSync(path.join(SEEDS_DIR, file), 'utf8'));
      const byWord = counts.get(article.language) ?? new Map<string, number>();
      for (const w of normalizeForSearch(article.body).match(/\p{L}{2,}/gu) ?? []) byWord.set(w, (byWord.get(w) ?? 0) + 1);
      counts.set(article.language, byWord);
    }
    vocabularies = new Map();
    for (const [lang, byWord] of counts) {
      const words = [...byWord].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([w]) => w);
      const cumulative = new Float64Array(words.length);
      let sum = 0;
      words.forEach((_, r) => {
        sum += 1 / (r + 1);
        cumulative[r] = sum;
      });
      vocabularies.set(lang, { words, cumulative: cumulative.map((c) => c / sum) });
    }
  }
  const v = vocabularies.get(language);
  if (!v) throw new Error(`no seed article in language ${language}`);
  return v;
}

function pick(v: Vocabulary, u: number): string {
  let lo = 0;
  let hi = v.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v.cumulative[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return v.words[lo]!;
}

export function syntheticClaim(index: number, prefix = 'bench'): BulkClaimInput {
  const rnd = random(index * 2654435761);
  const u = rnd();
  const language = (LANGUAGES.find((_, i) => u < LANGUAGES.slice(0, i + 1).reduce((s, l) => s + l.share, 0)) ?? LANGUAGES[0]).code;
  const v = vocabulary(language);
  const names = Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => syntheticName(Math.floor(rnd() * NAME_POOL)));
  const words = (n: number) => Array.from({ length: n }, () => pick(v, rnd()));
  const title = [...words(4 + Math.floor(rnd() * 4)), names[0]!].join(' ');
  const sentences: string[] = [];
  const bodyWords = 90 + Math.floor(rnd() * 80);
  for (let n = 0; n < bodyWords;) {
    const len = 8 + Math.floor(rnd() * 10);
    const s = words(len);
    if (rnd() < 0.4) s.splice(Math.floor(rnd() * len), 0, names[Math.floor(rnd() * names.length)]!);
    sentences.push(`${s.join(' ')}.`);
    n += len;
  }
  return {
    sourceKey: `${prefix}-${String(index).padStart(7, '0')}`,
    title: title[0]!.toUpperCase() + title.slice(1),
    body: sentences.map((s) => s[0]!.toUpperCase() + s.slice(1)).join(' '),
    language,
  };
}

export function* syntheticClaims(options: { from?: number; count: number; prefix?: string }): Generator<BulkClaimInput> {
  const from = options.from ?? 0;
  for (let i = from; i < from + options.count; i++) yield syntheticClaim(i, options.prefix);
}
