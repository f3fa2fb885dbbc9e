// `npm run eval:duplicates`: precision/recall of the near-duplicate check on
// the labelled pairs (tests/fixtures/duplicates/pairs.json), at the threshold
// the importer uses and, for the tuning part, at others (figures recorded in
// docs/QUALITY.md). Choose parameters on "tuning" only.
import { NEAR_DUPLICATE_THRESHOLD } from '../lib/articles/find-duplicates';
import { BANDS, ROWS, SHINGLE_WORDS } from '../lib/articles/fingerprint';
import { type DuplicateEvaluation, evaluateDuplicates, type ScoredPair, scorePairs } from '../tests/support/duplicate-eval';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const scored = scorePairs();

function report(e: DuplicateEvaluation): string {
  const lines = [
    `${e.part}: ${e.pairs} pairs (${e.duplicates} duplicates), threshold ${NEAR_DUPLICATE_THRESHOLD}`,
    `  precision ${pct(e.precision)}, recall ${pct(e.recall)}, band-index recall ${pct(e.candidateRecall)}`,
    `  lowest duplicate ${e.lowestDuplicate.toFixed(3)}, highest non-duplicate ${e.highestOther.toFixed(3)}`,
  ];
  const row = (s: ScoredPair) => `    ${s.pair.label} ${s.similarity.toFixed(3)} (${s.sharedBands} bands) ${s.pair.a} ${s.pair.how}`;
  if (e.missed.length) lines.push('  missed:', ...e.missed.map(row));
  if (e.wronglyFlagged.length) lines.push('  wrongly flagged:', ...e.wronglyFlagged.map(row));
  return lines.join('\n');
}

console.log(`shingles of ${SHINGLE_WORDS} words, MinHash ${BANDS} bands × ${ROWS} rows\n`);
for (const part of ['tuning', 'held-out'] as const) console.log(`${report(evaluateDuplicates(scored, part, NEAR_DUPLICATE_THRESHOLD))}\n`);

console.log('tuning part by threshold: precision / recall');
for (const t of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]) {
  const e = evaluateDuplicates(scored, 'tuning', t);
  console.log(`  ${t.toFixed(1)}  ${pct(e.precision).padStart(6)} / ${pct(e.recall).padStart(6)}`);
}
console.log('\nsimilarity by label (min – median – max), both parts:');
for (const label of ['duplicate', 'same-story', 'unrelated'] as const) {
  const s = scored
    .filter((x) => x.pair.label === label)
    .map((x) => x.similarity)
    .sort((a, b) => a - b);
  console.log(`  ${label.padEnd(10)} n=${s.length}  ${s[0]?.toFixed(3)} – ${s[Math.floor(s.length / 2)]?.toFixed(3)} – ${s.at(-1)?.toFixed(3)}`);
}
