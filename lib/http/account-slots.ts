// A per-account cap on heavy requests in flight, per app process: one signed-in
// account cannot hold the database, the event loop or the worker pool with
// dozens of parallel exports or imports while everyone else waits.
import 'server-only';
import { AppError } from '../errors';

export type AccountSlot = { release: () => void };

export type AccountSlots = {
  /** Takes one of the account's slots, or refuses with 429 and Retry-After when all are in use; `release` is idempotent. */
  take: (accountId: string) => AccountSlot;
  /** Slots in use by the account in this process (tests and diagnostics). */
  inUse: (accountId: string) => number;
};

type SlotsOptions = {
  /** Names the counter on globalThis: Next can load a module in more than one chunk, and a count kept twice is no cap. */
  key: string;
  max: number;
  retryAfterSeconds: number;
  /** The sentence a refused request gets. */
  refusal: string;
};

const holder = globalThis as typeof globalThis & { __factdeskAccountSlots?: Map<string, Map<string, number>> };

export function accountSlots({ key, max, retryAfterSeconds, refusal }: SlotsOptions): AccountSlots {
  const all = (holder.__factdeskAccountSlots ??= new Map<string, Map<string, number>>());
  const counts = all.get(key) ?? new Map<string, number>();
  all.set(key, counts);
  return {
    take: (accountId) => {
      const used = counts.get(accountId) ?? 0;
      if (used >= max) throw new AppError('rate_limited', refusal, { retryAfterSeconds });
      counts.set(accountId, used + 1);
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          const left = (counts.get(accountId) ?? 1) - 1;
          if (left > 0) counts.set(accountId, left);
          else counts.delete(accountId);
        },
      };
    },
    inUse: (accountId) => counts.get(accountId) ?? 0,
  };
}
