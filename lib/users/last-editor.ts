// The desk must keep one active editor: nobody else can manage people.
import 'server-only';
import { type Actor, canManageUsers } from '../auth/permissions';
import { db, type Tx } from '../db';
import { AppError } from '../errors';

export const LAST_EDITOR_MESSAGE = 'You are the last active editor: make someone else an editor first, so the desk keeps one.';

/**
 * Refuses a change that would leave no active editor. Takes the editors' rows
 * FOR UPDATE, so two editors demoting each other at once cannot both succeed.
 */
export async function assertAnotherEditor(tx: Tx, options: { losing: string }) {
  const editors = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM users WHERE role = 'editor' AND disabled_at IS NULL ORDER BY id FOR UPDATE`;
  if (!editors.some((e) => e.id !== options.losing)) throw new AppError('conflict', LAST_EDITOR_MESSAGE);
}

/**
 * Whether `actor` is the desk's only active editor, so the People page can say
 * why their own role and status controls are off. A read, not a lock:
 * assertAnotherEditor decides when a change is actually made.
 */
export async function isOnlyActiveEditor(actor: Actor): Promise<boolean> {
  if (!canManageUsers(actor)) return false;
  const others = await db.user.count({ where: { role: 'editor', disabledAt: null, id: { not: actor.id } } });
  return others === 0;
}
