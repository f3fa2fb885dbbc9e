// What a live change does to the story lists the browser shows, without
// asking the server: the stories list (rows updated in place, gone ones
// removed, new ones on top when the list can tell they belong) and the claims
// list grouped by story (claims follow their story, groups appear and
// disappear). Nothing already shown is reordered, so nothing jumps under the
// reader's cursor. Client-safe and pure: components/stories/* apply it.
import type { ClaimSummary } from '../validation/claims';
import type { StorySummary } from '../validation/stories';
import type { Membership } from './list-membership';

/** A story no list shows any more: emptied, or merged into another. */
export const storyGone = (s: Pick<StorySummary, 'size' | 'mergedIntoId'>): boolean => s.size === 0 || s.mergedIntoId !== null;

export type StoriesListState = { rows: StorySummary[]; added: string[]; elsewhere: number };

/**
 * The stories list after a change. A story the list does not show joins the
 * top when it qualifies and the list is the unsearched first page; otherwise
 * only the server can tell, and it is counted in `elsewhere` (a notice offers to reload).
 */
export function applyStoryChanges(
  state: StoriesListState,
  changed: readonly StorySummary[],
  list: { minSize: number; searching: boolean; firstPage: boolean },
): StoriesListState {
  let { rows, added, elsewhere } = state;
  for (const story of changed) {
    const shown = rows.some((r) => r.id === story.id);
    const qualifies = !storyGone(story) && story.size >= list.minSize;
    if (shown) {
      rows = qualifies ? rows.map((r) => (r.id === story.id ? story : r)) : rows.filter((r) => r.id !== story.id);
    } else if (qualifies) {
      if (!list.searching && list.firstPage) {
        rows = [story, ...rows];
        added = [...added, story.id];
      } else {
        elsewhere += 1;
      }
    }
  }
  return { rows, added, elsewhere };
}

export type StoryGroup = { story: StorySummary; claims: ClaimSummary[]; matching: number };
export type GroupsState = { groups: StoryGroup[]; added: string[]; elsewhere: number };

/** What the lists read of a live change (lib/realtime/events.ts DeskChange). */
export type StoryListChange = { event: { action: string }; claim?: ClaimSummary; claims?: ClaimSummary[]; stories?: StorySummary[] };

/** Every claim a change carries, the last word on each. */
function claimsOf(change: StoryListChange): ClaimSummary[] {
  const byId = new Map<string, ClaimSummary>();
  for (const c of [...(change.claims ?? []), ...(change.claim ? [change.claim] : [])]) byId.set(c.id, c);
  return [...byId.values()];
}

/**
 * The grouped claims list after a change. `fits` says whether a claim the list
 * does not show belongs in it (its filters, the first page): claims a story
 * change placed (an import's grouping, a decision) are placed by it; other
 * claims not shown are left alone.
 */
export function applyGroupChanges(state: GroupsState, change: StoryListChange, fits: (claim: ClaimSummary) => Membership, firstPage: boolean): GroupsState {
  let groups = state.groups.map((g) => ({ ...g, claims: [...g.claims] }));
  let { added, elsewhere } = state;
  const stories = new Map((change.stories ?? []).map((s) => [s.id, s]));
  const moved = new Set((change.claims ?? []).map((c) => c.id));
  /** Claims for groups the list does not show yet, by story. */
  const waiting = new Map<string, ClaimSummary[]>();

  for (const claim of claimsOf(change)) {
    const from = groups.find((g) => g.claims.some((c) => c.id === claim.id));
    if (from && from.story.id === claim.storyId) {
      from.claims = from.claims.map((c) => (c.id === claim.id ? claim : c));
      continue;
    }
    // An import is placed by the story.grouped change that follows it, which names the claim among those whose story changed.
    if (!from && !moved.has(claim.id)) continue;
    const membership: Membership = from ? (firstPage ? 'yes' : 'unknown') : fits(claim);
    if (from) {
      from.claims = from.claims.filter((c) => c.id !== claim.id);
      from.matching -= 1;
    }
    if (membership === 'no' || claim.storyId === null) continue;
    if (membership === 'unknown') {
      elsewhere += 1;
      continue;
    }
    const to = groups.find((g) => g.story.id === claim.storyId);
    if (to) {
      to.claims = [claim, ...to.claims];
      to.matching += 1;
    } else {
      waiting.set(claim.storyId, [...(waiting.get(claim.storyId) ?? []), claim]);
    }
    added = [...added, claim.id];
  }

  groups = groups
    .filter((g) => !(stories.has(g.story.id) && storyGone(stories.get(g.story.id) ?? g.story)))
    .map((g) => ({ ...g, story: stories.get(g.story.id) ?? g.story }))
    .filter((g) => g.claims.length > 0 || g.matching > 0);
  const fresh: StoryGroup[] = [];
  for (const [storyId, claims] of waiting) {
    const story = stories.get(storyId);
    if (story && !storyGone(story)) fresh.push({ story, claims, matching: claims.length });
    else elsewhere += claims.length;
  }
  return { groups: [...fresh, ...groups], added, elsewhere };
}
