// Prepares everything the app needs before it serves a request: configuration,
// the session secret, the database (external or embedded), migrations and seeds.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env } from '../lib/env';
import { applyMigrations } from '../lib/runtime/migrate';
import { type DatabaseHandle, startEmbeddedPostgres } from '../lib/runtime/postgres';
import { formatSummary, seedArticles, seedDemoUsers } from '../seeds/run-seed';

export type Boot = { database: DatabaseHandle; demoUsers: boolean };

// Without NEXTAUTH_SECRET, a random secret is kept in DATA_DIR so sessions
// survive restarts on this machine. Several machines must share one: set it.
function ensureSecret(dataDir: string) {
  if (process.env.NEXTAUTH_SECRET) return;
  const file = path.join(dataDir, 'nextauth-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  process.env.NEXTAUTH_SECRET = readFileSync(file, 'utf8').trim();
}

export async function bootstrap(log: (m: string) => void): Promise<Boot> {
  const config = env();
  ensureSecret(path.resolve(config.DATA_DIR));
  // Without NEXTAUTH_URL the desk answers under each of its own addresses
  // (lib/http/allowed-hosts.ts), so next-auth takes its URL from the request's
  // Host: server/host-guard.ts has already refused any other host and set
  // X-Forwarded-Proto, which a client cannot choose unless TRUST_PROXY=1.
  if (!config.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST = '1';

  const database = config.DATABASE_URL
    ? { url: config.DATABASE_URL, embedded: false, stop: async () => {} }
    : await startEmbeddedPostgres({
        dataDir: path.join(config.DATA_DIR, 'postgres'),
        port: config.EMBEDDED_PG_PORT,
        database: 'factdesk',
        log,
      });
  process.env.DATABASE_URL = database.url;
  log(database.embedded ? `Embedded PostgreSQL on 127.0.0.1:${config.EMBEDDED_PG_PORT}` : 'Using the PostgreSQL server from DATABASE_URL');

  const applied = await applyMigrations(database.url);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);

  const summary = await seedArticles();
  const demoUsers = database.embedded || config.SEED_DEMO_USERS;
  if (demoUsers) summary.demoUsersCreated = await seedDemoUsers();
  log(formatSummary(summary));
  return { database, demoUsers };
}
