// Measures the near-duplicate check (lib/articles/fingerprint.ts and the
// threshold in lib/articles/find-duplicates.ts) on the labelled pairs in
// tests/fixtures/duplicates/pairs.json: the similarity of every pair, whether
// the band index would find it, and precision/recall at the threshold. Used by
// `npm run eval:duplicates` (prints) and tests/unit/duplicate-eval.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { extractHtml } from '../../lib/articles/extract-html';
import { fingerprint, similarity } from '../../lib/articles/fingerprint';
import { splitBoilerplate } from '../../lib/articles/split-boilerplate';

const ROOT = path.join(import.meta.dirname, '../..');

const opSchema = z.union([
  z.object({ reorder: z.array(z.number().int().min(0)) }),
  z.object({ drop: z.array(z.number().int().min(0)) }),
  z.object({ replace: z.array(z.tuple([z.string().min(1), z.string()])) }),
  z.object({ prepend: z.string().min(1) }),
  z.object({ append: z.string().min(1) }),
]);
const textRef = z.string().regex(/^(seed|page|own):[\w.-]+$/);
const pairSchema = z.object({
  part: z.enum(['tuning', 'held-out']),
  label: z.enum(['duplicate', 'same-story', 'unrelated']),
  how: z.string(),
  a: textRef,
  b: z.union([textRef, z.object({ from: textRef, ops: z.array(opSchema).min(1) })]),
});
const fileSchema = z.object({ about: z.string(), texts: z.record(z.string(), z.string()), pairs: z.array(pairSchema).min(1) });
export type LabelledPair = z.infer<typeof pairSchema>;
export type PairPart = LabelledPair['part'];

function load() {
  return fileSchema.parse(JSON.parse(readFileSync(path.join(ROOT, 'tests/fixtures/duplicates/pairs.json'), 'utf8')));
}

/** The text as the importer would store it (before the boilerplate is split off). */
function resolve(ref: string, own: Record<string, string>): string {
  const [kind, name = ''] = ref.split(':');
  if (kind === 'seed') return readFileSync(path.join(ROOT, 'seeds', `${name}.txt`), 'utf8');
  if (kind === 'page') return extractHtml(readFileSync(path.join(ROOT, 'tests/fixtures/pages', `${name}.html`), 'utf8')).text;
  const text = own[name];
  if (text === undefined) throw new Error(`pairs.json names an unknown text ${ref}`);
  return text;
}

/** Applies an editor's changes: paragraphs are the text's non-blank lines, rejoined as the original separated them. */
function edit(text: string, ops: z.infer<typeof opSchema>[]): string {
  const separator = /\n\s*\n/u.test(text) ? '\n\n' : '\n';
  let paragraphs = text.split('\n').filter((l) => l.trim() !== '');
  for (const op of ops) {
    if ('reorder' in op) {
      const n = op.reorder.length;
      if ([...op.reorder].sort((x, y) => x - y).some((v, i) => v !== i) || n > paragraphs.length)
        throw new Error(`reorder ${op.reorder.join(',')} is not a permutation of the first ${n} of ${paragraphs.length} paragraphs`);
      paragraphs = [...op.reorder.map((i) => paragraphs[i] ?? ''), ...paragraphs.slice(n)];
    } else if ('drop' in op) {
      if (op.drop.some((i) => i >= paragraphs.length)) throw new Error(`drop ${op.drop.join(',')} past the last of ${paragraphs.length} paragraphs`);
      paragraphs = paragraphs.filter((_, i) => !op.drop.includes(i));
    } else if ('replace' in op) {
      let joined = paragraphs.join('\n');
      for (const [from, to] of op.replace) {
        if (!joined.includes(from)) throw new Error(`replace: ${JSON.stringify(from)} is not in the text`);
        joined = joined.replaceAll(from, to);
      }
      paragraphs = joined.split('\n');
    } else if ('prepend' in op) paragraphs = [op.prepend, ...paragraphs];
    else paragraphs = [...paragraphs, ...op.append.split('\n').filter((l) => l.trim() !== '')];
  }
  return `${paragraphs.join(separator)}\n`;
}

export type ScoredPair = { pair: LabelledPair; similarity: number; sharedBands: number };

export function scorePairs(): ScoredPair[] {
  const { texts, pairs } = load();
  return pairs.map((pair) => {
    const a = resolve(pair.a, texts);
    const b = typeof pair.b === 'string' ? resolve(pair.b, texts) : edit(resolve(pair.b.from, texts), pair.b.ops);
    // What the importer fingerprints: the body, without a trailing widget.
    const fa = fingerprint(splitBoilerplate(a).body);
    const fb = fingerprint(splitBoilerplate(b).body);
    return { pair, similarity: similarity(fa.shingles, fb.shingles), sharedBands: fa.bands.filter((h, i) => fb.bands[i] === h).length };
  });
}

export type DuplicateEvaluation = {
  part: PairPart;
  pairs: number;
  duplicates: number;
  /** Of the pairs flagged (band match and similarity at or above the threshold), how many are duplicates. */
  precision: number;
  /** Of the duplicates, how many are flagged. */
  recall: number;
  /** Of the duplicates, how many the band index finds at all. */
  candidateRecall: number;
  /** Lowest similarity of a duplicate, highest of a non-duplicate. */
  lowestDuplicate: number;
  highestOther: number;
  missed: ScoredPair[];
  wronglyFlagged: ScoredPair[];
};

export function evaluateDuplicates(scored: ScoredPair[], part: PairPart, threshold: number): DuplicateEvaluation {
  const rows = scored.filter((s) => s.pair.part === part);
  const flagged = (s: ScoredPair) => s.sharedBands > 0 && s.similarity >= threshold;
  const dup = rows.filter((s) => s.pair.label === 'duplicate');
  const other = rows.filter((s) => s.pair.label !== 'duplicate');
  const hits = rows.filter(flagged);
  return {
    part,
    pairs: rows.length,
    duplicates: dup.length,
    precision: hits.length ? hits.filter((s) => s.pair.label === 'duplicate').length / hits.length : 1,
    recall: dup.length ? dup.filter(flagged).length / dup.length : 1,
    candidateRecall: dup.length ? dup.filter((s) => s.sharedBands > 0).length / dup.length : 1,
    lowestDuplicate: Math.min(...dup.map((s) => s.similarity)),
    highestOther: Math.max(...other.map((s) => s.similarity)),
    missed: dup.filter((s) => !flagged(s)),
    wronglyFlagged: other.filter(flagged),
  };
}
