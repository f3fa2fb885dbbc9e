// An editor changes someone's role. It takes effect on their next request and
// socket event (every request re-reads the account); the live change tells
// their open pages to re-render. The last active editor cannot be demoted.
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import { canManageUsers, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import type { Role } from '../validation/users';
import { actorExtra, actorFields } from './account-label';
import { assertAnotherEditor } from './last-editor';
import { revokeLinksIssuedBy } from './revoke-issued-links';

export type ChangeRoleOptions = { actor: Actor; userId: string; role: Role; requestId?: string | null };

export async function changeRole(options: ChangeRoleOptions) {
  const { actor, role } = options;
  if (!canManageUsers(actor)) throw new AppError('forbidden', 'Only editors can change roles.');
  const { user, event } = await db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { id: options.userId } });
    if (!existing) throw new AppError('not_found', 'No such account.');
    if (existing.role === role) throw new AppError('conflict', `${existing.email} is already ${role === 'editor' ? 'an' : 'a'} ${role}.`);
    if (existing.role === 'editor' && !existing.disabledAt) await assertAnotherEditor(tx, { losing: existing.id });
    const user = await tx.user.update({ where: { id: existing.id }, data: { role } });
    // Only editors issue links: one who stops being an editor takes theirs back.
    const linksRevoked = existing.role === 'editor' ? await revokeLinksIssuedBy(tx, existing.id, new Date()) : 0;
    const event = await appendAuditEvent(tx, {
      ...actorFields(actor),
      requestId: options.requestId ?? null,
      action: 'user.role_changed',
      before: { userId: existing.id, email: existing.email, role: existing.role },
      after: { userId: user.id, email: user.email, role: user.role, linksRevoked },
    });
    return { user, event };
  });
  publishChange(event, actorExtra(actor));
  return user;
}
