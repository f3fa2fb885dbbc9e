// The one Prisma client (pg driver adapter). Kept on globalThis so dev reloads
// and the custom server share one connection pool.
import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';
import { config } from './env';
import { log } from './log';
import { boundMember } from './utils/bound-member';

declare global {
  var __factdeskDb: PrismaClient | undefined;
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
  const adapter = new PrismaPg(
    { connectionString, max: DB_POOL_SIZE, ...poolSettings() },
    {
      // The pool drops the broken connection and opens new ones when the
      // database is back; these only make an outage visible in the log.
      onPoolError: (err) => log.warn({ err: err.message }, 'database connection lost (idle)'),
      onConnectionError: (err) => log.warn({ err: err.message }, 'database connection lost (in use)'),
    },
  );
  return new PrismaClient({ adapter });
}

// Created on first use, so importing this module never needs the URL yet.
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    globalThis.__factdeskDb ??= createClient();
    return boundMember(globalThis.__factdeskDb, prop);
  },
});

export async function disconnectDb() {
  await globalThis.__factdeskDb?.$disconnect();
  globalThis.__factdeskDb = undefined;
}
