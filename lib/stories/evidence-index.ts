// Candidate retrieval: an inverted index from evidence keys to articles, so
// that placing a new article reads the articles sharing its rarer keys, not
// the whole desk. The same design as a PostgreSQL table of (key, article) rows
// with a btree on key, plus a key → df table (docs/STORIES.md).
import 'server-only';
import { idf } from './corpus-stats';
import { STORY_CONFIG, type StoryConfig } from './config';
import { evidenceKeys } from './extract-evidence';
import type { ArticleEvidence, CorpusStats } from './types';

export type Candidate = { id: string; overlap: number };
export type CandidateOptions = {
  /** The most candidates returned (then scored exactly). */
  limit?: number;
  /** Keys held by more articles than this are not read: they cannot tell stories apart anyway. */
  maxPostings?: number;
  config?: StoryConfig;
};

export const DEFAULT_CANDIDATES = 50;
export const DEFAULT_MAX_POSTINGS = 2_000;

export class EvidenceIndex {
  private readonly postings = new Map<string, string[]>();
  private readonly nameDocs = new Map<string, number>();
  private readonly ids = new Set<string>();

  add(evidence: ArticleEvidence): void {
    if (this.ids.has(evidence.id)) throw new Error(`Article ${evidence.id} is already in the index.`);
    this.ids.add(evidence.id);
    for (const key of evidenceKeys(evidence)) {
      const list = this.postings.get(key) ?? [];
      list.push(evidence.id);
      this.postings.set(key, list);
    }
    const names = new Set<string>();
    for (const item of evidence.items) {
      if (item.kind !== 'name' || item.candidate) continue;
      names.add(item.key);
      names.add(`s:${item.key.slice(2).replace(/[aiu]/g, '')}`);
    }
    for (const key of names) this.nameDocs.set(key, (this.nameDocs.get(key) ?? 0) + 1);
  }

  get size(): number {
    return this.ids.size;
  }

  /** Document frequencies as the index counts them (`s:` skeleton keys included). */
  stats(): CorpusStats {
    return { documents: this.ids.size, df: (key) => this.postings.get(key)?.length ?? 0, nameDf: (key) => this.nameDocs.get(key) ?? 0 };
  }

  /**
   * How much a shared key says, from its prefix alone (what an index row
   * holds): words and Arabic words nobody has as a name say little, a consonant
   * skeleton is only a hint.
   */
  private keyWeight(key: string, config: StoryConfig): number {
    if (key.startsWith('t:')) return config.weights.kind.term;
    if (key.startsWith('s:')) return config.weights.arabicWord;
    if (key.startsWith('n:')) return (this.nameDocs.get(key) ?? 0) > 0 ? 1 : config.weights.arabicWord;
    if (key.startsWith('w:')) return config.weights.kind.weekday;
    if (key.startsWith('y:')) return config.weights.year;
    return 1;
  }

  /** The articles sharing the most rarity-weighted keys with `evidence` (itself excluded), best first, ties by id. */
  candidates(evidence: ArticleEvidence, options: CandidateOptions = {}): Candidate[] {
    const limit = options.limit ?? DEFAULT_CANDIDATES;
    const maxPostings = options.maxPostings ?? DEFAULT_MAX_POSTINGS;
    const config = options.config ?? STORY_CONFIG;
    const stats = this.stats();
    const overlap = new Map<string, number>();
    for (const key of evidenceKeys(evidence)) {
      const list = this.postings.get(key);
      if (!list || list.length > maxPostings) continue;
      const weight = this.keyWeight(key, config) * idf(stats, list.length, config.priorDocuments);
      if (weight <= 0) continue;
      for (const id of list) if (id !== evidence.id) overlap.set(id, (overlap.get(id) ?? 0) + weight);
    }
    return [...overlap.entries()]
      .map(([id, o]) => ({ id, overlap: o }))
      .sort((x, y) => y.overlap - x.overlap || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
      .slice(0, limit);
  }
}
