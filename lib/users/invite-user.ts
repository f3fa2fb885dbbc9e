// An editor invites someone: a single-use link, valid for 72 hours, that lets
// them choose a password. The account is created when they accept.
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import { canManageUsers, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import type { InviteInput, IssuedLink } from '../validation/users';
import { actorExtra, actorFields } from './account-label';
import { invitationPath } from './invitation-token';
import { issueLink } from './issue-link';

/** `invite` was parsed with inviteInputSchema. `actor: null` is the CLI. */
export type InviteUserOptions = { actor: Actor | null; invite: InviteInput; requestId?: string | null };

export async function inviteUser(options: InviteUserOptions): Promise<IssuedLink> {
  const { actor, invite } = options;
  if (actor && !canManageUsers(actor)) throw new AppError('forbidden', 'Only editors can invite people.');
  const { token, row, event } = await db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email: invite.email }, select: { disabledAt: true } });
    if (existing) {
      throw new AppError(
        'conflict',
        existing.disabledAt ? `${invite.email} already has an account, which is disabled: re-enable it instead.` : `${invite.email} already has an account.`,
      );
    }
    const { token, row, replaced } = await issueLink(tx, {
      kind: 'invite',
      email: invite.email,
      displayName: invite.displayName,
      role: invite.role,
      userId: null,
      createdById: actor?.id ?? null,
    });
    const event = await appendAuditEvent(tx, {
      ...actorFields(actor),
      requestId: options.requestId ?? null,
      action: 'user.invited',
      after: { invitationId: row.id, email: row.email, displayName: row.displayName, role: invite.role, expiresAt: row.expiresAt.toISOString(), replaced },
    });
    return { token, row, event };
  });
  publishChange(event, actorExtra(actor));
  return { path: invitationPath(token), expiresAt: row.expiresAt.toISOString(), email: row.email };
}
