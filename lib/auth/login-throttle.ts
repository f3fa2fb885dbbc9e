// Slows password guessing: after repeated failures for an account or a client
// address, further attempts are refused for a while. Stored in PostgreSQL so
// every app process sees the same counts.
import type { Tx } from '../db';

export const THROTTLE = {
  windowMinutes: 15,
  lockMinutes: 15,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
} as const;

export const accountKey = (email: string) => `account:${email}`;
export const addressKey = (ip: string) => `address:${ip}`;

/** Minutes until the key may try again, or 0 when it is not locked. */
export async function lockedMinutes(tx: Tx, keys: string[], now = new Date()): Promise<number> {
  const rows = await tx.loginThrottle.findMany({ where: { key: { in: keys }, lockedUntil: { gt: now } } });
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil!.getTime()));
  return until ? Math.ceil((until - now.getTime()) / 60_000) : 0;
}

export async function recordFailure(tx: Tx, key: string, max: number, now = new Date()) {
  const windowStart = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const existing = await tx.loginThrottle.findUnique({ where: { key } });
  const fresh = !existing || existing.windowStart < windowStart;
  const failures = fresh ? 1 : existing.failures + 1;
  const lockedUntil = failures >= max ? new Date(now.getTime() + THROTTLE.lockMinutes * 60_000) : null;
  await tx.loginThrottle.upsert({
    where: { key },
    create: { key, failures, windowStart: now, lockedUntil },
    update: { failures, windowStart: fresh ? now : existing.windowStart, lockedUntil },
  });
  return { failures, locked: lockedUntil !== null };
}

export async function clearFailures(tx: Tx, key: string) {
  await tx.loginThrottle.deleteMany({ where: { key } });
}
