// Ties a verdict report to the audit trail a reader can verify: the report
// names its own `export.produced` event (sequence number and hash) and the
// signed checkpoint made at export, which covers that event. With the audit
// bundle (GET /api/audit/export) and `npm run audit:check-bundle`, anyone can
// then check that the trail the report came from is the one on record, and
// that nothing before it was rewritten since.
import 'server-only';
import { checkpointHead } from '../audit/checkpointer';
import type { Checkpoint } from '../audit/checkpoint-format';
import { log } from '../log';

export type ReportAudit = {
  /** The report's own export.produced event. */
  seq: number;
  hash: string;
  /** The checkpoint signed at export (seq ≥ the event's); null only when signing failed, which the report then says. */
  checkpoint: Checkpoint | null;
};

export async function reportAudit(event: { seq: number; hash: string }): Promise<ReportAudit> {
  let checkpoint: Checkpoint | null = null;
  try {
    checkpoint = await checkpointHead();
  } catch (e) {
    // The report is still tied to the trail by its event's hash; it says it is not signed.
    log.warn({ err: e instanceof Error ? e.message : String(e), seq: event.seq }, 'report exported without a signed checkpoint');
  }
  // Another process may have signed a head before this event: such a checkpoint does not cover it.
  if (checkpoint && checkpoint.seq < event.seq) checkpoint = null;
  return { seq: event.seq, hash: event.hash, checkpoint };
}

/** The one line the printable reports carry (HTML, PDF). */
export function auditLine(audit: ReportAudit): string {
  const event = `Audit trail: produced at event #${audit.seq} (SHA-256 ${audit.hash.slice(0, 16)}…)`;
  if (!audit.checkpoint) return `${event}; not covered by a signed checkpoint at export.`;
  const c = audit.checkpoint;
  return `${event}, signed in checkpoint #${c.seq} by key ${c.keyId} at ${c.at.slice(0, 19).replace('T', ' ')} UTC.`;
}
