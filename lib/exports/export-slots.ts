// At most MAX_CONCURRENT_EXPORTS exports per account at a time, per app process:
// one signed-in account cannot hold the database and the event loop with
// dozens of parallel exports. The slot is held until the download ends, fails
// or is abandoned by the client, whichever comes first.
import 'server-only';
import { finished, type Readable } from 'node:stream';
import { type AccountSlot, accountSlots } from '../http/account-slots';

export const MAX_CONCURRENT_EXPORTS = 2;
/** Sent as Retry-After: long enough for a typical export to finish. */
export const EXPORT_RETRY_AFTER_SECONDS = 5;

const slots = accountSlots({
  key: 'exports',
  max: MAX_CONCURRENT_EXPORTS,
  retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS,
  refusal: `You already have ${MAX_CONCURRENT_EXPORTS} exports running. Wait for one to finish, then try again.`,
});

export type ExportSlot = AccountSlot;

/** Takes one of the account's slots, or refuses with 429 when all are in use. */
export function takeExportSlot(accountId: string): ExportSlot {
  return slots.take(accountId);
}

/** Releases the slot when the body has been read to the end, has failed, or was destroyed (client gone). */
export function releaseWhenDone(body: Readable, slot: ExportSlot): Readable {
  finished(body, () => slot.release());
  return body;
}

/** For tests and diagnostics: exports running for the account in this process. */
export function runningExports(accountId: string): number {
  return slots.inUse(accountId);
}
