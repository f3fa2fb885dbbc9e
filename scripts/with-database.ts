// Runs a script against the configured database: DATABASE_URL, or the embedded
// server of DATA_DIR. A desk already running on DATA_DIR is used on the port it
// listens on (from its postmaster.pid), so scripts need no EMBEDDED_PG_PORT of
// their own; otherwise the server is started for the duration of the script.
import path from 'node:path';
import { config as loadConfig, provideDerived } from '../lib/env';
import { runningServer, startEmbeddedPostgres } from '../lib/runtime/postgres';

/** The message of whatever stopped a script: one sentence for the terminal, never a stack. */
export function scriptFailure(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return message.trim() || 'The script failed without saying why.';
}

// Whatever a script does not catch itself ends it with its message, not a stack.
process.on('uncaughtException', (e) => {
  console.error(scriptFailure(e));
  process.exit(1);
});

async function openDatabase() {
  const config = loadConfig();
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: false, stop: async () => {} };
  const dataDir = path.resolve(config.DATA_DIR, 'postgres');
  const port = runningServer(dataDir)?.port ?? config.EMBEDDED_PG_PORT;
  return startEmbeddedPostgres({ dataDir, port, database: 'factdesk', log: (m) => console.error(m) });
}

export async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const handle = await openDatabase().catch((e: unknown) => {
    console.error(scriptFailure(e));
    return process.exit(1);
  });
  provideDerived({ databaseUrl: handle.url });
  try {
    return await fn(handle.url);
  } finally {
    await handle.stop();
  }
}
