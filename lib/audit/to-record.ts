// Maps a stored audit row to the records used by hashing, APIs and sockets.
// toAuditRecord parses the row against the event contract (lib/validation/audit-events.ts);
// toChainedEvent keeps it exactly as stored, for the hash chain.
import 'server-only';
import type { AuditEvent } from '../generated/prisma/client';
import { log } from '../log';
import { auditEventSchema, type StoredAuditEvent } from '../validation/audit-events';
import type { ChainedEvent } from './hash';

export function toChainedEvent(row: AuditEvent): ChainedEvent & { hash: string } {
  return {
    seq: Number(row.seq),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorLabel: row.actorLabel,
    action: row.action,
    claimId: row.claimId,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    requestId: row.requestId,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

export function toAuditRecord(row: AuditEvent): StoredAuditEvent {
  const { seq, at, prevHash, hash, ...content } = toChainedEvent(row);
  const parsed = auditEventSchema.safeParse(content);
  if (parsed.success) return { seq, at, ...parsed.data, prevHash, hash };
  const problem = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(event)'}: ${i.message}`)
    .join('; ');
  log.warn({ seq, action: content.action, problem }, 'audit event does not match the schema of its action');
  return { seq, at, ...content, action: 'audit.unreadable', storedAction: content.action, problem, prevHash, hash };
}
