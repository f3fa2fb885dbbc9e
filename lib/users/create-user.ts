// Creates an account (argon2id hash), audited in the same transaction.
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import { publishChange } from '../realtime/publish';
import { SYSTEM_ACTOR } from '../validation/audit-events';
import { hashPassword } from '../auth/password';
import { canManageUsers, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import type { NewUser } from '../validation/users';

/** The entry point (CLI, seed) has parsed `user` with newUserSchema. `actor: null` is the system. */
export type CreateUserOptions = { actor: Actor | null; user: NewUser };

export async function createUser(options: CreateUserOptions) {
  if (options.actor && !canManageUsers(options.actor)) throw new AppError('forbidden', 'Only editors can create accounts.');
  const input = options.user;
  const passwordHash = await hashPassword(input.password);
  const { user, event } = await db.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email: input.email } })) {
      throw new AppError('conflict', `An account for ${input.email} already exists.`);
    }
    const user = await tx.user.create({
      data: { email: input.email, displayName: input.displayName, role: input.role, passwordHash },
    });
    const event = await appendAuditEvent(tx, {
      ...(options.actor ? { actorId: options.actor.id, actorLabel: options.actor.email } : SYSTEM_ACTOR),
      action: 'user.created',
      after: { userId: user.id, email: user.email, role: user.role },
    });
    return { user, event };
  });
  publishChange(event, options.actor ? { actorName: options.actor.displayName } : {});
  return user;
}
