// An editor withdraws an invitation nobody has accepted yet (sent to the wrong
// address, or no longer wanted): its link stops working at once.
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import { canManageUsers, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import { actorExtra, actorFields } from './account-label';

export type RevokeInvitationOptions = { actor: Actor; invitationId: string; requestId?: string | null };

export async function revokeInvitation(options: RevokeInvitationOptions): Promise<{ invitationId: string }> {
  const { actor } = options;
  if (!canManageUsers(actor)) throw new AppError('forbidden', 'Only editors can withdraw invitations.');
  const event = await db.$transaction(async (tx) => {
    const row = await tx.invitation.findUnique({ where: { id: options.invitationId } });
    if (!row || row.kind !== 'invite' || !row.role) throw new AppError('not_found', 'No such invitation.');
    const now = new Date();
    // Only a link still pending: accepted, replaced or expired ones are history.
    const { count } = await tx.invitation.updateMany({
      where: { id: row.id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { revokedAt: now },
    });
    if (count !== 1) throw new AppError('conflict', `The invitation of ${row.email} is no longer pending: it was accepted, replaced or has expired.`);
    return appendAuditEvent(tx, {
      ...actorFields(actor),
      requestId: options.requestId ?? null,
      action: 'user.invitation_revoked',
      before: { invitationId: row.id, email: row.email, displayName: row.displayName, role: row.role, expiresAt: row.expiresAt.toISOString() },
    });
  });
  publishChange(event, actorExtra(actor));
  return { invitationId: options.invitationId };
}
