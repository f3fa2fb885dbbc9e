// Prepares everything the app needs before it serves a request: configuration,
// the session secret, the database (external or embedded), migrations, seeds and
// the stories of claims not yet grouped.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, config as currentConfig, provideDerived } from '../lib/env';
import { networkAccess } from '../lib/http/allowed-hosts';
import { type PreparedDatabase, migrateDatabase, openDatabase } from '../lib/runtime/prepare-database';
import { groupUngrouped } from '../lib/stories/desk/backfill';
import { extractStaleFigures } from '../lib/figures/desk/backfill';
import { emptySummary, formatSummary, seedArticles, seedDemoUsers } from '../seeds/run-seed';

export type Boot = { database: PreparedDatabase; demoUsers: boolean; config: Config };

// Without NEXTAUTH_SECRET, a random secret is kept in DATA_DIR so sessions
// survive restarts on this machine. Several machines must share one: set it.
function sessionSecret(settings: Config): string {
  if (settings.NEXTAUTH_SECRET) return settings.NEXTAUTH_SECRET;
  const dataDir = path.resolve(settings.DATA_DIR);
  const file = path.join(dataDir, 'nextauth-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The one place that writes process.env: settings that libraries read from the
 * environment themselves and cannot be handed. Our own code reads config().
 * - AUTH_TRUST_HOST: next-auth 4 (utils/detect-origin.js) takes its URL from the
 *   request only when this is set. Without NEXTAUTH_URL the desk answers under
 *   each of its own addresses (lib/http/allowed-hosts.ts); server/host-guard.ts
 *   has already refused any other host and set X-Forwarded-Proto, which a client
 *   cannot choose unless TRUST_PROXY is on. (next-auth also reads NEXTAUTH_URL,
 *   which only the operator sets; its secret it gets from lib/auth/options.ts.)
 * - FACTDESK_DEV_HOSTS: next.config.js (allowedDevOrigins), which Next.js loads
 *   itself, in `npm run dev`: the desk's own hosts, as its Host check enforces.
 */
export function exportForLibraries(config: Config, options: { dev: boolean }) {
  // eslint-disable-next-line no-restricted-properties -- next-auth reads it from the environment only
  if (!config.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST = '1';
  // eslint-disable-next-line no-restricted-properties -- next.config.js reads it from the environment only
  if (options.dev) process.env.FACTDESK_DEV_HOSTS = [...networkAccess().hosts].join(',');
}

export async function bootstrap(log: (m: string) => void): Promise<Boot> {
  const settings = currentConfig();
  const secret = sessionSecret(settings);

  // Embedded: the server, its owner and runtime roles; external: DATABASE_URL
  // (runtime) and DATABASE_MIGRATION_URL (owner) if set.
  const database = await openDatabase(settings, log);
  // From here on config() carries the database and secret, for the custom
  // server and Next's route handlers alike (one registry on globalThis).
  const config = provideDerived({ databaseUrl: database.url, sessionSecret: secret });
  log(database.embedded ? `Embedded PostgreSQL on 127.0.0.1:${config.EMBEDDED_PG_PORT}` : 'Using the PostgreSQL server from DATABASE_URL');

  const applied = await migrateDatabase(database, log);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);

  // Seeds and backfills write ordinary tables: as the runtime role, like the app.
  const summary = config.SEED_ARTICLES_DISABLED ? emptySummary() : await seedArticles();
  const demoUsers = database.embedded || config.SEED_DEMO_USERS;
  if (demoUsers) summary.demoUsersCreated = await seedDemoUsers();
  log(formatSummary(summary));
  // An existing desk gets its stories (and evidence of older rules is redone) before the first request.
  const { grouped } = await groupUngrouped();
  if (grouped) log(`Grouped ${grouped} article${grouped === 1 ? '' : 's'} into stories`);
  // Articles no extractor of this FIGURES_VERSION has read (a desk from before figures, bulk imports, a new extractor).
  const { extracted } = await extractStaleFigures();
  if (extracted) log(`Extracted the figures of ${extracted} article${extracted === 1 ? '' : 's'}`);
  return { database, demoUsers, config };
}
