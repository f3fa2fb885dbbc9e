// A fresh embedded PostgreSQL for one benchmark run (data under .data/bench,
// removed at the start and at the end) with a migrated, seeded template
// database; each benchmark gets its own copy of the template.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { disconnectDb } from '../../lib/db';
import { config, provideDerived } from '../../lib/env';
import { applyMigrations } from '../../lib/runtime/migrate';
import { startEmbeddedPostgres } from '../../lib/runtime/postgres';
import { seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { sleep } from './clock';
import { assertPortFree, atCleanup } from './processes';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BENCH_DIR = path.join(ROOT, '.data/bench');
const TEMPLATE = 'factdesk_bench_template';

export type BenchDatabase = {
  /** Creates database `name` as a copy of the migrated, seeded template (or of the database at `fromUrl`); returns its URL. */
  create: (name: string, fromUrl?: string) => Promise<string>;
  stop: () => Promise<void>;
};

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Runs fn with the app's Prisma client (lib/db) pointed at url. */
export async function usingDatabase<T>(url: string, fn: () => Promise<T>): Promise<T> {
  await disconnectDb();
  const previous = config().databaseUrl;
  provideDerived({ databaseUrl: url });
  try {
    return await fn();
  } finally {
    await disconnectDb();
    provideDerived({ databaseUrl: previous });
  }
}

// A postgres left running by an interrupted earlier bench run still owns the
// data directory: stop that process (named in its own lock file) first.
async function stopLeftoverPostgres(dataDir: string) {
  const lock = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(lock)) return;
  const pid = Number.parseInt(readFileSync(lock, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(200);
  }
}

export async function startBenchDatabase(log: (m: string) => void): Promise<BenchDatabase> {
  const port = Number(process.env.BENCH_PG_PORT ?? 54370);
  const dataDir = path.join(BENCH_DIR, 'postgres');
  await stopLeftoverPostgres(dataDir);
  rmSync(BENCH_DIR, { recursive: true, force: true });
  await assertPortFree(port, 'embedded PostgreSQL for benchmarks; set BENCH_PG_PORT to use another');
  log(`Starting a fresh embedded PostgreSQL on 127.0.0.1:${port} (${path.relative(ROOT, dataDir)}) …`);
  const server = await startEmbeddedPostgres({ dataDir, port, database: 'postgres', log });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    unregister();
    await disconnectDb();
    await server.stop();
    rmSync(BENCH_DIR, { recursive: true, force: true });
  };
  const unregister = atCleanup(stop);

  const admin = server.url;
  await sql(admin, `CREATE DATABASE ${TEMPLATE}`);
  const templateUrl = withDatabase(admin, TEMPLATE);
  await applyMigrations(templateUrl);
  await usingDatabase(templateUrl, async () => {
    await seedArticles();
    await seedDemoUsers();
  });
  log('Template database migrated and seeded (5 articles, 4 demo accounts).');

  return {
    create: async (name, fromUrl) => {
      const from = fromUrl ? new URL(fromUrl).pathname.slice(1) : TEMPLATE;
      if (![name, from].every((n) => /^[a-z0-9_]+$/.test(n))) throw new Error(`bad database name ${name} or ${from}`);
      await sql(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await sql(admin, `CREATE DATABASE ${name} TEMPLATE ${from}`);
      return withDatabase(admin, name);
    },
    stop,
  };
}
