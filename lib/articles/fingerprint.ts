// Fingerprints of an article's text for the duplicate checks: a hash of the
// normalised text (exact duplicates) and MinHash band hashes of its word
// shingles (near-duplicates: the same article reordered, re-headlined or
// lightly edited), so candidates come from an index lookup, not a scan.
// Both are taken over the text's confusable skeleton, so a copy with look-alike
// letters from another script is still the same text.
import 'server-only';
import { createHash } from 'node:crypto';
import { confusableSkeleton } from './confusable-skeleton';
import { normalizeForSearch } from './normalize-search';

/**
 * Names the parameters below: stored fingerprints of another version are
 * recomputed (fingerprintClaims). Bump it whenever a parameter, the seeds or
 * the normalisation change.
 */
export const FINGERPRINT_VERSION = 2;
/** Words per shingle (3 separated duplicates from other articles best on the tuning pairs). */
export const SHINGLE_WORDS = 3;
/**
 * MinHash: BANDS × ROWS hash functions; two texts share a band when ROWS minima
 * agree. With 64 × 2, texts 30% alike (the near-duplicate threshold) share at
 * least one band with probability 0.998, texts 5% alike only 15% of the time.
 */
export const BANDS = 64;
export const ROWS = 2;
const HASHES = BANDS * ROWS;

// Scripts written without spaces between words: each character counts as a word.
const CHARACTER_WORDS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

export type Fingerprint = {
  /** sha256 hex of the compared text: equal for texts that differ only in case, accents, spacing or look-alike letters. */
  textHash: string;
  /** One 32-bit signed hash per band (index = band). */
  bands: number[];
  /** The text's shingles, hashed: for measuring similarity against candidates. */
  shingles: Set<number>;
};

/**
 * The text as the duplicate checks compare it: folded for search, then its
 * TR #39 skeleton. Version 1 compared the folded text alone, and a seed with
 * a, e and o swapped for Cyrillic а, е and о imported as new (issue 29).
 */
export function comparableText(text: string): string {
  return confusableSkeleton(normalizeForSearch(text));
}

export function fingerprint(text: string): Fingerprint {
  const normalized = comparableText(text);
  const shingleSet = shingles(normalized);
  return {
    textHash: createHash('sha256').update(normalized, 'utf8').digest('hex'),
    bands: bandHashes(minhash(shingleSet)),
    shingles: shingleSet,
  };
}

/** Jaccard similarity of two shingle sets: shared shingles over all distinct shingles. */
export function similarity(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const s of small) if (large.has(s)) shared++;
  return shared / (a.size + b.size - shared);
}

/** The text's words (each character alone in scripts written without spaces), hashed. */
function wordHashes(normalized: string): number[] {
  const out: number[] = [];
  for (const [word] of normalized.matchAll(WORD)) {
    // Every script without spaces sits at U+0E00 (Thai) or above: most words skip the test.
    if ((word.charCodeAt(0) >= 0x0e00 || word.charCodeAt(word.length - 1) >= 0x0e00) && CHARACTER_WORDS.test(word)) for (const ch of word) out.push(fnv1a(ch));
    else out.push(fnv1a(word));
  }
  return out;
}

export function shingles(normalized: string): Set<number> {
  const ws = wordHashes(normalized);
  const set = new Set<number>();
  // A text shorter than a shingle is one shingle of all its words.
  const last = Math.max(0, ws.length - SHINGLE_WORDS);
  for (let i = 0; i <= last && i < ws.length; i++) {
    let h = SHINGLE_SEED;
    for (let j = i; j < i + SHINGLE_WORDS && j < ws.length; j++) h = fmix32(h ^ (ws[j] ?? 0));
    set.add(h);
  }
  return set;
}

const SHINGLE_SEED = 0x2545f491;

// Fixed seeds: band hashes are stored, so they must never change between runs or versions.
const SEEDS = Uint32Array.from({ length: HASHES }, (_, i) => fmix32(0x9e3779b9 * (i + 1)));

function minhash(set: ReadonlySet<number>): Uint32Array {
  const signature = new Uint32Array(HASHES).fill(0xffffffff);
  for (const s of set) {
    for (let i = 0; i < HASHES; i++) {
      // Both arrays have HASHES entries: the fallbacks are never used.
      const h = fmix32(s ^ (SEEDS[i] ?? 0));
      if (h < (signature[i] ?? 0)) signature[i] = h;
    }
  }
  return signature;
}

function bandHashes(signature: Uint32Array): number[] {
  const bands: number[] = [];
  for (let b = 0; b < BANDS; b++) {
    let h = fmix32(b + 1);
    for (let r = 0; r < ROWS; r++) h = fmix32(h ^ (signature[b * ROWS + r] ?? 0));
    bands.push(h | 0);
  }
  return bands;
}

/** FNV-1a over UTF-16 code units, 32-bit. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** MurmurHash3's finaliser: spreads every input bit over the output. */
function fmix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
