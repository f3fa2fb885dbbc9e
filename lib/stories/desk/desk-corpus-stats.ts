// A CorpusStats (lib/stories/types.ts) read from story_key_stats for the keys
// a few articles can ask about, so scorePair weighs evidence by the whole
// desk's counts without loading them all.
import 'server-only';
import type { Tx } from '../../db';
import { skeletonKey } from '../corpus-stats';
import type { ArticleEvidence, CorpusStats } from '../types';
import { DOCUMENTS_KEY } from './save-evidence';

export async function loadCorpusStats(tx: Tx, evidences: readonly ArticleEvidence[]): Promise<CorpusStats> {
  const keys = new Set<string>([DOCUMENTS_KEY]);
  for (const evidence of evidences) {
    for (const item of evidence.items) {
      keys.add(item.key);
      if (item.kind === 'name') keys.add(skeletonKey(item.key));
    }
  }
  const rows = await tx.$queryRaw<{ key: string; df: number; name_df: number }[]>`
    SELECT key, df, name_df FROM story_key_stats WHERE key = ANY(${[...keys]}::text[])`;
  const byKey = new Map(rows.map((r) => [r.key, { df: r.df, nameDf: r.name_df }]));
  return {
    documents: byKey.get(DOCUMENTS_KEY)?.df ?? 0,
    df: (key) => byKey.get(key)?.df ?? 0,
    nameDf: (key) => byKey.get(key)?.nameDf ?? 0,
  };
}
