// Slows password guessing: after repeated failures for an account or a client
// address, further attempts are refused for a while. Stored in PostgreSQL so
// every app process sees the same counts.
//
// An attempt is counted BEFORE its password is checked, under a row lock, and
// that count is committed before argon2 runs: with N parallel attempts at most
// `max` are ever evaluated, the rest find the counter full. A success gives its
// place back afterwards; a failure simply keeps it.
import 'server-only';
import type { Tx } from '../db';

export const THROTTLE = {
  windowMinutes: 15,
  lockMinutes: 15,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
} as const;

export const accountKey = (email: string) => `account:${email}`;
const addressKey = (ip: string) => `address:${ip}`;

export type ThrottleRule = {
  key: string;
  max: number;
  /** After a correct password: forget the key's failures, or only give this attempt's place back. */
  onSuccess: 'clear' | 'release';
};

export function signInRules(email: string, ip: string): ThrottleRule[] {
  return [
    { key: accountKey(email), max: THROTTLE.maxFailuresPerAccount, onSuccess: 'clear' },
    // One person's success says nothing about the other guesses from an address.
    { key: addressKey(ip), max: THROTTLE.maxFailuresPerAddress, onSuccess: 'release' },
  ];
}

export type ThrottleRow = { failures: number; windowStart: Date; lockedUntil: Date | null };

/** Attempts (failed or still running) that count at `now`: an expired window or lock counts from zero. */
export function liveCount(row: ThrottleRow | null, now: Date): number {
  if (!row) return 0;
  if (row.lockedUntil) return row.lockedUntil > now ? row.failures : 0;
  return row.windowStart.getTime() > now.getTime() - THROTTLE.windowMinutes * 60_000 ? row.failures : 0;
}

const minutesUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

export type Reservation = { admitted: true; counts: Record<string, number>; locked: boolean } | { admitted: false; waitMinutes: number };

/**
 * Counts one attempt against every rule, or none when any rule is full.
 * Run it in its own transaction and commit before checking the password.
 */
export async function reserveAttempt(tx: Tx, rules: ThrottleRule[], now = new Date()): Promise<Reservation> {
  // Always the same lock order (by key), so two attempts cannot deadlock.
  const sorted = [...rules].sort((a, b) => a.key.localeCompare(b.key));
  const keys = sorted.map((r) => r.key);
  await tx.$executeRaw`INSERT INTO login_throttle (key, failures, window_start)
    SELECT k, 0, ${now} FROM unnest(${keys}::text[]) AS k ON CONFLICT (key) DO NOTHING`;
  const rows = await tx.$queryRaw<(ThrottleRow & { key: string })[]>`
    SELECT key, failures, window_start AS "windowStart", locked_until AS "lockedUntil"
    FROM login_throttle WHERE key = ANY(${keys}::text[]) ORDER BY key FOR UPDATE`;
  const byKey = new Map(rows.map((r) => [r.key, r]));

  const counts = sorted.map((rule) => ({ rule, row: byKey.get(rule.key) ?? null, count: liveCount(byKey.get(rule.key) ?? null, now) }));
  const full = counts.filter(({ rule, count }) => count >= rule.max);
  if (full.length > 0) {
    const lockEnd = new Date(now.getTime() + THROTTLE.lockMinutes * 60_000);
    const until = Math.max(...full.map(({ row }) => (row?.lockedUntil ?? lockEnd).getTime()));
    return { admitted: false, waitMinutes: minutesUntil(new Date(until), now) };
  }

  let locked = false;
  for (const { rule, row, count } of counts) {
    const failures = count + 1;
    // The attempt that fills the counter starts the lock; a success lifts it again.
    const reachesMax = failures >= rule.max;
    locked ||= reachesMax;
    await tx.loginThrottle.update({
      where: { key: rule.key },
      data: {
        failures,
        windowStart: count === 0 || !row ? now : row.windowStart,
        lockedUntil: reachesMax ? new Date(now.getTime() + THROTTLE.lockMinutes * 60_000) : null,
      },
    });
  }
  return { admitted: true, counts: Object.fromEntries(counts.map(({ rule, count }) => [rule.key, count + 1])), locked };
}

/** The password was right: undo this attempt's count (and forget the account's failures). */
export async function settleSuccess(tx: Tx, rules: ThrottleRule[]) {
  const sorted = [...rules].sort((a, b) => a.key.localeCompare(b.key));
  for (const rule of sorted) {
    if (rule.onSuccess === 'clear') {
      await tx.loginThrottle.deleteMany({ where: { key: rule.key } });
      continue;
    }
    await tx.$executeRaw`UPDATE login_throttle
      SET failures = GREATEST(failures - 1, 0),
          locked_until = CASE WHEN failures - 1 >= ${rule.max} THEN locked_until ELSE NULL END
      WHERE key = ${rule.key}`;
  }
}
