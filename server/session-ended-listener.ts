// LISTENs for ended sessions (lib/realtime/session-ended.ts) on a connection of
// its own, reconnecting after a database outage. Notifications sent while it
// was away are lost, so every reconnect asks the caller to re-check all
// sockets (the periodic sweep is the last safety net).
import pg from 'pg';
import { poolSettings } from '../lib/db';
import { log } from '../lib/log';
import { SESSION_ENDED_CHANNEL, type SessionEnded, sessionEndedSchema } from '../lib/realtime/session-ended';
import { ACCOUNT_CHANGED_CHANNEL, accountChangedSchema, forgetAccount, setAccountCacheLive } from '../lib/auth/account-cache';

const RETRY_MS = [250, 1_000, 2_000, 5_000];
const BARRIER_TIMEOUT_MS = 2_000;
export const LISTENER_APPLICATION_NAME = 'factdesk-listener';

/**
 * The account cache's barrier (lib/auth/account-cache.ts) on this LISTEN
 * connection: a statement started after the call; by its answer, every
 * notification committed before it has been delivered. Callers that arrive
 * while one is running share the next one (the running one may predate them).
 */
function barrierOn(client: pg.Client): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const run = (): Promise<void> => {
    const query = client.query('SELECT 1').then(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer on the LISTEN connection')), BARRIER_TIMEOUT_MS);
    });
    running = Promise.race([query, timeout]).finally(() => {
      clearTimeout(timer);
      running = null;
    });
    return running;
  };
  return () => {
    if (next) return next;
    if (!running) return run();
    next = running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return run();
      });
    return next;
  };
}

function safeJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function listenForEndedSessions(
  databaseUrl: string,
  handlers: { ended: (e: SessionEnded) => void; reconnected: () => void },
): { ready: Promise<void>; close: () => Promise<void> } {
  let current: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(
      () => {
        timer = null;
        void open();
      },
      RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)],
    );
  };

  const dropped = new WeakSet<pg.Client>();
  const drop = (client: pg.Client) => {
    if (dropped.has(client)) return;
    dropped.add(client);
    if (current === client) {
      current = null;
      // Changes made while nobody listens would go unheard: no cache until listening again.
      setAccountCacheLive(false);
    }
    client.removeAllListeners('notification');
    client.removeAllListeners('end');
    client.end().catch(() => {});
    retry();
  };

  const open = async () => {
    // Named, so operators (and tests) can tell this connection in pg_stat_activity.
    const client = new pg.Client({ connectionString: databaseUrl, ...poolSettings(), application_name: LISTENER_APPLICATION_NAME });
    // Kept for the client's whole life: an 'error' without a listener would crash the process.
    client.on('error', (err) => {
      log.warn({ err: err.message }, 'session-end listener lost its database connection; it reconnects');
      drop(client);
    });
    client.on('end', () => drop(client));
    client.on('notification', (msg) => {
      if (msg.channel === ACCOUNT_CHANGED_CHANNEL) {
        const parsed = accountChangedSchema.safeParse(safeJson(msg.payload));
        // Unreadable: forget everything rather than risk keeping a changed account.
        if (parsed.success) forgetAccount(parsed.data);
        else setAccountCacheLive(true, barrierOn(client));
        return;
      }
      if (msg.channel !== SESSION_ENDED_CHANNEL || !msg.payload) return;
      try {
        const parsed = sessionEndedSchema.safeParse(JSON.parse(msg.payload));
        if (parsed.success) handlers.ended(parsed.data);
        else log.warn({ payload: msg.payload.slice(0, 200) }, 'ignored a malformed session-end notification');
      } catch {
        log.warn({ payload: msg.payload.slice(0, 200) }, 'ignored a malformed session-end notification');
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_ENDED_CHANNEL}; LISTEN ${ACCOUNT_CHANGED_CHANNEL}`);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'session-end listener could not connect; it retries');
      drop(client);
      return;
    }
    if (closed) {
      drop(client);
      return;
    }
    current = client;
    setAccountCacheLive(true, barrierOn(client));
    if (failures > 0) handlers.reconnected();
    failures = 0;
    markReady();
  };

  void open();
  return {
    ready,
    close: async () => {
      closed = true;
      setAccountCacheLive(false);
      if (timer) clearTimeout(timer);
      const client = current;
      current = null;
      if (client) {
        client.removeAllListeners('end');
        await client.end().catch(() => {});
      }
    },
  };
}
