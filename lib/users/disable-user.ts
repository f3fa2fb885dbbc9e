// Disabling an account: it can no longer sign in, its sessions are revoked
// (they stop working at the next request), and its open sockets on every app
// server are closed as soon as this commits (NOTIFY). Audited.
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import { SYSTEM_ACTOR } from '../validation/audit-events';
import { canManageUsers, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import { notifySessionEnded } from '../realtime/session-ended';
import { revokeLinksIssuedBy } from './revoke-issued-links';

/** The entry point has parsed `email` with emailSchema (trimmed, lower-case). */
export type DisableUserOptions = { actor: Actor | null; email: string };

export async function disableUser(options: DisableUserOptions) {
  if (options.actor && !canManageUsers(options.actor)) throw new AppError('forbidden', 'Only editors can disable accounts.');
  const { email } = options;
  const { user, event } = await db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email } });
    if (!existing) throw new AppError('not_found', `No account for ${email}.`);
    if (existing.disabledAt) throw new AppError('conflict', `${email} is already disabled.`);
    if (options.actor?.id === existing.id) throw new AppError('invalid_input', 'You cannot disable your own account.');
    const disabledAt = new Date();
    const user = await tx.user.update({ where: { id: existing.id }, data: { disabledAt } });
    // Revoked, not only refused while disabled: re-enabling the account later
    // must not bring the old cookies back.
    await tx.session.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: disabledAt } });
    const linksRevoked = await revokeLinksIssuedBy(tx, user.id, disabledAt);
    await notifySessionEnded(tx, { userId: user.id, reason: 'disabled' });
    const event = await appendAuditEvent(tx, {
      ...(options.actor ? { actorId: options.actor.id, actorLabel: options.actor.email } : SYSTEM_ACTOR),
      action: 'user.disabled',
      before: { userId: user.id, email: user.email, disabledAt: null },
      after: { userId: user.id, email: user.email, disabledAt: disabledAt.toISOString(), linksRevoked },
    });
    return { user, event };
  });
  publishChange(event, options.actor ? { actorName: options.actor.displayName } : {});
  return user;
}
