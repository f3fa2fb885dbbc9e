// One password attempt under the sign-in throttle, with its audit rows: used by
// sign-in (verify-credentials.ts) and by the current-password check of a
// password change, so a held session is no faster an oracle than the form.
// Two transactions per attempt: the count commits before argon2 runs, so
// parallel attempts cannot all slip under the limit; the outcome and its audit
// row commit together afterwards. If either cannot be written, the attempt
// fails closed: nothing passes unthrottled or unaudited.
import 'server-only';
import { db, type Tx } from '../db';
import { appendAuditEvent } from '../audit/append-audit-event';
import type { AuditEventRecord, LoginFailure } from '../validation/audit-events';
import { publishChange } from '../realtime/publish';
import { databaseUnavailableError, isDatabaseUnavailable } from '../db-unavailable';
import { AppError, isAppError } from '../errors';
import { log } from '../log';
import { accountKey, reserveAttempt, settleSuccess, signInRules } from './login-throttle';

const ATTEMPT_UNAVAILABLE = 'Sign-in is unavailable right now: the attempt could not be recorded. Try again in a minute.';

// A burst of attempts queues for pool connections; waiting a little is better
// than refusing a sign-in as unavailable (Prisma's default is 2 s).
const TX_OPTIONS = { maxWait: 5_000 } as const;

const lockMessage = (minutes: number) => `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** Runs a write the attempt depends on; any failure to record it refuses the attempt. */
export async function recorded<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isAppError(e)) throw e;
    // A database restart is expected: one line, not a stack trace per attempt.
    // Either way the attempt is refused (503); the message says which it was.
    if (isDatabaseUnavailable(e)) {
      log.warn({ what }, 'password attempt refused: database unavailable');
      throw databaseUnavailableError();
    }
    log.error({ err: e, what }, 'password attempt could not be recorded; refusing it');
    throw new AppError('unavailable', ATTEMPT_UNAVAILABLE);
  }
}

/** A failure's details; the address and `via` are added here. */
type FailureDetails = LoginFailure extends infer F ? (F extends unknown ? Omit<F, 'ip' | 'via'> : never) : never;
type EvaluatedReason = Exclude<LoginFailure['reason'], 'locked'>;
export type AttemptVerdict<T> = { ok: true; value: T } | { ok: false; actorId: string | null; reason: EvaluatedReason };

export type ThrottledAttemptOptions<T> = {
  /** The account's email: the throttle key and the audit row's label. */
  email: string;
  ip: string;
  requestId: string | null;
  via?: LoginFailure['via'];
  /** Checks the password; runs only once the attempt is counted. */
  evaluate: () => Promise<AttemptVerdict<T>>;
  /** The success's own audit row, in the transaction that gives the attempt back (none: only the counters). */
  onSuccess?: (tx: Tx, value: T) => Promise<{ event: AuditEventRecord; actorName: string }>;
};

/** The value of a successful attempt, or null for a failed one (audited); throws 429 while locked. */
export async function throttledAttempt<T>(options: ThrottledAttemptOptions<T>): Promise<T | null> {
  const { email, ip, requestId, via } = options;
  const rules = signInRules(email, ip);
  const failed = (tx: Tx, actorId: string | null, details: FailureDetails) =>
    appendAuditEvent(tx, { action: 'auth.login_failed', actorId, actorLabel: email, after: { ip, ...(via ? { via } : {}), ...details }, requestId });

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
  const verdict = await options.evaluate();

  // 3. Record the outcome with its audit row.
  let event: AuditEventRecord | undefined;
  let actorName: string | undefined;
  const value = await recorded('outcome', () =>
    db.$transaction(async (tx): Promise<T | null> => {
      if (!verdict.ok) {
        event = await failed(tx, verdict.actorId, { reason: verdict.reason, ...throttled });
        return null;
      }
      // Counters before the audit row: the same lock order as step 1 (rows, then the chain).
      await settleSuccess(tx, rules);
      if (options.onSuccess) ({ event, actorName } = await options.onSuccess(tx, verdict.value));
      return verdict.value;
    }, TX_OPTIONS),
  );
  if (event) publishChange(event, actorName ? { actorName } : {});
  return value;
}
