// At most MAX_CONCURRENT_IMPORTS import or preview requests per account at a
// time, per app process (issue 29): one account cannot queue dozens of heavy
// parses in the worker pool while everyone else's imports wait behind them.
import 'server-only';
import { AppError } from '../errors';

export const MAX_CONCURRENT_IMPORTS = 2;
/** Sent as Retry-After: about as long as a batch of pages takes. */
export const IMPORT_RETRY_AFTER_SECONDS = 5;

// On globalThis: Next can load this module in more than one chunk, and a count kept twice is no cap.
const holder = globalThis as typeof globalThis & { __factdeskImportsRunning?: Map<string, number> };
const running = (holder.__factdeskImportsRunning ??= new Map<string, number>());

/** Takes one of the account's import slots, or refuses with 429 when all are in use; `release` is idempotent. */
export function takeImportSlot(accountId: string): { release: () => void } {
  const used = running.get(accountId) ?? 0;
  if (used >= MAX_CONCURRENT_IMPORTS) {
    throw new AppError('rate_limited', `You already have ${MAX_CONCURRENT_IMPORTS} imports in progress. Wait for one to finish, then try again.`, {
      retryAfterSeconds: IMPORT_RETRY_AFTER_SECONDS,
    });
  }
  running.set(accountId, used + 1);
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      const left = (running.get(accountId) ?? 1) - 1;
      if (left > 0) running.set(accountId, left);
      else running.delete(accountId);
    },
  };
}
