// Pushes committed changes to connected browsers. Call only after the
// transaction has committed; every payload carries its audit sequence number.
import 'server-only';
import { type AuditEventRecord, publicAuditEvent } from '../validation/audit-events';
import { getIo } from './io-registry';
import { DESK_ROOM, type DeskChange, SERVER_EVENTS } from './events';

export function publishChange(event: AuditEventRecord, extra: Omit<DeskChange, 'event'> = {}) {
  getIo()
    ?.to(DESK_ROOM)
    .emit(SERVER_EVENTS.change, { event: publicAuditEvent(event), ...extra });
}
