// The login rule: count the attempt (throttle), look up, verify, audit. The
// throttle and its audit rows are lib/auth/throttled-attempt.ts, shared with the
// current-password check of a password change.
import 'server-only';
import { db } from '../db';
import { appendAuditEvent } from '../audit/append-audit-event';
import { AppError } from '../errors';
import { ipAddressFrom, isLoopbackAddress, isNormalRequestId } from '../request-meta';
import { credentialsSchema } from '../validation/users';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { burnPasswordCheck, verifyPassword } from './password';
import type { Actor } from './permissions';
import { recorded, throttledAttempt } from './throttled-attempt';
import { toActor } from './to-actor';

const GENERIC_LOGIN_ERROR = 'Email or password is incorrect.';
// Said only to whoever proved the password: to anyone else a disabled account
// looks like a wrong password, so the message reveals nothing about who has one.
const DISABLED_ERROR = 'This account is disabled; ask an editor.';
const DEMO_FROM_NETWORK_ERROR =
  'Demo accounts can only sign in on the machine running Factdesk: their password is published. ' +
  'To sign in from another machine, ask whoever runs the desk to create a real account with ' +
  '`npm run user:create -- --email you@example.org --role reviewer --name "Your Name"`.';

export async function verifyCredentials(input: { email: unknown; password: unknown; ip: string; requestId?: string | null }): Promise<Actor> {
  const parsed = credentialsSchema.safeParse({ email: input.email, password: input.password });
  if (!parsed.success) throw new AppError('unauthenticated', GENERIC_LOGIN_ERROR);
  const { email, password } = parsed.data;
  // Callers pass normalised values (server/index.ts); checked again because they end up in the audit row.
  const ip = ipAddressFrom(input.ip) ?? 'unknown';
  const requestId = input.requestId && isNormalRequestId(input.requestId) ? input.requestId : null;
  // The demo password is in the README: from another machine it proves nothing.
  const demoFromNetwork = password === DEMO_PASSWORD && !isLoopbackAddress(ip);

  // Set by evaluate(), which the throttle runs before it returns.
  const outcome = { disabledWithRightPassword: false };
  const actor = await throttledAttempt<Actor>({
    email,
    ip,
    requestId,
    evaluate: async () => {
      const user = await recorded('lookup', () => db.user.findUnique({ where: { email } }));
      const passwordOk = demoFromNetwork ? false : user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
      if (user !== null && passwordOk && user.disabledAt === null) return { ok: true, value: toActor(user) };
      outcome.disabledWithRightPassword = user !== null && passwordOk && user.disabledAt !== null;
      const reason = demoFromNetwork ? 'demo_password_from_network' : !user ? 'unknown_account' : user.disabledAt ? 'disabled' : 'wrong_password';
      return { ok: false, actorId: user?.id ?? null, reason };
    },
    onSuccess: async (tx, signedIn) => ({
      event: await appendAuditEvent(tx, { action: 'auth.login_succeeded', actorId: signedIn.id, actorLabel: signedIn.email, after: { ip }, requestId }),
      actorName: signedIn.displayName,
    }),
  });
  if (demoFromNetwork) throw new AppError('forbidden', DEMO_FROM_NETWORK_ERROR);
  if (!actor) throw new AppError('unauthenticated', outcome.disabledWithRightPassword ? DISABLED_ERROR : GENERIC_LOGIN_ERROR);
  return actor;
}
