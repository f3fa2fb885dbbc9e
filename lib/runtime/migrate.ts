// Applies prisma/migrations with Prisma's own schema engine compiled to Wasm, so
// machines without the native engine binary behave exactly like
// `prisma migrate deploy` (same folder, same _prisma_migrations bookkeeping).
// Needs `node --experimental-wasm-modules`.
import 'server-only';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import pg from 'pg';

const PRISMA_DIR = path.resolve(import.meta.dirname, '../../prisma');
export const MIGRATIONS_DIR = path.join(PRISMA_DIR, 'migrations');
export const SCHEMA_PATH = path.join(PRISMA_DIR, 'schema.prisma');

const noFilters = { externalTables: [], externalEnums: [] };

// adapter-pg's protected members the patch below uses; checked at run time,
// since they are not its public API.
type ScriptAdapter = {
  client: { query: (sql: string) => Promise<unknown> };
  onError: (e: unknown) => never;
  executeScript: (script: string) => Promise<void>;
};
const isScriptAdapter = (a: object): a is ScriptAdapter =>
  'client' in a && typeof a.client === 'object' && a.client !== null && 'query' in a.client && 'onError' in a && typeof a.onError === 'function';

// adapter-pg splits migration scripts on every ';', which breaks dollar-quoted
// function bodies (our audit triggers) and comments containing ';'. PostgreSQL's
// simple-query protocol takes the whole script at once, as psql and Prisma's
// native engine do, and runs it as one implicit transaction.
function wholeScriptAdapter(url: string, opened: { dispose: () => Promise<void> }[]) {
  const factory = new PrismaPg({ connectionString: url });
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    opened.push(adapter);
    const raw: object = adapter;
    if (!isScriptAdapter(raw)) throw new Error('@prisma/adapter-pg no longer has the client and onError the migration runner uses to run whole scripts.');
    raw.executeScript = async (script) => {
      try {
        await raw.client.query(script);
      } catch (error) {
        raw.onError(error);
      }
    };
    return adapter;
  };
  return factory;
}

// Runs fn with a schema engine, then frees it and closes its connections (a
// lingering pool would, for one, keep a template database busy).
async function withSchemaEngine<T>(url: string, fn: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const { SchemaEngine } = await import('@prisma/schema-engine-wasm');
  const schema = readFileSync(SCHEMA_PATH, 'utf8');
  const opened: { dispose: () => Promise<void> }[] = [];
  const adapter = bindMigrationAwareSqlAdapterFactory(wholeScriptAdapter(url, opened));
  const engine = await SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => {}, adapter);
  try {
    return await fn(engine);
  } finally {
    engine.free();
    await Promise.all(opened.map((a) => a.dispose()));
  }
}

export function listMigrations() {
  const dirs = existsSync(MIGRATIONS_DIR)
    ? readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(MIGRATIONS_DIR, 'migration_lock.toml');
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: {
      path: 'migration_lock.toml',
      content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: readFileSync(path.join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

type MigrationRow = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

/**
 * True when the database records every migration in the folder, with the same
 * checksum (sha256 of migration.sql, as Prisma stores it), finished, and
 * nothing else: the engine would apply nothing. Loading the Wasm engine takes
 * seconds, so a start-up on an up-to-date database skips it. Any doubt (no
 * table, a failed, edited, missing or unknown migration) leaves the answer to
 * the engine, which applies or refuses as `prisma migrate deploy` does.
 */
export async function migrationsUpToDate(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = await client.query<{ present: boolean }>("SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present");
    if (!table.rows[0]?.present) return false;
    const { rows } = await client.query<MigrationRow>('SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations');
    const applied = new Map<string, string>();
    for (const row of rows) {
      if (row.rolled_back_at) continue;
      if (!row.finished_at || applied.has(row.migration_name)) return false;
      applied.set(row.migration_name, row.checksum);
    }
    const dirs = listMigrations().migrationDirectories;
    if (dirs.length !== applied.size) return false;
    return dirs.every((d) => applied.get(d.path) === createHash('sha256').update(d.migrationFile.content.value).digest('hex'));
  } finally {
    await client.end();
  }
}

export async function applyMigrations(url: string): Promise<string[]> {
  if (await migrationsUpToDate(url)) return [];
  return withSchemaEngine(url, async (engine) => {
    const result = await engine.applyMigrations({ migrationsList: listMigrations(), filters: noFilters });
    return result.appliedMigrationNames;
  });
}

// SQL that takes the schema from `fromSchema` (the snapshot kept beside the last
// migration, or nothing) to the current prisma/schema.prisma.
export async function diffSchema(url: string, fromSchema: string | null): Promise<string> {
  return withSchemaEngine(url, async (engine) => {
    const current = readFileSync(SCHEMA_PATH, 'utf8');
    const result = await engine.diff({
      from: fromSchema === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: fromSchema }] },
      to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: current }] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return result.stdout ?? '';
  });
}
