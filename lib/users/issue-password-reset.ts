// An editor issues a password reset link for an active account. The old
// password keeps working until the link is used (a reset is not a lockout).
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import { canManageUsers, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import type { IssuedLink } from '../validation/users';
import { actorExtra, actorFields } from './account-label';
import { invitationPath } from './invitation-token';
import { issueLink } from './issue-link';

export type IssuePasswordResetOptions = { actor: Actor; userId: string; requestId?: string | null };

export async function issuePasswordReset(options: IssuePasswordResetOptions): Promise<IssuedLink> {
  const { actor } = options;
  if (!canManageUsers(actor)) throw new AppError('forbidden', 'Only editors can reset passwords.');
  const { token, row, event } = await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: options.userId } });
    if (!user) throw new AppError('not_found', 'No such account.');
    if (user.disabledAt) throw new AppError('conflict', `${user.email} is disabled: re-enable the account before resetting its password.`);
    const { token, row, replaced } = await issueLink(tx, {
      kind: 'reset',
      email: user.email,
      displayName: user.displayName,
      role: null,
      userId: user.id,
      createdById: actor.id,
    });
    const event = await appendAuditEvent(tx, {
      ...actorFields(actor),
      requestId: options.requestId ?? null,
      action: 'user.password_reset_issued',
      after: { invitationId: row.id, userId: user.id, email: user.email, expiresAt: row.expiresAt.toISOString(), replaced },
    });
    return { token, row, event };
  });
  publishChange(event, actorExtra(actor));
  return { path: invitationPath(token), expiresAt: row.expiresAt.toISOString(), email: row.email };
}
