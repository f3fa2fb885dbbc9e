// The near-duplicate check holds its measured quality on the held-out pairs
// (tests/fixtures/duplicates/pairs.json, never tuned on; docs/QUALITY.md), and
// its stored fingerprints cannot change without a new FINGERPRINT_VERSION.
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
      version: 1,
      textHash: 'e70aedee67aa61a65e6b073806044a27d10e6c0e3023c3e12fc537145da0b951',
      bands: [-1776305694, 2132787107, -747307253, -1123554086],
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

  it('counts each character as a word in scripts written without spaces', () => {
    const zh = '四名委内瑞拉士兵在哥伦比亚申请避难。';
    // 17 characters, all in the BMP (so length counts them): 15 shingles of three.
    expect(shingles(normalizeForSearch(zh)).size).toBe('四名委内瑞拉士兵在哥伦比亚申请避难'.length - 2);
    expect(similarity(shingles(normalizeForSearch(zh)), shingles(normalizeForSearch(`${zh}警方表示。`)))).toBeGreaterThan(0.7);
  });
});
