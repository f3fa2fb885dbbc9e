// Applies desk changes exactly once and in sequence order, however they arrive:
// live pushes (at-most-once, possibly out of order across app processes) and
// catch-up replays from the audit log. Client-safe (no server imports): the
// browser's realtime provider and the tests' socket clients both use it.
import type { DeskChange, SyncResult } from './events';

export type ChangeFeed = {
  /** A live push. Applied at once when it is the next one, else held until the gap is filled. */
  receive: (change: DeskChange) => void;
  /** Fetches and applies everything after the last applied change (after every (re)connect). */
  sync: () => Promise<void>;
  lastSeq: () => number;
};

// A replay that keeps failing to close a gap stops here; the next connect retries.
const MAX_ROUNDS = 50;

export function createChangeFeed(options: {
  since: number;
  apply: (change: DeskChange) => void;
  /** One replay page after `since`, or null when it could not be fetched (offline). */
  fetchSince: (since: number) => Promise<SyncResult | null>;
  /** The server said the client is too far behind to replay: only a reload helps. */
  onReload?: (message: string) => void;
}): ChangeFeed {
  let last = options.since;
  const held = new Map<number, DeskChange>();
  let syncing = false;
  let again = false;

  const drain = () => {
    for (let next = held.get(last + 1); next; next = held.get(last + 1)) {
      held.delete(last + 1);
      last = next.event.seq;
      options.apply(next);
    }
    for (const seq of held.keys()) if (seq <= last) held.delete(seq);
  };

  const sync = async () => {
    // A push or a reconnect during a running replay asks for one more round
    // rather than being dropped: the running one may have read the log before
    // that change committed.
    if (syncing) {
      again = true;
      return;
    }
    syncing = true;
    try {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        again = false;
        const page = await options.fetchSince(last);
        if (page?.reload) {
          held.clear();
          options.onReload?.(page.message ?? 'Reload the page to catch up.');
          return;
        }
        if (page) {
          for (const change of page.changes) if (change.event.seq > last) held.set(change.event.seq, change);
          drain();
          if (page.more) continue;
        }
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a sync() call made during the await above sets it
        if (!again && (held.size === 0 || !page)) return;
      }
    } finally {
      syncing = false;
    }
  };

  const receive = (change: DeskChange) => {
    if (change.event.seq <= last) return; // already applied (e.g. by a replay)
    held.set(change.event.seq, change);
    drain();
    if (held.size > 0) void sync(); // a gap: fetch what is missing, in order
  };

  return { receive, sync, lastSeq: () => last };
}
