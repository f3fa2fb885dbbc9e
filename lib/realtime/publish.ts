// Pushes committed changes to connected browsers. Call only after the
// transaction has committed; every payload carries its audit sequence number.
import type { AuditEventRecord, StoredAuditEvent } from '../audit/events';
import { getIo } from './io-registry';
import { DESK_ROOM, type DeskChange, type PublicAuditEvent, SERVER_EVENTS } from './events';

export function publicAuditEvent(e: StoredAuditEvent): PublicAuditEvent {
  const { prevHash: _prevHash, hash: _hash, requestId: _requestId, ...rest } = e;
  return rest;
}

export function publishChange(event: AuditEventRecord, extra: Omit<DeskChange, 'event'> = {}) {
  getIo()?.to(DESK_ROOM).emit(SERVER_EVENTS.change, { event: publicAuditEvent(event), ...extra });
}
