// A component that mounts after the page applied some changes gets the ones
// after its data replayed, or is told to fetch again when they are gone.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createChangeFeed } from '../../lib/realtime/change-feed';
import type { DeskChange } from '../../lib/realtime/events';
import { createRecentChanges } from '../../lib/realtime/recent-changes';

const change = (seq: number): DeskChange => ({
  event: { seq, at: '', actorId: null, actorLabel: 'x', action: 'auth.login_succeeded', claimId: null, before: null, after: { ip: '127.0.0.1' }, reason: null },
});
const seqs = (changes: DeskChange[]) => changes.map((c) => c.event.seq);

describe('recent changes', () => {
  it('replays the changes after the subscriber’s data, oldest first', () => {
    const recent = createRecentChanges({ from: 10, limit: 100 });
    for (const seq of [11, 12, 13, 14]) recent.push(change(seq));
    expect(recent.after(12)).toEqual({ changes: [change(13), change(14)], complete: true });
    expect(seqs(recent.after(10).changes)).toEqual([11, 12, 13, 14]);
    expect(recent.after(14)).toEqual({ changes: [], complete: true });
  });

  it('says the replay is incomplete for data older than the page load', () => {
    const recent = createRecentChanges({ from: 10, limit: 100 });
    recent.push(change(11));
    // The page read its data at 8, the page load at 10: 9 and 10 were never applied here.
    expect(recent.after(8).complete).toBe(false);
    expect(recent.after(9).complete).toBe(false);
    expect(recent.after(10).complete).toBe(true);
  });

  it('says the replay is incomplete once the changes after `since` were dropped', () => {
    const recent = createRecentChanges({ from: 0, limit: 3 });
    for (let seq = 1; seq <= 5; seq++) recent.push(change(seq));
    expect(seqs(recent.after(2).changes)).toEqual([3, 4, 5]);
    expect(recent.after(2).complete).toBe(true);
    expect(recent.after(1).complete).toBe(false);
  });

  it('never loses a change: data at s plus the replay after s is every change the page applied', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 30 }), async (load, count, limit) => {
        const recent = createRecentChanges({ from: load, limit });
        const applied: number[] = [];
        const feed = createChangeFeed({
          since: load,
          apply: (c) => {
            applied.push(c.event.seq);
            recent.push(c);
          },
          fetchSince: (since) =>
            Promise.resolve({
              changes: Array.from({ length: count }, (_, i) => change(load + 1 + i)).filter((c) => c.event.seq > since),
              latest: load + count,
              more: false,
            }),
        });
        await feed.sync();
        for (let data = load; data <= load + count; data++) {
          const { changes, complete } = recent.after(data);
          if (complete) expect(seqs(changes)).toEqual(applied.filter((s) => s > data));
          else expect(load + count - data).toBeGreaterThan(limit);
        }
      }),
    );
  });
});
