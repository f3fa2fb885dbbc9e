// The lock that serialises every change of story membership: grouping on
// import and editor decisions both take it (pg_advisory_xact_lock) before they
// read the stories they change, so a decision and an import cannot both act
// on what the other is about to change. Taken after IMPORT_LOCK, before the
// audit chain lock, always in that order.
import 'server-only';
import type { Tx } from '../../db';

export const STORY_LOCK = 7_310_021;

export async function lockStories(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${STORY_LOCK})`;
}

/**
 * The same lock, shared: for changes that keep a story's counts in step
 * without changing who is in it (a verdict adjusts stories.decided). They do
 * not wait for each other, only for membership changes, which recount.
 */
export async function lockStoriesShared(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(${STORY_LOCK})`;
}
