// Token buckets, one per key (an account), kept in this process's memory. With
// several app servers behind a load balancer each server keeps its own, so an
// account's allowance is this limit per server it is connected to.

import 'server-only';

export type RateLimit = { capacity: number; refillPerSecond: number };
export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

type Bucket = { tokens: number; at: number };

// Beyond this many keys, buckets that have refilled completely (idle accounts)
// are dropped: they carry no information.
const PRUNE_ABOVE = 10_000;

export function createRateLimiter(limit: RateLimit, now: () => number = Date.now) {
  const buckets = new Map<string, Bucket>();

  const refill = (bucket: Bucket, t: number) => {
    bucket.tokens = Math.min(limit.capacity, bucket.tokens + ((t - bucket.at) / 1000) * limit.refillPerSecond);
    bucket.at = t;
  };

  const prune = (t: number) => {
    for (const [key, bucket] of buckets) {
      refill(bucket, t);
      if (bucket.tokens >= limit.capacity) buckets.delete(key);
    }
  };

  return {
    /** Takes `cost` tokens from key's bucket, or says how long until it could. */
    take(key: string, cost = 1): Taken {
      const t = now();
      if (buckets.size > PRUNE_ABOVE) prune(t);
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = { tokens: limit.capacity, at: t };
        buckets.set(key, bucket);
      }
      refill(bucket, t);
      if (bucket.tokens >= cost) {
        bucket.tokens -= cost;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((cost - bucket.tokens) / limit.refillPerSecond)) };
    },
    /** How many accounts it holds buckets for. */
    size: () => buckets.size,
  };
}
