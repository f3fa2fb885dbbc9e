// Importing the same articles in any order gives the same stories: a property
// over random permutations of a small labelled subset (the seeds' story, the
// blackout with the same people, two Venezuelan stories of other days, and one
// wire event), imported one at a time as the desk does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupArticles } from '@/lib/stories/group-articles';
import { type EvalArticle, evidenceOf, loadStorySet, simulateImports } from '../fixtures/stories/labelled-set';

const { articles } = loadStorySet();
const pick = (story: string, n: number) => articles.filter((a) => a.story === story).slice(0, n);
const subset: EvalArticle[] = [...pick('defections', 4), ...pick('blackout', 2), ...pick('swearing-in', 2), ...pick('aid-concert', 2)];

/** The stories as sets of article ids, independent of story ids. */
const partition = (storyOf: ReadonlyMap<string, string>) => {
  const groups = new Map<string, string[]>();
  for (const [id, story] of storyOf) groups.set(story, [...(groups.get(story) ?? []), id]);
  return [...groups.values()].map((g) => g.sort().join(' ')).sort();
};

describe('grouping on import does not depend on the import order', () => {
  // The batch grouping of the subset sees every article at once: what any import order must end in.
  const batch = groupArticles(subset.map(evidenceOf));
  const reference = batch.stories.map((s) => [...s.articleIds].sort().join(' ')).sort();

  it("keeps the blackout and the other days out of the seeds' story in the batch", () => {
    const story = new Map(subset.map((a) => [a.id, a.story]));
    for (const group of reference) expect(new Set(group.split(' ').map((id) => story.get(id))).size, group).toBe(1);
  });

  it('gives the same stories for any permutation', () => {
    const ids = subset.map((a) => a.id);
    fc.assert(
      fc.property(fc.shuffledSubarray(ids, { minLength: ids.length, maxLength: ids.length }), (order) => {
        expect(partition(simulateImports(subset, order, { mode: 'regroup' }).storyOf)).toEqual(reference);
      }),
      { numRuns: 30, seed: 30 },
    );
  }, 120_000);
});
