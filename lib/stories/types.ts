// The shapes the story grouping passes around: an article's evidence, the
// corpus statistics that weigh it, and the explained links between articles.
import 'server-only';

/** What the grouping reads of an article: its body without trailing boilerplate (PreparedArticle.body). */
export type StoryArticle = {
  id: string;
  body: string;
  /** ISO 639-1, as detected at import: chooses the stemmer. */
  language: string;
  /** When it was published; null or absent when unknown (never the import time). */
  publishedAt?: Date | null;
};

export type EntityType = 'person' | 'place' | 'organisation' | 'name';
/** `event`: the kind of event an article reports (event-kinds.ts), the same key in every language. */
export type EvidenceKind = 'name' | 'number' | 'date' | 'weekday' | 'term' | 'event';

/** One evidence occurrence as an extractor finds it. */
export type RawEvidence = {
  kind: EvidenceKind;
  key: string;
  /** As written in the article, in its own script. */
  surface: string;
  offset: number;
  entityType?: EntityType;
  /** Index of the name (span) this token belongs to. */
  span?: number;
  candidate?: boolean;
};

/** One distinct piece of evidence of an article (unique by key). */
export type EvidenceItem = {
  kind: EvidenceKind;
  /**
   * The match key, the same across scripts and spellings:
   * `n:kuaid` (a name token's phonetic key), `#:567` (a figure), `%:33`,
   * `d:02-23` (day and month), `m:2019-02` / `m:03` (a month), `y:2019`,
   * `w:6` (a weekday, Monday = 1), `k:earthquake` (a kind of event), `t:pt:desert` (a stemmed word, one language).
   */
  key: string;
  /** The first occurrence as written. */
  surface: string;
  count: number;
  /** Names: the spans (NameSpan indexes) the token occurs in. */
  spans: number[];
  entityType?: EntityType;
  /**
   * An Arabic word taken for a possible name (Arabic has no capitals): it
   * counts as a name only when it matches a name found in a Latin- or
   * Cyrillic-script article, or the corpus knows its key as a name.
   */
  candidate?: boolean;
};

/** A name as written: "Juan Guaidó", "ponte Simón Bolívar", "Гуайдо". */
export type NameSpan = {
  surface: string;
  entityType: EntityType;
  /** The `n:` keys of its tokens, in order. */
  keys: string[];
  count: number;
  /** The kind of place a cue word beside it names ("bridge", "state", "city"). */
  placeKind?: string;
};

export type ArticleEvidence = {
  id: string;
  language: string;
  /** The UTC day it was published (YYYY-MM-DD); absent when unknown. */
  published?: string;
  /** Sorted by key. */
  items: EvidenceItem[];
  spans: NameSpan[];
};

/** Document frequencies over the articles grouping compares against (the desk, or an evaluation set). */
export type CorpusStats = {
  documents: number;
  /** Articles that have the key. */
  df(key: string): number;
  /** Articles that have the key as a name proper (not an Arabic candidate word). */
  nameDf(key: string): number;
};

/** One shared piece of evidence behind a link, as each article writes it. */
export type SharedEvidence = {
  kind: EvidenceKind;
  entityType?: EntityType;
  /** The keys that matched (one per side when the match was fuzzy). */
  keys: string[];
  /** How it is written in article a and in article b: "Guaidó" and "Гуайдо". */
  surfaces: [string, string];
  /** Its contribution to the score before normalisation. */
  weight: number;
  /** How the two spellings were matched. */
  match: 'exact' | 'fuzzy' | 'skeleton';
};

export type PairScore = {
  a: string;
  b: string;
  /** 0–1: the weight of what they share over the weight of what either could share. */
  score: number;
  shared: SharedEvidence[];
};
