// Groups articles into stories, deterministically: candidates from the
// evidence index, exact pair scores, then average-link merging of the closest
// groups while they stay above the join threshold, ties broken by article id.
// placeArticle is the same rule for one new article against existing stories.
import 'server-only';
import { agglomerate, byId, type Linkage, linkScore } from './agglomerate';
import { STORY_CONFIG, type StoryConfig } from './config';
import { EvidenceIndex, DEFAULT_CANDIDATES } from './evidence-index';
import { scorePair } from './score-pair';
import type { ArticleEvidence, CorpusStats, PairScore } from './types';

export type GroupOptions = {
  config?: StoryConfig;
  /** Candidates scored per article (the rest of the desk is never compared). */
  candidates?: number;
  /** Defaults to counts over the articles given. */
  stats?: CorpusStats;
  linkage?: Linkage;
};

export type Story = {
  /** Member ids, sorted. */
  articleIds: string[];
  /** The scored pairs inside the story at or above the suggestion threshold: its "why". */
  links: PairScore[];
};

export type StorySuggestion = { stories: [number, number]; score: number; pairs: PairScore[] };

export type Grouping = {
  /** Ordered by their first article id. */
  stories: Story[];
  /** Pairs of stories between the two thresholds: for an editor to confirm or reject. */
  suggestions: StorySuggestion[];
  /** Every scored pair (a < b), for evaluation and display. */
  pairs: PairScore[];
};

const pairKey = (x: string, y: string) => (x < y ? `${x}\u0000${y}` : `${y}\u0000${x}`);

export function groupArticles(evidences: readonly ArticleEvidence[], options: GroupOptions = {}): Grouping {
  const config = options.config ?? STORY_CONFIG;
  const linkage = options.linkage ?? 'average';
  const sorted = [...evidences].sort((x, y) => byId(x.id, y.id));
  const index = new EvidenceIndex();
  for (const e of sorted) index.add(e);
  const stats = options.stats ?? index.stats();
  const byArticle = new Map(sorted.map((e) => [e.id, e]));

  const scores = new Map<string, PairScore>();
  for (const e of sorted) {
    for (const c of index.candidates(e, { limit: options.candidates ?? DEFAULT_CANDIDATES, config })) {
      const key = pairKey(e.id, c.id);
      if (scores.has(key)) continue;
      const other = byArticle.get(c.id);
      if (!other) continue;
      const [a, b] = e.id < c.id ? [e, other] : [other, e];
      scores.set(key, scorePair(a, b, { stats, config }));
    }
  }
  const score = (x: string, y: string) => scores.get(pairKey(x, y))?.score ?? 0;

  const clusters = agglomerate(
    sorted.map((e) => e.id),
    score,
    { threshold: config.joinThreshold, linkage },
  );

  const pairs = [...scores.values()].sort((x, y) => byId(x.a, y.a) || byId(x.b, y.b));
  const stories = clusters.map((ids) => {
    const members = new Set(ids);
    return { articleIds: ids, links: pairs.filter((p) => members.has(p.a) && members.has(p.b) && p.score >= config.suggestThreshold) };
  });
  const suggestions: StorySuggestion[] = [];
  for (let i = 0; i < clusters.length; i++) {
    for (let j = i + 1; j < clusters.length; j++) {
      const x = clusters[i] ?? [];
      const y = clusters[j] ?? [];
      const s = linkScore(x, y, score, linkage);
      if (s < config.suggestThreshold) continue;
      const inX = new Set(x);
      const inY = new Set(y);
      const between = pairs.filter((p) => (inX.has(p.a) && inY.has(p.b)) || (inY.has(p.a) && inX.has(p.b)));
      suggestions.push({ stories: [i, j], score: Math.round(s * 10_000) / 10_000, pairs: between.filter((p) => p.score > 0) });
    }
  }
  suggestions.sort((x, y) => y.score - x.score || x.stories[0] - y.stories[0] || x.stories[1] - y.stories[1]);
  return { stories, suggestions, pairs };
}

export type Placement = {
  /** The story the article joins by itself (score at or above the join threshold), or null. */
  join: { storyId: string; score: number } | null;
  /** Stories between the thresholds, best first: suggested to an editor. */
  suggest: Array<{ storyId: string; score: number }>;
};

/**
 * Where one new article goes, given its scored candidates and the story of
 * each: the story with the best average link (members it was not compared
 * with count 0, as they share nothing rare with it). Stories an editor ruled
 * out for it (a rejected suggestion, a split) are passed in `excluded`.
 */
export function placeArticle(
  candidates: ReadonlyArray<{ articleId: string; storyId: string; score: number }>,
  storySizes: ReadonlyMap<string, number>,
  options: { config?: StoryConfig; excluded?: ReadonlySet<string>; linkage?: Linkage } = {},
): Placement {
  const config = options.config ?? STORY_CONFIG;
  const totals = new Map<string, { sum: number; max: number }>();
  for (const c of candidates) {
    if (options.excluded?.has(c.storyId)) continue;
    const t = totals.get(c.storyId) ?? { sum: 0, max: 0 };
    t.sum += c.score;
    t.max = Math.max(t.max, c.score);
    totals.set(c.storyId, t);
  }
  const ranked = [...totals.entries()]
    .map(([storyId, t]) => ({
      storyId,
      score: Math.round(((options.linkage ?? 'average') === 'single' ? t.max : t.sum / Math.max(1, storySizes.get(storyId) ?? 1)) * 10_000) / 10_000,
    }))
    .sort((x, y) => y.score - x.score || byId(x.storyId, y.storyId));
  const top = ranked[0];
  const join = top && top.score >= config.joinThreshold ? top : null;
  return { join, suggest: ranked.filter((r) => r !== join && r.score >= config.suggestThreshold) };
}
