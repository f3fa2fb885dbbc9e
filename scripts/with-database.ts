// Runs a script against the configured database: DATABASE_URL, or the embedded
// server (started for the duration of the script when the app is not running).
import { config as loadConfig, provideDerived } from '../lib/env';
import { startEmbeddedPostgres } from '../lib/runtime/postgres';

export async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const handle = config.DATABASE_URL
    ? { url: config.DATABASE_URL, embedded: false, stop: async () => {} }
    : await startEmbeddedPostgres({
        dataDir: `${config.DATA_DIR}/postgres`,
        port: config.EMBEDDED_PG_PORT,
        database: 'factdesk',
        log: (m) => console.error(m),
      });
  provideDerived({ databaseUrl: handle.url });
  try {
    return await fn(handle.url);
  } finally {
    await handle.stop();
  }
}
