// The socket events' token bucket (lib/realtime/rate-limit.ts), on a fake clock.
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../lib/realtime/rate-limit';

describe('rate limiter', () => {
  it('allows a burst of `capacity`, then `refillPerSecond`, per key, and says when to come back', () => {
    let t = 0;
    const limiter = createRateLimiter({ capacity: 6, refillPerSecond: 2 }, () => t);
    const burst = Array.from({ length: 10 }, () => limiter.take('a').ok);
    expect(burst.filter(Boolean)).toHaveLength(6);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take('a', 5)).toEqual({ ok: false, retryAfterSeconds: 3 });
    expect(limiter.take('b').ok).toBe(true); // another account has its own bucket
    t += 1000;
    expect([limiter.take('a').ok, limiter.take('a').ok, limiter.take('a').ok]).toEqual([true, true, false]);
    t += 60_000;
    expect(Array.from({ length: 7 }, () => limiter.take('a').ok).filter(Boolean)).toHaveLength(6); // never more than capacity
  });

  it('a cost larger than the bucket can never pass, and says so with a finite wait', () => {
    const limiter = createRateLimiter({ capacity: 2, refillPerSecond: 1 }, () => 0);
    const r = limiter.take('a', 3);
    expect(r.ok).toBe(false);
    expect(r.ok ? 0 : r.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('forgets idle accounts once it holds many, so memory stays bounded', () => {
    let t = 0;
    const limiter = createRateLimiter({ capacity: 1, refillPerSecond: 1 }, () => t);
    for (let i = 0; i < 10_001; i++) limiter.take(`k${i}`);
    expect(limiter.size()).toBe(10_001);
    limiter.take('busy');
    t += 5_000;
    limiter.take('new'); // prunes the buckets that have refilled
    expect(limiter.size()).toBe(1);
    // A pruned account starts from a full bucket again, which is what it had.
    expect(limiter.take('k1').ok).toBe(true);
  });
});
