// The login rule: count the attempt (throttle), look up, verify, audit.
// Two transactions per attempt: the count commits before argon2 runs, so
// parallel attempts cannot all slip under the limit; the outcome and its audit
// row commit together afterwards. If either cannot be written, sign-in fails
// closed: nobody is signed in unthrottled or unaudited.
import 'server-only';
import { db, type Tx } from '../db';
import { appendAuditEvent } from '../audit/append-audit-event';
import type { AuditEventRecord, LoginFailure } from '../validation/audit-events';
import { publishChange } from '../realtime/publish';
import { databaseUnavailableError, isDatabaseUnavailable } from '../db-unavailable';
import { AppError, isAppError } from '../errors';
import { ipAddressFrom, isLoopbackAddress, isNormalRequestId } from '../request-meta';
import { log } from '../log';
import { credentialsSchema } from '../validation/users';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { burnPasswordCheck, verifyPassword } from './password';
import { accountKey, reserveAttempt, settleSuccess, signInRules } from './login-throttle';
import type { Actor } from './permissions';
import { toActor } from './to-actor';

const GENERIC_LOGIN_ERROR = 'Email or password is incorrect.';
const SIGN_IN_UNAVAILABLE = 'Sign-in is unavailable right now: the attempt could not be recorded. Try again in a minute.';
const DEMO_FROM_NETWORK_ERROR =
  'Demo accounts can only sign in on the machine running Factdesk: their password is published. ' +
  'To sign in from another machine, ask whoever runs the desk to create a real account with ' +
  '`npm run user:create -- --email you@example.org --role reviewer --name "Your Name"`.';

// A burst of attempts queues for pool connections; waiting a little is better
// than refusing a sign-in as unavailable (Prisma's default is 2 s).
const TX_OPTIONS = { maxWait: 5_000 } as const;

const lockMessage = (minutes: number) => `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** Runs a write the attempt depends on; any failure to record it refuses the sign-in. */
async function recorded<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isAppError(e)) throw e;
    // A database restart is expected: one line, not a stack trace per attempt.
    // Either way the sign-in is refused (503); the message says which it was.
    if (isDatabaseUnavailable(e)) {
      log.warn({ what }, 'sign-in refused: database unavailable');
      throw databaseUnavailableError();
    }
    log.error({ err: e, what }, 'sign-in attempt could not be recorded; refusing it');
    throw new AppError('unavailable', SIGN_IN_UNAVAILABLE);
  }
}

/** A failure's details; the address is added by `failed` below. */
type FailureDetails = LoginFailure extends infer F ? (F extends unknown ? Omit<F, 'ip'> : never) : never;

export async function verifyCredentials(input: { email: unknown; password: unknown; ip: string; requestId?: string | null }): Promise<Actor> {
  const parsed = credentialsSchema.safeParse({ email: input.email, password: input.password });
  if (!parsed.success) throw new AppError('unauthenticated', GENERIC_LOGIN_ERROR);
  const { email, password } = parsed.data;
  // Callers pass normalised values (server/index.ts); checked again because they end up in the audit row.
  const ip = ipAddressFrom(input.ip) ?? 'unknown';
  const requestId = input.requestId && isNormalRequestId(input.requestId) ? input.requestId : null;
  const rules = signInRules(email, ip);
  const failed = (tx: Tx, actorId: string | null, details: FailureDetails) =>
    appendAuditEvent(tx, { action: 'auth.login_failed', actorId, actorLabel: email, after: { ip, ...details }, requestId });

  // 1. Count the attempt, before any password is checked.
  let refusal: AuditEventRecord | undefined;
  const reservation = await recorded('throttle', () =>
    db.$transaction(async (tx) => {
      const r = await reserveAttempt(tx, rules);
      // Attempts during a lock are refused without checking the password, and
      // still audited: continued guessing shows in the trail.
      if (!r.admitted) refusal = await failed(tx, null, { reason: 'locked', lockedMinutes: r.waitMinutes });
      return r;
    }, TX_OPTIONS),
  );
  if (!reservation.admitted) {
    if (refusal) publishChange(refusal, {});
    throw new AppError('rate_limited', lockMessage(reservation.waitMinutes), { retryAfterMinutes: reservation.waitMinutes });
  }
  const throttled = { accountFailures: reservation.counts[accountKey(email)], locked: reservation.locked };

  // 2. Evaluate. The attempt already counts as a failure; only a success gives it back.
  const user = await recorded('lookup', () => db.user.findUnique({ where: { email } }));
  // The demo password is in the README: from another machine it proves nothing.
  const demoFromNetwork = password === DEMO_PASSWORD && !isLoopbackAddress(ip);
  const passwordOk = demoFromNetwork ? false : user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
  const ok = user !== null && passwordOk && user.disabledAt === null;

  // 3. Record the outcome with its audit row.
  let event: AuditEventRecord | undefined;
  const actor = await recorded('outcome', () =>
    db.$transaction(async (tx): Promise<Actor | null> => {
      if (!ok) {
        const reason = demoFromNetwork ? 'demo_password_from_network' : !user ? 'unknown_account' : user.disabledAt ? 'disabled' : 'wrong_password';
        event = await failed(tx, user?.id ?? null, { reason, ...throttled });
        return null;
      }
      // Counters before the audit row: the same lock order as step 1 (rows, then the chain).
      await settleSuccess(tx, rules);
      event = await appendAuditEvent(tx, {
        action: 'auth.login_succeeded',
        actorId: user.id,
        actorLabel: user.email,
        after: { ip },
        requestId,
      });
      return toActor(user);
    }, TX_OPTIONS),
  );
  if (event) publishChange(event, actor ? { actorName: actor.displayName } : {});
  if (demoFromNetwork) throw new AppError('forbidden', DEMO_FROM_NETWORK_ERROR);
  if (!actor) throw new AppError('unauthenticated', GENERIC_LOGIN_ERROR);
  return actor;
}
