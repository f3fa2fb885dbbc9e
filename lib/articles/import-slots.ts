// At most MAX_CONCURRENT_IMPORTS import or preview requests per account at a
// time, per app process: one account cannot queue dozens of heavy parses in
// the worker pool while everyone else's imports wait behind them.
import 'server-only';
import { type AccountSlot, accountSlots } from '../http/account-slots';
import { MAX_CONCURRENT_IMPORTS } from '../validation/articles';

/** Sent as Retry-After: about as long as a batch of pages takes. */
export const IMPORT_RETRY_AFTER_SECONDS = 5;

const slots = accountSlots({
  key: 'imports',
  max: MAX_CONCURRENT_IMPORTS,
  retryAfterSeconds: IMPORT_RETRY_AFTER_SECONDS,
  refusal: `You already have ${MAX_CONCURRENT_IMPORTS} imports in progress. Wait for one to finish, then try again.`,
});

/** Takes one of the account's import slots, or refuses with 429 when all are in use; `release` is idempotent. */
export function takeImportSlot(accountId: string): AccountSlot {
  return slots.take(accountId);
}
