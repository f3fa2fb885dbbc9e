// The near-duplicate check holds its measured quality on the held-out pairs
// (tests/fixtures/duplicates/pairs.json, never tuned on; docs/QUALITY.md), and
// its stored fingerprints cannot change without a new FINGERPRINT_VERSION.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEAR_DUPLICATE_THRESHOLD } from '../../lib/articles/find-duplicates';
import { FINGERPRINT_VERSION, fingerprint, shingles, similarity } from '../../lib/articles/fingerprint';
import { normalizeForSearch } from '../../lib/articles/normalize-search';
import { evaluateDuplicates, scorePairs } from '../support/duplicate-eval';

const scored = scorePairs();
const heldOut = evaluateDuplicates(scored, 'held-out', NEAR_DUPLICATE_THRESHOLD);

describe('near-duplicates on the held-out pairs', () => {
  it('has duplicates of every kind and other articles on the same story', () => {
    const pairs = scored.filter((s) => s.pair.part === 'held-out');
    expect(heldOut.duplicates).toBeGreaterThanOrEqual(15);
    expect(pairs.filter((s) => s.pair.label === 'same-story').length).toBeGreaterThanOrEqual(5);
    for (const how of ['reordered', 're-headlined', 'lightly edited']) {
      expect(
        pairs.some((s) => s.pair.label === 'duplicate' && s.pair.how.includes(how)),
        how,
      ).toBe(true);
    }
  });

  it('flags at least 95% of duplicates and is right at least 95% of the time (measured 100% / 100%)', () => {
    expect(heldOut.recall).toBeGreaterThanOrEqual(0.95);
    expect(heldOut.precision).toBeGreaterThanOrEqual(0.95);
  });

  it('finds every duplicate through the band index, so the lookup loses none', () => {
    expect(heldOut.candidateRecall).toBe(1);
  });

  it('keeps other articles on the same story well below the threshold', () => {
    expect(heldOut.highestOther).toBeLessThan(NEAR_DUPLICATE_THRESHOLD);
  });
});

describe('fingerprint', () => {
  const text = 'Quatro militares venezuelanos cruzaram a ponte Simón Bolívar e pediram proteção.';

  it('is what is stored: changing it needs a new FINGERPRINT_VERSION (stored rows are then recomputed)', () => {
    const f = fingerprint(text);
    expect({ version: FINGERPRINT_VERSION, textHash: f.textHash, bands: f.bands.slice(0, 4) }).toEqual({
      version: 2,
      textHash: 'c3221faba402390532a630d81ffdf29ae198433a58265b9f302ee42e3e61c337',
      bands: [-1876304257, -1460398434, -354738001, 191657105],
    });
    expect(f.bands).toHaveLength(64);
    for (const band of f.bands) expect(Number.isInteger(band) && band >= -(2 ** 31) && band < 2 ** 31).toBe(true);
  });

  it('gives texts differing only in case, accents, spacing or invisible characters the same text hash', () => {
    const same = [
      ' QUATRO  militares venezuelanos cruzaram a ponte Simon Bolivar e pediram protecao. ',
      `Quatro\u200B militares venezuelanos\ncruzaram a ponte Simón Bolívar e pediram proteção.`,
    ];
    for (const variant of same) expect(fingerprint(variant).textHash).toBe(fingerprint(text).textHash);
    expect(fingerprint(text.replace('Quatro', 'Cinco')).textHash).not.toBe(fingerprint(text).textHash);
  });

  it('gives a copy with look-alike letters from another script the same text hash and bands (TR #39 skeleton; issue 29)', () => {
    const seed = readFileSync(path.join(import.meta.dirname, '../../seeds/001_a4564d29494e56b0.txt'), 'utf8');
    // a, e and o swapped for Cyrillic а, е and о; then Greek ο and a fullwidth Ｏ for the letter o.
    const cyrillic = seed.replace(/a/g, '\u0430').replace(/e/g, '\u0435').replace(/o/g, '\u043e');
    const greek = seed.replace(/o/g, '\u03bf').replace(/O/g, '\uff2f');
    for (const copy of [cyrillic, greek]) {
      expect(copy).not.toBe(seed);
      expect(fingerprint(copy).textHash).toBe(fingerprint(seed).textHash);
      expect(fingerprint(copy).bands).toEqual(fingerprint(seed).bands);
    }
    // Text in Cyrillic itself is still told apart: only look-alikes fold together.
    expect(fingerprint('Мадуро заявил о закрытии границы').textHash).not.toBe(fingerprint('Мадуро заявил об открытии границы').textHash);
  });

  it('counts each character as a word in scripts written without spaces', () => {
    const zh = '四名委内瑞拉士兵在哥伦比亚申请避难。';
    // 17 characters, all in the BMP (so length counts them): 15 shingles of three.
    expect(shingles(normalizeForSearch(zh)).size).toBe('四名委内瑞拉士兵在哥伦比亚申请避难'.length - 2);
    expect(similarity(shingles(normalizeForSearch(zh)), shingles(normalizeForSearch(`${zh}警方表示。`)))).toBeGreaterThan(0.7);
  });
});
