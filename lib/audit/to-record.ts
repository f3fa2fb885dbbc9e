// Maps a stored audit row to the plain record used by hashing, APIs and sockets.
import type { AuditEvent } from '../generated/prisma/client';
import type { AuditAction, AuditEventRecord } from './events';

export function toAuditRecord(row: AuditEvent): AuditEventRecord {
  return {
    seq: Number(row.seq),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorLabel: row.actorLabel,
    action: row.action as AuditAction,
    claimId: row.claimId,
    before: (row.before ?? null) as Record<string, unknown> | null,
    after: (row.after ?? null) as Record<string, unknown> | null,
    reason: row.reason,
    requestId: row.requestId,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}
