// The one Prisma client (pg driver adapter). Kept on globalThis so dev reloads
// and the custom server share one connection pool.
import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client';
import { config } from './env';
import { log } from './log';
import { boundMember } from './utils/bound-member';

declare global {
  var __factdeskDb: PrismaClient | undefined;
  var __factdeskPool: pg.Pool | undefined;
}

export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Pool settings shared by every pg pool the app opens (Prisma's, socket.io's). */
export function poolSettings() {
  return {
    // pg waits forever for a connection by default; a database that does not
    // answer must turn into a prompt 503, not a request that hangs.
    connectionTimeoutMillis: config().DB_CONNECT_TIMEOUT_MS,
    // Notice a peer that vanished without closing the socket (host down, cable cut).
    keepAlive: true,
  };
}

function createClient(): PrismaClient {
  const { databaseUrl: connectionString, DB_POOL_SIZE } = config();
  if (!connectionString) throw new Error('DATABASE_URL is not set: start Factdesk with `npm start` or set it.');
  // One pool for Prisma and for the few hot paths that speak SQL directly
  // (lib/claims/set-verdict.ts): the same connections, the same limit.
  const pool = new pg.Pool({ connectionString, max: DB_POOL_SIZE, ...poolSettings() });
  // The adapter logs idle errors once Prisma has connected; until then this
  // keeps an idle connection's error from crashing the process.
  pool.on('error', () => {});
  globalThis.__factdeskPool = pool;
  const adapter = new PrismaPg(pool, {
    disposeExternalPool: true,
    // The pool drops the broken connection and opens new ones when the
    // database is back; these only make an outage visible in the log.
    onPoolError: (err) => log.warn({ err: err.message }, 'database connection lost (idle)'),
    onConnectionError: (err) => log.warn({ err: err.message }, 'database connection lost (in use)'),
  });
  return new PrismaClient({ adapter });
}

/**
 * The connection pool behind `db`, for statements that must cost one round
 * trip each (Prisma adds about a millisecond per query). Same pool, same limit.
 */
export function pgPool(): pg.Pool {
  globalThis.__factdeskDb ??= createClient();
  const pool = globalThis.__factdeskPool;
  if (!pool) throw new Error('The database pool was closed.');
  return pool;
}

// Created on first use, so importing this module never needs the URL yet.
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    globalThis.__factdeskDb ??= createClient();
    return boundMember(globalThis.__factdeskDb, prop);
  },
});

/** As Prisma's interactive transactions: a statement that has not answered in 5 s ends the request (503). */
export const PG_QUERY_TIMEOUT_MS = 5_000;

/**
 * One statement on a pg client that gives up after PG_QUERY_TIMEOUT_MS (pg
 * reads `query_timeout` per query; its types only know it for the client).
 */
export function timedQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  client: Pick<pg.PoolClient, 'query'>,
  query: pg.QueryConfig,
): Promise<pg.QueryResult<R>> {
  const config: pg.QueryConfig & { query_timeout: number } = { ...query, query_timeout: PG_QUERY_TIMEOUT_MS };
  return client.query<R>(config);
}

/**
 * A transaction on one pooled connection, for paths that count round trips.
 * Any error rolls back; a connection that failed mid-transaction (or whose
 * ROLLBACK failed) is closed rather than returned to the pool.
 */
export async function inPgTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pgPool().connect();
  let broken: Error | undefined;
  // A checked-out client's connection dropping (database restarted) is an
  // 'error' event on the client: without a listener it would crash the process.
  // The running query rejects as well; the connection is not reused.
  const onError = (err: Error) => {
    broken = err;
    log.warn({ err: err.message }, 'database connection lost (in use)');
  };
  client.on('error', onError);
  try {
    await timedQuery(client, { text: 'BEGIN' });
    const result = await fn(client);
    await timedQuery(client, { text: 'COMMIT' });
    return result;
  } catch (e) {
    await timedQuery(client, { text: 'ROLLBACK' }).catch((err: unknown) => {
      broken = err instanceof Error ? err : new Error(String(err));
    });
    throw e;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

export async function disconnectDb() {
  await globalThis.__factdeskDb?.$disconnect();
  globalThis.__factdeskDb = undefined;
  globalThis.__factdeskPool = undefined;
}
