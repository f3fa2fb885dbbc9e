// The person behind a link chooses a password. An invitation creates their
// account; a reset replaces the password and ends every session of the
// account. The link is spent in the same transaction (a second use, even a
// concurrent one, finds it used), and the change is audited with them as actor.
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import { hashPassword } from '../auth/password';
import { assertStrongPassword } from '../auth/password-strength';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import { notifySessionEnded } from '../realtime/session-ended';
import { hashInvitationToken } from './invitation-token';
import { LINK_STATE_MESSAGES, linkStateOf, withIssuer } from './open-invitation';

/** `token` and `password` as the client sent them; checked here. */
export type AcceptInvitationOptions = { token: string; password: string; requestId?: string | null };

export async function acceptInvitation(options: AcceptInvitationOptions): Promise<{ email: string; kind: 'invite' | 'reset' }> {
  const tokenHash = hashInvitationToken(options.token);
  const row = await db.invitation.findUnique({ where: { tokenHash }, include: withIssuer });
  const state = linkStateOf(row, options.token);
  if (state.state !== 'valid' || !row)
    throw new AppError(state.state === 'unknown' ? 'not_found' : 'conflict', LINK_STATE_MESSAGES[state.state === 'valid' ? 'unknown' : state.state]);
  await assertStrongPassword(options.password, [row.email, row.displayName]);
  const passwordHash = await hashPassword(options.password);
  // Named in the audit row: who vouched for this account or password.
  const issuer = { issuedById: row.createdById, issuedBy: row.createdBy?.email ?? null };

  const event = await db.$transaction(async (tx) => {
    const now = new Date();
    // Spends the link unless someone else did in the meantime, or its issuer
    // was disabled or demoted since it was read (that revokes it, in a
    // transaction this conditional update waits for).
    const spent = await tx.invitation.updateMany({
      where: { id: row.id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (spent.count !== 1) throw new AppError('conflict', LINK_STATE_MESSAGES.used);
    if (row.kind === 'invite') {
      if (!row.role) throw new AppError('internal', 'An invitation without a role.');
      if (await tx.user.findUnique({ where: { email: row.email }, select: { id: true } })) {
        throw new AppError('conflict', `${row.email} already has an account. Sign in instead.`);
      }
      const user = await tx.user.create({ data: { email: row.email, displayName: row.displayName, role: row.role, passwordHash } });
      await tx.invitation.update({ where: { id: row.id }, data: { userId: user.id } });
      const event = await appendAuditEvent(tx, {
        actorId: user.id,
        actorLabel: user.email,
        requestId: options.requestId ?? null,
        action: 'user.invitation_accepted',
        after: { userId: user.id, email: user.email, role: user.role, invitationId: row.id, ...issuer },
      });
      return event;
    }
    const user = row.userId ? await tx.user.findUnique({ where: { id: row.userId } }) : null;
    if (!user || user.disabledAt) throw new AppError('conflict', LINK_STATE_MESSAGES.replaced);
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    const { count } = await tx.session.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: now } });
    await notifySessionEnded(tx, { userId: user.id, reason: 'password_changed' });
    const event = await appendAuditEvent(tx, {
      actorId: user.id,
      actorLabel: user.email,
      requestId: options.requestId ?? null,
      action: 'user.password_reset',
      after: { userId: user.id, email: user.email, invitationId: row.id, sessionsEnded: count, ...issuer },
    });
    return event;
  });
  publishChange(event, { actorName: row.displayName });
  return { email: row.email, kind: row.kind };
}
