// Liveness of the app's one hard dependency, the database, and the audit
// signer's alarm (issue 29): a trail that no longer extends its last signed
// checkpoint is not signed, and every place an editor looks says so.
import 'server-only';
import { checkpointAlarm } from './audit/checkpointer';
import { db } from './db';
import { log } from './log';

/** What anyone may read: that the alarm is up, not which events it names (an editor sees those on the audit page). */
export const AUDIT_ALARM_NOTICE =
  'Audit checkpoints are not being signed: the audit trail no longer extends its last signed checkpoint. An editor can see why on the audit page.';

export type Health = { ok: boolean; database: 'up' | 'down'; audit: 'ok' | 'alarm' | 'unknown' };

const withTimeout = <T>(work: Promise<T>) => Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000))]);

export async function checkHealth(): Promise<Health> {
  try {
    await withTimeout(db.$queryRaw`SELECT 1`);
  } catch {
    return { ok: false, database: 'down', audit: 'unknown' };
  }
  try {
    return { ok: true, database: 'up', audit: (await withTimeout(checkpointAlarm())) ? 'alarm' : 'ok' };
  } catch (e) {
    // The database answered; the alarm check failing is not an outage.
    log.warn({ err: e instanceof Error ? e.message : String(e) }, 'audit alarm not checked for /api/health');
    return { ok: true, database: 'up', audit: 'unknown' };
  }
}
