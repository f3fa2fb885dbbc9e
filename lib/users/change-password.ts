// Someone changes their own password: the current one is required, the new
// one must pass the strength rule, and every other session of the account
// ends (the one they are using stays signed in). The current password is tried
// under the sign-in throttle and audited like a sign-in, and the new one is
// judged first: only the current password decides between one refusal and success.
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import { hashPassword, verifyPassword } from '../auth/password';
import { throttledAttempt } from '../auth/throttled-attempt';
import { assertStrongPassword } from '../auth/password-strength';
import type { Actor } from '../auth/permissions';
import { db } from '../db';
import { fieldError } from '../errors';
import { publishChange } from '../realtime/publish';
import { notifySessionEnded } from '../realtime/session-ended';

/** The one answer to a wrong current password, whatever else the request held. */
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';

/** `currentSessionId`: the session row making the request, which stays; `ip`: the client, for the throttle. */
export type ChangePasswordOptions = { actor: Actor; currentSessionId: string; current: string; next: string; ip: string; requestId?: string | null };

export async function changePassword(options: ChangePasswordOptions): Promise<{ sessionsEnded: number }> {
  const { actor } = options;
  // Judged before the current password is tried, so these answers say nothing about it.
  if (options.next === options.current) {
    throw fieldError('next', 'Choose a password different from the current one.');
  }
  await assertStrongPassword(options.next, [actor.email, actor.displayName], 'next');
  const right = await throttledAttempt({
    email: actor.email,
    ip: options.ip,
    requestId: options.requestId ?? null,
    via: 'password_change',
    evaluate: async () => {
      const user = await db.user.findUnique({ where: { id: actor.id }, select: { passwordHash: true } });
      const ok = user !== null && (await verifyPassword(user.passwordHash, options.current));
      return ok ? { ok: true, value: true } : { ok: false, actorId: actor.id, reason: 'wrong_password' };
    },
  });
  if (!right) throw fieldError('current', WRONG_CURRENT_PASSWORD);
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
