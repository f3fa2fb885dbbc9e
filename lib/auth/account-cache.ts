// The session rows (with their accounts) this server has read recently, so a
// request or a socket event does not read them again (issue 16). Correct only
// while this server hears every change: the triggers of migration
// account_changed_notify NOTIFY `factdesk_account_changed` when a user or a
// session row changes, and server/session-ended-listener.ts LISTENs. While it
// is not listening (starting, database away, a process without the listener
// such as a CLI), the cache is off and every call reads the database.
//
// Kept on globalThis: the custom server and the bundled route handlers load
// this module separately but share one process, and must share one cache.
import 'server-only';
import { z } from '../validation/zod';
import { recordIdSchema } from '../validation/ids';

export const ACCOUNT_CHANGED_CHANNEL = 'factdesk_account_changed';

export const accountChangedSchema = z.union([z.object({ userId: recordIdSchema }).strict(), z.object({ sessionId: recordIdSchema }).strict()]);
export type AccountChanged = z.infer<typeof accountChangedSchema>;

/**
 * A backstop only: entries are dropped on notification, and this bounds how
 * long a row can be held if the database stays silent for any other reason.
 */
export const ACCOUNT_CACHE_MAX_AGE_MS = 60_000;
/** Beyond this many entries the oldest go first (Map keeps insertion order). */
const MAX_ENTRIES = 10_000;

type Row = { id: string; userId: string };
type Entry = { row: Row; at: number };
/**
 * Resolves once every change committed before the call has been heard (a
 * round trip on the LISTEN connection: PostgreSQL delivers the notifications
 * committed before a statement ahead of its answer). Rejects when it cannot tell.
 */
export type Barrier = () => Promise<void>;
type Cache = { live: boolean; generation: number; entries: Map<string, Entry>; barrier: Barrier | null };

declare global {
  var __factdeskAccountCache: Cache | undefined;
}

function cache(): Cache {
  globalThis.__factdeskAccountCache ??= { live: false, generation: 0, entries: new Map(), barrier: null };
  return globalThis.__factdeskAccountCache;
}

/**
 * The row for `key` (a session's token hash or id, each with its own prefix),
 * from memory when this server holds a fresh copy, else from `load`. A row read
 * while a change was being announced is used but not kept.
 */
export async function cachedSessionRow<R extends Row>(key: string, load: () => Promise<R | null>): Promise<R | null> {
  const c = cache();
  if (c.live && c.barrier) {
    const hit = c.entries.get(key);
    if (hit && Date.now() - hit.at < ACCOUNT_CACHE_MAX_AGE_MS) {
      // A change committed just before this request may not have been heard
      // yet: wait until it has (one short round trip, shared by concurrent
      // requests), then use the row only if nothing dropped it meanwhile.
      const heard = await c.barrier().then(
        () => true,
        () => false,
      );
      if (heard && c.entries.get(key) === hit) return hit.row as R;
    } else if (hit) c.entries.delete(key);
  }
  const generation = c.generation;
  const row = await load();
  if (row && c.live && c.generation === generation) {
    const oldest = c.entries.size >= MAX_ENTRIES ? c.entries.keys().next() : null;
    if (oldest && !oldest.done) c.entries.delete(oldest.value);
    c.entries.set(key, { row, at: Date.now() });
  }
  return row;
}

/** A user or a session changed: forget every row of it. */
export function forgetAccount(changed: AccountChanged): void {
  const c = cache();
  c.generation++;
  for (const [key, { row }] of c.entries) {
    if ('userId' in changed ? row.userId === changed.userId : row.id === changed.sessionId) c.entries.delete(key);
  }
}

/** The listener is (or is no longer) hearing every change: either way, start empty. */
export function setAccountCacheLive(live: boolean, barrier: Barrier | null = null): void {
  const c = cache();
  c.generation++;
  c.entries.clear();
  c.live = live && barrier !== null;
  c.barrier = c.live ? barrier : null;
}

export function accountCacheSize(): number {
  return cache().entries.size;
}
