// Measures lib/articles/detect-language.ts on the labelled sets in
// tests/fixtures/language/: per-language precision/recall, accuracy overall and
// by kind of text, and how well the confidence tracks accuracy. Used by
// `npm run eval:language` (prints) and tests/unit/language-eval.test.ts (floors).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { detectLanguage } from '../../lib/articles/detect-language';

export const LANGUAGE_SETS = { tuning: 'tuning.json', 'held-out': 'held-out.json' } as const;
export type LanguageSetName = keyof typeof LANGUAGE_SETS;

const itemSchema = z.object({
  lang: z.string().regex(/^([a-z]{2}|und)$/),
  kind: z.enum(['tiny', 'short', 'sentence', 'paragraph', 'mixed']),
  text: z.string().min(1),
});
const setSchema = z.object({ about: z.string(), items: z.array(itemSchema).min(1) });
export type LabelledText = z.infer<typeof itemSchema>;

export function loadLanguageSet(name: LanguageSetName): LabelledText[] {
  const file = path.join(import.meta.dirname, '../fixtures/language', LANGUAGE_SETS[name]);
  return setSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).items;
}

export type LanguageScore = { language: string; support: number; predicted: number; correct: number; precision: number; recall: number };
export type ConfidenceBin = { from: number; to: number; count: number; accuracy: number };
export type LanguageEvaluation = {
  count: number;
  accuracy: number;
  byKind: Record<string, { count: number; accuracy: number }>;
  perLanguage: LanguageScore[];
  calibration: ConfidenceBin[];
  errors: { item: LabelledText; got: string; confidence: number }[];
};

const BINS = [0, 0.5, 0.7, 0.85, 0.95, 1.01];

export function evaluateLanguageDetection(items: LabelledText[]): LanguageEvaluation {
  const results = items.map((item) => ({ item, ...detectLanguage(item.text) }));
  const ok = (r: (typeof results)[number]) => r.language === r.item.lang;
  const rate = (rs: typeof results) => (rs.length ? rs.filter(ok).length / rs.length : 0);

  const languages = [...new Set(items.map((i) => i.lang))].sort();
  const perLanguage = languages.map((language) => {
    const support = results.filter((r) => r.item.lang === language).length;
    const predicted = results.filter((r) => r.language === language).length;
    const correct = results.filter((r) => r.item.lang === language && ok(r)).length;
    return { language, support, predicted, correct, precision: predicted ? correct / predicted : 0, recall: support ? correct / support : 0 };
  });
  const byKind: LanguageEvaluation['byKind'] = {};
  for (const kind of new Set(items.map((i) => i.kind))) {
    const rs = results.filter((r) => r.item.kind === kind);
    byKind[kind] = { count: rs.length, accuracy: rate(rs) };
  }
  // Calibration of the guesses that name a language ('und' has confidence 0).
  const named = results.filter((r) => r.language !== 'und');
  const calibration = BINS.slice(0, -1).map((from, i) => {
    const to = BINS[i + 1] ?? 1;
    const rs = named.filter((r) => r.confidence >= from && r.confidence < to);
    return { from, to: Math.min(to, 1), count: rs.length, accuracy: rate(rs) };
  });
  return {
    count: results.length,
    accuracy: rate(results),
    byKind,
    perLanguage,
    calibration,
    errors: results.filter((r) => !ok(r)).map((r) => ({ item: r.item, got: r.language, confidence: r.confidence })),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function formatLanguageEvaluation(name: string, e: LanguageEvaluation): string {
  const lines = [
    `${name}: ${e.count} texts, accuracy ${pct(e.accuracy)}`,
    `  by kind: ${Object.entries(e.byKind)
      .map(([k, v]) => `${k} ${pct(v.accuracy)} (${v.count})`)
      .join(', ')}`,
    '  language  support  precision  recall',
    ...e.perLanguage.map((l) => `  ${l.language.padEnd(8)}  ${String(l.support).padStart(7)}  ${pct(l.precision).padStart(9)}  ${pct(l.recall).padStart(6)}`),
    '  confidence  texts  accuracy',
    ...e.calibration
      .filter((b) => b.count)
      .map((b) => `  ${b.from.toFixed(2)}–${b.to.toFixed(2)}  ${String(b.count).padStart(5)}  ${pct(b.accuracy).padStart(8)}`),
  ];
  if (e.errors.length) {
    lines.push('  errors (expected → got, confidence):');
    for (const err of e.errors) lines.push(`    ${err.item.lang} → ${err.got} (${err.confidence}) ${err.item.kind}: ${err.item.text.slice(0, 70)}`);
  }
  return lines.join('\n');
}
