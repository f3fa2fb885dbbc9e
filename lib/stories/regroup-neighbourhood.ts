// Grouping on import, done so that the order of imports does not decide the
// stories: the new article and the members of its candidates' stories are
// grouped again by the batch rule (average link above the join threshold),
// from the pair scores the desk stores, and the result is mapped back onto the
// existing stories. Editor decisions are constraints it never breaks.
import 'server-only';
import { agglomerate, byId, type Linkage } from './agglomerate';
import { STORY_CONFIG, type StoryConfig } from './config';

export type RegroupOptions = {
  /** The new article and every member of the stories its candidates belong to. */
  articleIds: readonly string[];
  /** Scored pairs among them: the new article's fresh scores and the stored ones. A pair not given scores 0. */
  pairs: ReadonlyArray<{ a: string; b: string; score: number }>;
  /** The current story of every article already on the desk (the new article has none). */
  storyOf: ReadonlyMap<string, string>;
  /** Articles whose story an editor decided (confirmed, moved, split off): they stay where they are. */
  pinned?: ReadonlySet<string>;
  /** Pairs an editor kept apart (a rejected suggestion, the two sides of a split): never put in one story. */
  apart?: ReadonlyArray<readonly [string, string]>;
  config?: StoryConfig;
  linkage?: Linkage;
};

export type Assignment = {
  articleId: string;
  /** An existing story, or null for a new one (articles with the same `group` share it). */
  storyId: string | null;
  group: number;
};

export type Regrouping = {
  /** Every article of the neighbourhood, by id. */
  assignments: Assignment[];
  /** Articles already on the desk whose story changes: to be applied, audited and broadcast. */
  moves: Array<{ articleId: string; from: string; to: string | null; group: number }>;
};

const pairKey = (x: string, y: string) => (x < y ? `${x}\u0000${y}` : `${y}\u0000${x}`);

export function regroupNeighbourhood(options: RegroupOptions): Regrouping {
  const config = options.config ?? STORY_CONFIG;
  const ids = [...new Set(options.articleIds)].sort(byId);
  const scores = new Map(options.pairs.map((p) => [pairKey(p.a, p.b), p.score]));
  const score = (a: string, b: string) => scores.get(pairKey(a, b)) ?? 0;
  const pinned = options.pinned ?? new Set<string>();
  const apart = new Set((options.apart ?? []).map(([a, b]) => pairKey(a, b)));

  // Pinned members of one story start together; groups pinned to two stories, or holding a pair kept apart, never merge.
  const pinnedStory = (group: readonly string[]) => new Set(group.filter((id) => pinned.has(id)).map((id) => options.storyOf.get(id)));
  const seeds = new Map<string, string[]>();
  for (const id of ids) {
    const story = options.storyOf.get(id);
    if (!pinned.has(id) || story === undefined) continue;
    seeds.set(story, [...(seeds.get(story) ?? []), id]);
  }
  const canMerge = (x: readonly string[], y: readonly string[]) => {
    const px = pinnedStory(x);
    const py = pinnedStory(y);
    if (px.size > 0 && py.size > 0 && [...px].some((s) => !py.has(s))) return false;
    return !x.some((a) => y.some((b) => apart.has(pairKey(a, b))));
  };
  const clusters = agglomerate(ids, score, { threshold: config.joinThreshold, linkage: options.linkage, seeds: [...seeds.values()], canMerge });

  // Map groups onto stories: a pinned group keeps its story; otherwise the story most of its members are in,
  // if no bigger group claimed it first; otherwise a new story.
  const order = clusters
    .map((members, index) => ({ members, index, pinned: pinnedStory(members).size > 0 }))
    .sort((x, y) => Number(y.pinned) - Number(x.pinned) || y.members.length - x.members.length || byId(x.members[0] ?? '', y.members[0] ?? ''));
  const claimed = new Set<string>();
  const assignments: Assignment[] = [];
  for (const { members, index } of order) {
    const fixed = [...pinnedStory(members)][0];
    let storyId: string | null = fixed ?? null;
    if (storyId === null) {
      const counts = new Map<string, number>();
      for (const id of members) {
        const story = options.storyOf.get(id);
        if (story !== undefined && !claimed.has(story)) counts.set(story, (counts.get(story) ?? 0) + 1);
      }
      storyId = [...counts.entries()].sort((x, y) => y[1] - x[1] || byId(x[0], y[0]))[0]?.[0] ?? null;
    }
    if (storyId !== null) claimed.add(storyId);
    for (const articleId of members) assignments.push({ articleId, storyId, group: index });
  }
  assignments.sort((x, y) => byId(x.articleId, y.articleId));
  const moves = assignments.flatMap((a) => {
    const from = options.storyOf.get(a.articleId);
    return from !== undefined && from !== a.storyId ? [{ articleId: a.articleId, from, to: a.storyId, group: a.group }] : [];
  });
  return { assignments, moves };
}
