// The changes a page has applied, kept for components that mount later.
//
// A component's data comes from a server render made at some audit sequence
// number; the browser may apply changes after that number before the
// component mounts (its Suspense boundary hydrates after the socket caught up,
// or a client navigation fetched the page while a change was in flight). A
// subscriber says which number its data is from and gets those changes
// replayed, in order, before the live ones. Client-safe (no server imports).
import type { DeskChange } from './events';

export type RecentChanges = {
  /** Records a change just applied (in sequence order). */
  push: (change: DeskChange) => void;
  /**
   * The recorded changes after `since`, oldest first, and whether they are all
   * of them: false when `since` is older than what is kept (the subscriber's
   * data should be fetched again instead).
   */
  after: (since: number) => { changes: DeskChange[]; complete: boolean };
};

export function createRecentChanges(options: { from: number; limit: number }): RecentChanges {
  const kept: DeskChange[] = [];
  // Every change with a sequence number above `floor` is in `kept`.
  let floor = options.from;
  return {
    push: (change) => {
      kept.push(change);
      if (kept.length > options.limit) {
        const dropped = kept.shift();
        if (dropped) floor = dropped.event.seq;
      }
    },
    after: (since) => ({
      changes: kept.filter((c) => c.event.seq > since),
      complete: since >= floor,
    }),
  };
}
