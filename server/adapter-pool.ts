// The PostgreSQL pool behind socket.io's adapter, made to survive a database
// outage. The adapter checks one client out for LISTEN and never gives it back.
// pg-pool stops listening for errors on a checked-out client, so when the
// database goes away that client's 'error' event has no listener and crashes
// the process; and the dead client keeps its pool slot, so after a few outages
// the adapter could neither listen nor publish again.
import pg from 'pg';
import { poolSettings } from '../lib/db';
import { log } from '../lib/log';
import { boundMember } from '../lib/utils/bound-member';

function guardLongLived(client: pg.PoolClient) {
  client.on('error', (err) => log.warn({ err: err.message }, 'socket.io adapter lost its database connection; it reconnects'));
  client.once('end', () => {
    // Returning it with an error makes the pool drop it and free the slot.
    // (The adapter's own close() removes this listener before releasing.)
    try {
      client.release(new Error('connection ended'));
    } catch {
      /* already released */
    }
  });
}

export function createAdapterPool(databaseUrl: string): { adapterPool: pg.Pool; end: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3, ...poolSettings() });
  pool.on('error', (err) => log.warn({ err: err.message }, 'socket.io adapter database error'));
  // Only the adapter's own connect() calls get the guard; pool.query() manages
  // its clients' errors itself.
  const connect = async () => {
    const client = await pool.connect();
    guardLongLived(client);
    return client;
  };
  const adapterPool = new Proxy(pool, {
    get(target, prop) {
      if (prop === 'connect') return connect;
      return boundMember(target, prop);
    },
  });
  return { adapterPool, end: () => pool.end() };
}
