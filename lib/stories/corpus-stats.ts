// Document frequencies of evidence keys over a set of articles, and the
// rarity weight (IDF) they give. The desk keeps the same counts in a table
// (key → df, name_df) updated on import; this is the in-memory version.
import 'server-only';
import type { ArticleEvidence, CorpusStats } from './types';

export function buildCorpusStats(evidences: readonly ArticleEvidence[]): CorpusStats {
  const df = new Map<string, number>();
  const nameDf = new Map<string, number>();
  for (const evidence of evidences) {
    const names = new Set<string>();
    for (const item of evidence.items) {
      df.set(item.key, (df.get(item.key) ?? 0) + 1);
      if (item.kind === 'name' && !item.candidate) {
        names.add(item.key);
        names.add(skeletonKey(item.key));
      }
    }
    for (const key of names) nameDf.set(key, (nameDf.get(key) ?? 0) + 1);
  }
  return { documents: evidences.length, df: (key) => df.get(key) ?? 0, nameDf: (key) => nameDf.get(key) ?? 0 };
}

/** `s:` + the consonants of a name key: how an Arabic spelling without short vowels is looked up. */
export function skeletonKey(nameKey: string): string {
  return `s:${nameKey.slice(2).replace(/[aiu]/g, '')}`;
}

/**
 * Rarity of a key, BM25's IDF over the counted articles plus `prior` unrelated
 * ones: 0 for a key in half of them or more, about ln(2N) for a key in one.
 */
export function idf(stats: CorpusStats, df: number, prior: number): number {
  const n = Math.max(stats.documents, df) + prior;
  return Math.max(0, Math.log((n - df + 0.5) / (df + 0.5)));
}
