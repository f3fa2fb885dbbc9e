// Live pushes from a process that has no socket.io server (the import CLI):
// the app servers' @socket.io/postgres-adapter LISTENs on a PostgreSQL channel,
// and a broadcast sent there in the adapter's emitter format reaches every
// server's sockets exactly as one of their own would. The payload must fit in
// a NOTIFY (8,000 bytes); a larger change is not pushed, and browsers pick it
// up from the audit log with the next change they receive (lib/realtime/change-feed.ts).
import 'server-only';
import pg from 'pg';
import { poolSettings } from '../db';
import { log } from '../log';

/** The adapter's default channel for the "/" namespace (server/realtime.ts keeps the default prefix). */
export const ADAPTER_CHANNEL = 'socket.io#/';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const MAX_NOTIFY_BYTES = 7999;
// socket.io-adapter's cluster protocol: the sender id servers treat as an
// emitter (not a peer server), a BROADCAST message, and an EVENT packet.
const EMITTER_UID = 'emitter';
const BROADCAST = 3;
const EVENT_PACKET = 2;

type RemotePublisher = { emit: (room: string, event: string, payload: unknown) => void };

declare global {
  var __factdeskRemotePublisher: RemotePublisher | undefined;
}

export function getRemotePublisher(): RemotePublisher | undefined {
  return globalThis.__factdeskRemotePublisher;
}

/** The adapter message that broadcasts `event` to `room` on the default namespace. */
export function broadcastMessage(room: string, event: string, payload: unknown): string {
  return JSON.stringify({
    uid: EMITTER_UID,
    nsp: '/',
    type: BROADCAST,
    data: { packet: { type: EVENT_PACKET, data: [event, payload], nsp: '/' }, opts: { rooms: [room], except: [], flags: {} } },
  });
}

/**
 * Registers a publisher for this process until `close()`, which waits for the
 * pushes still being sent. One connection sends them in the order they were
 * published. A failed push is logged, never thrown: the change is committed,
 * and browsers catch up from the audit log.
 */
export function openRemotePublisher(databaseUrl: string): { close: () => Promise<void>; sent: () => number } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, ...poolSettings() });
  pool.on('error', (err) => log.warn({ err: err.message }, 'live-update connection lost'));
  const pending = new Set<Promise<void>>();
  let sent = 0;
  let warned = false;
  const warnOnce = (message: string, detail: Record<string, unknown>) => {
    if (warned) return;
    warned = true;
    log.warn(detail, message);
  };

  const publisher: RemotePublisher = {
    emit: (room, event, payload) => {
      const message = broadcastMessage(room, event, payload);
      if (Buffer.byteLength(message) > MAX_NOTIFY_BYTES) {
        warnOnce('a change too large for a live push was not pushed; browsers fetch it with the next one', { bytes: Buffer.byteLength(message) });
        return;
      }
      const push = pool
        .query('SELECT pg_notify($1, $2)', [ADAPTER_CHANNEL, message])
        .then(() => {
          sent += 1;
        })
        .catch((err: unknown) => warnOnce('live push failed; browsers catch up from the audit log', { err: err instanceof Error ? err.message : String(err) }))
        .finally(() => pending.delete(push));
      pending.add(push);
    },
  };
  globalThis.__factdeskRemotePublisher = publisher;

  return {
    sent: () => sent,
    close: async () => {
      if (globalThis.__factdeskRemotePublisher === publisher) globalThis.__factdeskRemotePublisher = undefined;
      await Promise.all([...pending]);
      await pool.end().catch(() => {});
    },
  };
}
