// Pushes committed changes to connected browsers. Call only after the
// transaction has committed; every payload carries its audit sequence number.
// In the app server this is its socket.io server; in a process without one (the
// import CLI) the publisher it opened, which reaches the app servers through
// PostgreSQL (lib/realtime/remote-publish.ts); otherwise nothing (the seeder
// before the server starts: browsers load the claims with the page).
import 'server-only';
import { type AuditEventRecord, publicAuditEvent } from '../validation/audit-events';
import { getIo } from './io-registry';
import { DESK_ROOM, type DeskChange, SERVER_EVENTS } from './events';
import { getRemotePublisher } from './remote-publish';

export function publishChange(event: AuditEventRecord, extra: Omit<DeskChange, 'event'> = {}) {
  const change: DeskChange = { event: publicAuditEvent(event), ...extra };
  const io = getIo();
  if (io) io.to(DESK_ROOM).emit(SERVER_EVENTS.change, change);
  else getRemotePublisher()?.emit(DESK_ROOM, SERVER_EVENTS.change, change);
}
