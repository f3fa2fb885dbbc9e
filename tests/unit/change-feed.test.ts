// The client-side sequencing rule: every change applied exactly once, in order,
// whether it arrives live, late, twice, or only through a replay.
import { describe, expect, it, vi } from 'vitest';
import { createChangeFeed } from '../../lib/realtime/change-feed';
import type { DeskChange, SyncResult } from '../../lib/realtime/events';

const change = (seq: number): DeskChange => ({
  event: { seq, at: '', actorId: null, actorLabel: 'x', action: 'auth.login_succeeded', claimId: null, before: null, after: { ip: '127.0.0.1' }, reason: null },
});

/** An audit log the test appends to; replays read it like the server does. */
function log(upTo: number, pageSize = 500) {
  let latest = upTo;
  return {
    append: () => ++latest,
    read: (since: number): SyncResult => {
      const seqs = Array.from({ length: Math.max(0, latest - since) }, (_, i) => since + 1 + i);
      const page = seqs.slice(0, pageSize);
      return { changes: page.map(change), latest: page.at(-1) ?? since, more: seqs.length > pageSize };
    },
  };
}

describe('change feed', () => {
  it('applies in-order pushes, ignores repeats, and fills a gap from the log', async () => {
    const server = log(5);
    const applied: number[] = [];
    const feed = createChangeFeed({ since: 2, apply: (c) => applied.push(c.event.seq), fetchSince: (s) => Promise.resolve(server.read(s)) });
    feed.receive(change(3));
    feed.receive(change(3));
    feed.receive(change(5)); // 4 was lost in transit
    await feed.sync();
    expect(applied).toEqual([3, 4, 5]);
    expect(feed.lastSeq()).toBe(5);
  });

  it('pages through a long replay', async () => {
    const server = log(1234, 500);
    const applied: number[] = [];
    const feed = createChangeFeed({ since: 0, apply: (c) => applied.push(c.event.seq), fetchSince: (s) => Promise.resolve(server.read(s)) });
    await feed.sync();
    expect(applied).toEqual(Array.from({ length: 1234 }, (_, i) => i + 1));
  });

  it('does not lose a push that arrives while a replay is in flight and that the replay did not see', async () => {
    const server = log(10);
    const applied: number[] = [];
    let release!: () => void;
    let first = true;
    const feed = createChangeFeed({
      since: 8,
      apply: (c) => applied.push(c.event.seq),
      fetchSince: async (s) => {
        const page = server.read(s); // the replay reads the log now…
        if (first) {
          first = false;
          await new Promise<void>((r) => (release = r)); // …and answers later
        }
        return page;
      },
    });
    const syncing = feed.sync();
    await Promise.resolve();
    feed.receive(change(server.append())); // 11 commits and is pushed meanwhile
    release();
    await syncing;
    await vi.waitFor(() => expect(applied).toEqual([9, 10, 11]));
  });

  it('retries on a new connection when the replay in flight failed with the old one', async () => {
    const server = log(4);
    const applied: number[] = [];
    let online = false;
    let answer!: () => void;
    const feed = createChangeFeed({
      since: 0,
      apply: (c) => applied.push(c.event.seq),
      fetchSince: async (s) => {
        if (!online) {
          await new Promise<void>((r) => (answer = r));
          return null; // the old socket disconnected under it
        }
        return server.read(s);
      },
    });
    const first = feed.sync();
    await Promise.resolve();
    online = true;
    await feed.sync(); // the reconnect asks while the first is still running
    answer();
    await first;
    expect(applied).toEqual([1, 2, 3, 4]);
  });
});

describe('change feed past the replay cap', () => {
  it("stops and reports the server's reload message instead of applying anything", async () => {
    const applied: number[] = [];
    const reloads: string[] = [];
    let fetches = 0;
    const feed = createChangeFeed({
      since: 3,
      apply: (c) => applied.push(c.event.seq),
      fetchSince: () => {
        fetches++;
        return Promise.resolve({ changes: [], latest: 20_000, more: false, reload: true, message: 'Too much changed while you were away.' });
      },
      onReload: (m) => reloads.push(m),
    });
    feed.receive(change(20_000)); // a live push far ahead: the gap asks for a replay
    await feed.sync();
    expect(applied).toEqual([]);
    expect(feed.lastSeq()).toBe(3);
    expect(reloads[0]).toBe('Too much changed while you were away.');
    expect(fetches).toBeLessThanOrEqual(2); // no retry loop against the server
  });
});
