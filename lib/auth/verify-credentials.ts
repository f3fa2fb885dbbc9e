// The login rule: throttle, look up, verify, audit — in one transaction per attempt.
import { db } from '../db';
import { appendAuditEvent } from '../audit/append-audit-event';
import type { AuditEventRecord } from '../audit/events';
import { publishChange } from '../realtime/publish';
import { AppError } from '../errors';
import { credentialsSchema } from '../validation/users';
import { burnPasswordCheck, verifyPassword } from './password';
import { accountKey, addressKey, clearFailures, lockedMinutes, recordFailure, THROTTLE } from './login-throttle';
import type { Actor } from './permissions';

export const GENERIC_LOGIN_ERROR = 'Email or password is incorrect.';

export async function verifyCredentials(input: {
  email: unknown;
  password: unknown;
  ip: string;
  requestId?: string | null;
}): Promise<Actor> {
  const parsed = credentialsSchema.safeParse({ email: input.email, password: input.password });
  if (!parsed.success) throw new AppError('unauthenticated', GENERIC_LOGIN_ERROR);
  const { email, password } = parsed.data;
  const keys = [accountKey(email), addressKey(input.ip)];

  const wait = await lockedMinutes(db, keys);
  if (wait > 0) {
    // Attempts during a lock are refused without checking the password, and
    // still audited: continued guessing shows in the trail.
    const event = await db.$transaction((tx) =>
      appendAuditEvent(tx, {
        action: 'auth.login_failed',
        actorId: null,
        actorLabel: email,
        after: { ip: input.ip, reason: 'locked', lockedMinutes: wait },
        requestId: input.requestId ?? null,
      }),
    );
    publishChange(event, {});
    throw new AppError('rate_limited', `Too many failed sign-in attempts. Try again in ${wait} minute${wait === 1 ? '' : 's'}.`);
  }

  const user = await db.user.findUnique({ where: { email } });
  const passwordOk = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
  const ok = user !== null && passwordOk && user.disabledAt === null;

  // The failure is recorded (and committed) before the error is thrown.
  let event: AuditEventRecord | undefined;
  const actor = await db.$transaction(async (tx): Promise<Actor | null> => {
    if (!ok) {
      const account = await recordFailure(tx, keys[0]!, THROTTLE.maxFailuresPerAccount);
      const address = await recordFailure(tx, keys[1]!, THROTTLE.maxFailuresPerAddress);
      event = await appendAuditEvent(tx, {
        action: 'auth.login_failed',
        actorId: user?.id ?? null,
        actorLabel: email,
        after: {
          ip: input.ip,
          reason: !user ? 'unknown_account' : user.disabledAt ? 'disabled' : 'wrong_password',
          accountFailures: account.failures,
          locked: account.locked || address.locked,
        },
        requestId: input.requestId ?? null,
      });
      return null;
    }
    await clearFailures(tx, keys[0]!);
    event = await appendAuditEvent(tx, {
      action: 'auth.login_succeeded',
      actorId: user.id,
      actorLabel: user.email,
      after: { ip: input.ip },
      requestId: input.requestId ?? null,
    });
    return { id: user.id, email: user.email, role: user.role, displayName: user.displayName };
  });
  if (event) publishChange(event, actor ? { actorName: actor.displayName } : {});
  if (!actor) throw new AppError('unauthenticated', GENERIC_LOGIN_ERROR);
  return actor;
}
