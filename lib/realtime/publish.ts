// Pushes committed changes to connected browsers. Call only after the
// transaction has committed; every payload carries its audit sequence number.
import type { AuditEventRecord } from '../audit/events';
import { getIo } from './io-registry';
import { DESK_ROOM, type DeskChange, type PublicAuditEvent, SERVER_EVENTS } from './events';

export function publicAuditEvent(e: AuditEventRecord): PublicAuditEvent {
  const { seq, at, actorId, actorLabel, action, claimId, before, after, reason } = e;
  return { seq, at, actorId, actorLabel, action, claimId, before, after, reason };
}

export function publishChange(event: AuditEventRecord, extra: Omit<DeskChange, 'event'> = {}) {
  getIo()?.to(DESK_ROOM).emit(SERVER_EVENTS.change, { event: publicAuditEvent(event), ...extra });
}
