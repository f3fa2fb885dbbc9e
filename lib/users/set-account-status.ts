// Disables or re-enables an account from the People page. Disabling revokes
// every session (a copied cookie stops working) and closes the person's
// sockets on every server once it commits; it answers with the claims still
// assigned to them, for reassignment. The last active editor stays.
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import { canManageUsers, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import { notifySessionEnded } from '../realtime/session-ended';
import { actorExtra, actorFields } from './account-label';
import { assertAnotherEditor, LAST_EDITOR_MESSAGE } from './last-editor';
import { revokeLinksIssuedBy } from './revoke-issued-links';

export type SetAccountStatusOptions = { actor: Actor | null; userId: string; disabled: boolean; requestId?: string | null };
export type AssignedClaim = { id: string; title: string };

export async function setAccountStatus(options: SetAccountStatusOptions): Promise<{ userId: string; disabled: boolean; assigned: AssignedClaim[] }> {
  const { actor } = options;
  if (actor && !canManageUsers(actor)) throw new AppError('forbidden', 'Only editors can disable or re-enable accounts.');
  const { event, assigned } = await db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { id: options.userId } });
    if (!existing) throw new AppError('not_found', 'No such account.');
    const now = new Date();
    if (!options.disabled) {
      if (!existing.disabledAt) throw new AppError('conflict', `${existing.email} is already active.`);
      await tx.user.update({ where: { id: existing.id }, data: { disabledAt: null } });
      const event = await appendAuditEvent(tx, {
        ...actorFields(actor),
        requestId: options.requestId ?? null,
        action: 'user.enabled',
        before: { userId: existing.id, email: existing.email, disabledAt: existing.disabledAt.toISOString() },
        after: { userId: existing.id, email: existing.email, disabledAt: null },
      });
      return { event, assigned: [] };
    }
    if (existing.disabledAt) throw new AppError('conflict', `${existing.email} is already disabled.`);
    if (actor?.id === existing.id)
      throw new AppError('invalid_input', `You cannot disable your own account. ${existing.role === 'editor' ? LAST_EDITOR_MESSAGE : ''}`.trim());
    if (existing.role === 'editor') await assertAnotherEditor(tx, { losing: existing.id });
    await tx.user.update({ where: { id: existing.id }, data: { disabledAt: now } });
    // Revoked, not only refused while disabled: re-enabling later must not bring old cookies back.
    await tx.session.updateMany({ where: { userId: existing.id, revokedAt: null }, data: { revokedAt: now } });
    // Links handed out for them stop working too.
    await tx.invitation.updateMany({ where: { email: existing.email, usedAt: null, revokedAt: null }, data: { revokedAt: now } });
    // …and so do the links they handed out to others.
    const linksRevoked = await revokeLinksIssuedBy(tx, existing.id, now);
    await notifySessionEnded(tx, { userId: existing.id, reason: 'disabled' });
    const assigned = await tx.claim.findMany({
      where: { assigneeId: existing.id, status: 'unreviewed' },
      select: { id: true, title: true },
      orderBy: { updatedAt: 'desc' },
      take: 200,
    });
    const event = await appendAuditEvent(tx, {
      ...actorFields(actor),
      requestId: options.requestId ?? null,
      action: 'user.disabled',
      before: { userId: existing.id, email: existing.email, disabledAt: null },
      after: { userId: existing.id, email: existing.email, disabledAt: now.toISOString(), linksRevoked },
    });
    return { event, assigned };
  });
  publishChange(event, actorExtra(actor));
  return { userId: options.userId, disabled: options.disabled, assigned };
}
