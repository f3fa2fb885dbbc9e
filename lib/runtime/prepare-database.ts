// Opens the desk's database with its two roles and brings it up to date:
// migrations as the owner, then the runtime role's grants (lib/runtime/roles.ts).
// The app itself connects with `url`, the runtime role.
import 'server-only';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations } from './migrate';
import { type DatabaseHandle, embeddedRolePassword, startEmbeddedPostgres, urlAs } from './postgres';
import { EMBEDDED_OWNER_ROLE, EMBEDDED_RUNTIME_ROLE, applyRuntimeGrants, ensureRoles, scalar } from './roles';

export type PreparedDatabase = DatabaseHandle & {
  /** The owner's connection: migrations and DDL only. */
  migrationUrl: string;
  /** False when one URL serves both (external server without DATABASE_MIGRATION_URL). */
  separateRoles: boolean;
};

type DatabaseSettings = {
  readonly DATABASE_URL?: string | undefined;
  readonly DATABASE_MIGRATION_URL?: string | undefined;
  readonly DATA_DIR: string;
  readonly EMBEDDED_PG_PORT: number;
};

const EMBEDDED_DATABASE = 'factdesk';

export async function openDatabase(settings: DatabaseSettings, log: (m: string) => void): Promise<PreparedDatabase> {
  if (settings.DATABASE_URL) {
    const migrationUrl = settings.DATABASE_MIGRATION_URL ?? settings.DATABASE_URL;
    return { url: settings.DATABASE_URL, migrationUrl, embedded: false, separateRoles: migrationUrl !== settings.DATABASE_URL, stop: async () => {} };
  }
  const dataDir = path.resolve(settings.DATA_DIR, 'postgres');
  const server = await startEmbeddedPostgres({ dataDir, port: settings.EMBEDDED_PG_PORT, database: EMBEDDED_DATABASE, log });
  const owner = { name: EMBEDDED_OWNER_ROLE, password: embeddedRolePassword(dataDir, 'owner') };
  const runtime = { name: EMBEDDED_RUNTIME_ROLE, password: embeddedRolePassword(dataDir, 'app') };
  try {
    const { created, moved } = await ensureRoles(server.url, { database: EMBEDDED_DATABASE, owner, runtime });
    if (created.length) log(`Created the database roles ${created.join(' and ')} (passwords in ${dataDir}.owner.password and .app.password)`);
    if (moved) log(`Gave ${moved} database object${moved === 1 ? '' : 's'} to ${owner.name}; the app connects as ${runtime.name}`);
  } catch (e) {
    await server.stop();
    throw e;
  }
  return {
    ...server,
    url: urlAs(server.url, runtime.name, runtime.password),
    migrationUrl: urlAs(server.url, owner.name, owner.password),
    separateRoles: true,
  };
}

async function currentUser(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await scalar(client, 'SELECT current_user::text AS v');
  } finally {
    await client.end();
  }
}

/** Applies pending migrations as the owner, then the runtime grants. Returns the migrations applied. */
export async function migrateDatabase(database: PreparedDatabase, log: (m: string) => void): Promise<string[]> {
  const applied = await applyMigrations(database.migrationUrl);
  if (database.separateRoles) {
    await applyRuntimeGrants(database.migrationUrl, await currentUser(database.url));
  } else {
    // No grants to apply: the one role already owns everything. (The list's
    // coverage of the schema's tables is checked by tests/unit/runtime-grants;
    // a shared database may hold tables of others that it need not name.)
    log(
      `DATABASE_MIGRATION_URL is not set: the app migrates and runs as one role (${await currentUser(database.url)}), so the audit trail is only as strong as that role — whoever holds its password can rewrite it (see \`npm run db:roles\`).`,
    );
  }
  return applied;
}
