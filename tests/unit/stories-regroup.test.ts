// Grouping on import (regroupNeighbourhood): the new article and its
// candidates' stories are grouped again from stored pair scores, so an early
// wrong join is undone by later articles, while editor decisions hold.
import { describe, expect, it } from 'vitest';
import { regroupNeighbourhood } from '@/lib/stories/regroup-neighbourhood';

// x1, x2: story A. y1 was joined to A when it came first (0.18 against A's two articles); y2 now arrives.
const pairs = [
  { a: 'x1', b: 'x2', score: 0.6 },
  { a: 'x1', b: 'y1', score: 0.19 },
  { a: 'x2', b: 'y1', score: 0.17 },
  { a: 'y1', b: 'y2', score: 0.55 },
  { a: 'x1', b: 'y2', score: 0.05 },
];
const storyOf = new Map([
  ['x1', 'A'],
  ['x2', 'A'],
  ['y1', 'A'],
]);
const articleIds = ['x1', 'x2', 'y1', 'y2'];
const storyOfArticle = (result: ReturnType<typeof regroupNeighbourhood>, id: string) => result.assignments.find((a) => a.articleId === id);

describe('regroupNeighbourhood', () => {
  it("moves an early, marginal join out once the article's own story arrives", () => {
    const result = regroupNeighbourhood({ articleIds, pairs, storyOf });
    expect(storyOfArticle(result, 'x1')?.storyId).toBe('A');
    expect(storyOfArticle(result, 'x2')?.storyId).toBe('A');
    expect(storyOfArticle(result, 'y1')?.storyId).toBeNull();
    expect(storyOfArticle(result, 'y2')?.group).toBe(storyOfArticle(result, 'y1')?.group);
    expect(result.moves).toEqual([{ articleId: 'y1', from: 'A', to: null, group: storyOfArticle(result, 'y1')?.group }]);
  });

  it('never moves an article whose story an editor decided; the unpinned articles may move instead', () => {
    const result = regroupNeighbourhood({ articleIds, pairs, storyOf, pinned: new Set(['y1']) });
    expect(storyOfArticle(result, 'y1')?.storyId).toBe('A');
    expect(storyOfArticle(result, 'y2')?.storyId).toBe('A');
    expect(result.moves.map((m) => m.articleId)).toEqual(['x1', 'x2']);
    expect(storyOfArticle(result, 'x1')?.group).toBe(storyOfArticle(result, 'x2')?.group);
  });

  it('moves nothing out of a story whose members an editor all pinned, and still lets new articles join it', () => {
    const result = regroupNeighbourhood({ articleIds, pairs, storyOf, pinned: new Set(['x1', 'x2', 'y1']) });
    expect(result.moves).toEqual([]);
    // y2 averages (0.05 + 0 + 0.55) / 3 = 0.2 against the story: above the join threshold.
    expect(storyOfArticle(result, 'y2')?.storyId).toBe('A');
  });

  it('never puts a pair an editor kept apart into one story', () => {
    const result = regroupNeighbourhood({ articleIds: ['x1', 'x2'], pairs, storyOf: new Map(), apart: [['x2', 'x1']] });
    expect(storyOfArticle(result, 'x1')?.group).not.toBe(storyOfArticle(result, 'x2')?.group);
  });

  it('keeps two stories pinned by editors apart however well their articles score', () => {
    const result = regroupNeighbourhood({
      articleIds: ['x1', 'x2'],
      pairs,
      storyOf: new Map([
        ['x1', 'A'],
        ['x2', 'B'],
      ]),
      pinned: new Set(['x1', 'x2']),
    });
    expect(result.assignments.map((a) => a.storyId)).toEqual(['A', 'B']);
  });

  it('gives the same result whatever the order of its input', () => {
    const reference = regroupNeighbourhood({ articleIds, pairs, storyOf });
    const again = regroupNeighbourhood({ articleIds: [...articleIds].reverse(), pairs: [...pairs].reverse(), storyOf: new Map([...storyOf].reverse()) });
    expect(again).toEqual(reference);
  });
});
