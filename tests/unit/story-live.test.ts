import { describe, expect, it } from 'vitest';
import { applyGroupChanges, applyStoryChanges, type GroupsState, storyGone } from '../../lib/utils/story-live';
import { describeLink, distinctSurfaces, evidenceGroup, groupEvidence, scoreBand } from '../../lib/utils/story-evidence';
import type { ClaimSummary } from '../../lib/validation/claims';
import type { StorySummary } from '../../lib/validation/stories';

const story = (id: string, over: Partial<StorySummary> = {}): StorySummary => ({
  id,
  title: `Story ${id}`,
  derivedTitle: `Story ${id}`,
  customTitle: null,
  version: 1,
  size: 2,
  decided: 0,
  languages: ['en'],
  pendingSuggestions: 0,
  updatedAt: '2026-12-01T10:00:00.000Z',
  mergedIntoId: null,
  ...over,
});
const claim = (id: string, storyId: string | null, over: Partial<ClaimSummary> = {}): ClaimSummary => ({
  id,
  sourceKey: id,
  title: `Claim ${id}`,
  language: 'en',
  status: 'unreviewed',
  version: 1,
  updatedAt: '2026-12-01T10:00:00.000Z',
  assigneeId: null,
  reReviewAt: null,
  storyId,
  ...over,
});
const ev = (action: string) => ({ action });
const ids = (s: GroupsState) => s.groups.map((g) => [g.story.id, g.claims.map((c) => c.id), g.matching]);

describe('the stories list, live', () => {
  const first = { minSize: 1, searching: false, firstPage: true };

  it('updates a shown story in place and removes one merged away or emptied', () => {
    const state = { rows: [story('a'), story('b'), story('c')], added: [], elsewhere: 0 };
    const next = applyStoryChanges(state, [story('a', { size: 3 }), story('b', { size: 0 }), story('c', { mergedIntoId: 'a' })], first);
    expect(next.rows.map((r) => [r.id, r.size])).toEqual([['a', 3]]);
  });

  it('puts a new story on top of the first page, but only counts it on a search or a later page', () => {
    const state = { rows: [story('a')], added: [], elsewhere: 0 };
    expect(applyStoryChanges(state, [story('n')], first).rows.map((r) => r.id)).toEqual(['n', 'a']);
    expect(applyStoryChanges(state, [story('n')], { ...first, searching: true })).toMatchObject({ rows: [{ id: 'a' }], elsewhere: 1 });
    expect(applyStoryChanges(state, [story('n')], { ...first, firstPage: false })).toMatchObject({ rows: [{ id: 'a' }], elsewhere: 1 });
  });

  it('hides a story that shrinks to one article while articles alone are hidden', () => {
    const state = { rows: [story('a')], added: [], elsewhere: 0 };
    const hide = { ...first, minSize: 2 };
    expect(applyStoryChanges(state, [story('a', { size: 1 })], hide).rows).toEqual([]);
    expect(applyStoryChanges(state, [story('n', { size: 1 })], hide)).toEqual(state);
    expect(storyGone(story('x', { size: 0 }))).toBe(true);
  });
});

describe('the claims list grouped by story, live', () => {
  const yes = () => 'yes' as const;
  const base: GroupsState = {
    groups: [
      { story: story('s1', { size: 3 }), claims: [claim('c1', 's1'), claim('c2', 's1'), claim('c3', 's1')], matching: 3 },
      { story: story('s2', { size: 1 }), claims: [claim('c4', 's2')], matching: 1 },
    ],
    added: [],
    elsewhere: 0,
  };

  it('a split moves the articles into a new group on top; the old group keeps the rest', () => {
    const next = applyGroupChanges(
      base,
      { event: ev('story.split'), stories: [story('s1', { size: 1, version: 2 }), story('s3', { size: 2 })], claims: [claim('c2', 's3'), claim('c3', 's3')] },
      yes,
      true,
    );
    expect(ids(next)).toEqual([
      ['s3', ['c2', 'c3'], 2],
      ['s1', ['c1'], 1],
      ['s2', ['c4'], 1],
    ]);
    expect(next.groups[1]?.story.version).toBe(2);
  });

  it('a merge empties the merged group, which disappears, and fills the survivor', () => {
    const next = applyGroupChanges(
      base,
      {
        event: ev('story.suggestion_confirmed'),
        stories: [story('s1', { size: 4 }), story('s2', { size: 0, mergedIntoId: 's1' })],
        claims: [claim('c4', 's1')],
      },
      yes,
      true,
    );
    expect(ids(next)).toEqual([['s1', ['c4', 'c1', 'c2', 'c3'], 4]]);
  });

  it('an imported article joins its group, or a new one, when it fits the filters, once its grouping arrives', () => {
    const imported = { event: ev('article.imported'), claim: claim('c9', 's2') };
    expect(applyGroupChanges(base, imported, yes, true)).toEqual(base);
    const grouped = (storyId: string, size: number) => ({
      event: ev('story.grouped'),
      claim: claim('c9', storyId),
      claims: [claim('c9', storyId)],
      stories: [story(storyId, { size })],
    });
    const joined = applyGroupChanges(base, grouped('s2', 2), yes, true);
    expect(ids(joined)[1]).toEqual(['s2', ['c9', 'c4'], 2]);
    expect(joined.added).toEqual(['c9']);
    const alone = applyGroupChanges(base, grouped('s9', 1), yes, true);
    expect(ids(alone)[0]).toEqual(['s9', ['c9'], 1]);
    const filtered = applyGroupChanges(base, grouped('s2', 2), () => 'no', true);
    expect(ids(filtered)).toEqual(ids(base));
    const searched = applyGroupChanges(base, grouped('s2', 2), () => 'unknown', true);
    expect(searched.elsewhere).toBe(1);
  });

  it('updates a claim in place on a verdict, and leaves a claim it does not show alone', () => {
    const next = applyGroupChanges(base, { event: ev('claim.verdict_set'), claim: claim('c2', 's1', { status: 'verified' }) }, yes, true);
    expect(next.groups[0]?.claims[1]?.status).toBe('verified');
    expect(applyGroupChanges(base, { event: ev('claim.verdict_set'), claim: claim('c7', 's1') }, yes, true)).toEqual(base);
  });
});

describe('evidence for the reader', () => {
  it('groups by kind in a fixed order, heaviest first', () => {
    const groups = groupEvidence([
      { kind: 'number', weight: 1, surfaces: ['567'] },
      { kind: 'name', entityType: 'place', weight: 1, surfaces: ['Cúcuta', 'Кукута'] },
      { kind: 'name', entityType: 'person', weight: 0.5, surfaces: ['Maduro'] },
      { kind: 'name', entityType: 'person', weight: 2, surfaces: ['Guaidó', 'Гуайдо'] },
      { kind: 'weekday', weight: 0.2, surfaces: ['Saturday'] },
    ]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.surfaces[0])])).toEqual([
      ['People', ['Guaidó', 'Maduro']],
      ['Places', ['Cúcuta']],
      ['Figures', ['567']],
      ['Dates', ['Saturday']],
    ]);
    expect(evidenceGroup({ kind: 'name' })).toBe('names');
  });

  it('shows a spelling once, and places a score against the thresholds', () => {
    expect(distinctSurfaces(['Cúcuta', 'Cu\u0301cuta', 'Кукута'])).toEqual(['Cúcuta', 'Кукута']);
    const t = { join: 0.17, suggest: 0.12 };
    expect([scoreBand(0.17, t), scoreBand(0.15, t), scoreBand(0.05, t)]).toEqual(['joins', 'suggested', 'below']);
  });

  it('says how an article is linked in words, not numbers', () => {
    const t = { join: 0.17, suggest: 0.12 };
    expect(describeLink(0.43, t)).toBe('Joined this story automatically: strong match');
    expect(describeLink(0.2, t)).toBe('Joined this story automatically: clear match');
    expect(describeLink(0.14, t)).toBe('Suggested for this story: an editor decides');
    expect(describeLink(0.05, t)).not.toMatch(/\d/);
  });
});
