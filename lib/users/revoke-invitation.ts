// An editor withdraws a link nobody has used yet: an invitation (sent to the
// wrong address, or no longer wanted) or a password-reset link (issue 29: one
// they did not expect to see pending). It stops working at once.
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
    const row = await tx.invitation.findUnique({ where: { id: options.invitationId }, include: { user: { select: { role: true } } } });
    // A reset keeps the account's role; the audit row names it like an invitation's.
    const role = row?.kind === 'reset' ? row.user?.role : row?.role;
    if (!row || !role) throw new AppError('not_found', 'No such invitation or reset link.');
    const what = row.kind === 'reset' ? `The password-reset link of ${row.email}` : `The invitation of ${row.email}`;
    const now = new Date();
    // Only a link still pending: accepted, replaced or expired ones are history.
    const { count } = await tx.invitation.updateMany({
      where: { id: row.id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { revokedAt: now },
    });
    if (count !== 1) throw new AppError('conflict', `${what} is no longer pending: it was used, replaced or has expired.`);
    return appendAuditEvent(tx, {
      ...actorFields(actor),
      requestId: options.requestId ?? null,
      action: 'user.invitation_revoked',
      before: {
        invitationId: row.id,
        email: row.email,
        displayName: row.displayName,
        role,
        expiresAt: row.expiresAt.toISOString(),
        ...(row.kind === 'reset' ? { kind: 'reset' as const } : {}),
      },
    });
  });
  publishChange(event, actorExtra(actor));
  return { invitationId: options.invitationId };
}
