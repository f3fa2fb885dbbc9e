// Someone changes their own password: the current one is required, the new
// one must pass the strength rule, and every other session of the account
// ends (the one they are using stays signed in).
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import { hashPassword, verifyPassword } from '../auth/password';
import { assertStrongPassword } from '../auth/password-strength';
import type { Actor } from '../auth/permissions';
import { db } from '../db';
import { fieldError } from '../errors';
import { publishChange } from '../realtime/publish';
import { notifySessionEnded } from '../realtime/session-ended';

/** `currentSessionId`: the session row making the request, which stays. */
export type ChangePasswordOptions = { actor: Actor; currentSessionId: string; current: string; next: string; requestId?: string | null };

export async function changePassword(options: ChangePasswordOptions): Promise<{ sessionsEnded: number }> {
  const { actor } = options;
  const user = await db.user.findUnique({ where: { id: actor.id }, select: { passwordHash: true } });
  if (!user || !(await verifyPassword(user.passwordHash, options.current))) {
    throw fieldError('current', 'Your current password is not right.');
  }
  if (options.next === options.current) {
    throw fieldError('next', 'Choose a password different from the current one.');
  }
  await assertStrongPassword(options.next, [actor.email, actor.displayName], 'next');
  const passwordHash = await hashPassword(options.next);
  const { event, count } = await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: actor.id }, data: { passwordHash } });
    const { count } = await tx.session.updateMany({
      where: { userId: actor.id, revokedAt: null, id: { not: options.currentSessionId } },
      data: { revokedAt: new Date() },
    });
    await notifySessionEnded(tx, { userId: actor.id, exceptSessionId: options.currentSessionId, reason: 'password_changed' });
    const event = await appendAuditEvent(tx, {
      actorId: actor.id,
      actorLabel: actor.email,
      requestId: options.requestId ?? null,
      action: 'user.password_changed',
      after: { userId: actor.id, email: actor.email, sessionsEnded: count },
    });
    return { event, count };
  });
  publishChange(event, { actorName: actor.displayName });
  return { sessionsEnded: count };
}
