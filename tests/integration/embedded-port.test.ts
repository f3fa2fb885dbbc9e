// Issue 9, "A second checkout": a desk started from another checkout found the
// first one's embedded PostgreSQL on its port, "used" it, and then failed
// with a password error. A desk reuses only a server running on its own data
// directory; anything else on the port stops it with a sentence naming
// EMBEDDED_PG_PORT.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, startEmbeddedPostgres } from '../../lib/runtime/postgres';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { freePort, login, startAppServer, stopStarted } from '../support/app-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BASE = path.join(ROOT, '.data/test-embedded-port');
// Own ports, away from the default 25432 and the test server's 54349.
const PORT = Number(process.env.EMBEDDED_PORT_TEST_PG_PORT ?? 54452);
const OTHER_PROGRAM_PORT = PORT + 1;
const UNUSED_PORT = PORT + 2;
const NPM_START_PORT = PORT + 3;

const checkout = (name: string) => ({ dataDir: path.join(BASE, name), pgDir: path.join(BASE, name, 'postgres') });
const first = checkout('first');
const second = checkout('second');

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The message start-up failed with. (A rejection with `undefined` must not pass as a match.) */
async function failure(start: Promise<DatabaseHandle>): Promise<string> {
  const outcome = await start.then(
    async (handle) => {
      await handle.stop();
      return 'started';
    },
    (e: unknown) => (e instanceof Error ? e.message : `rejected with ${String(e)}`),
  );
  return outcome;
}

let running: DatabaseHandle;
let otherProgram: net.Server;

beforeAll(async () => {
  rmSync(BASE, { recursive: true, force: true });
  running = await startEmbeddedPostgres({ dataDir: first.pgDir, port: PORT, database: 'factdesk' });
  otherProgram = net.createServer((s) => {
    s.on('error', () => {}); // the port probe hangs up without reading
    s.end('not postgres\n');
  });
  await new Promise<void>((resolve) => otherProgram.listen(OTHER_PROGRAM_PORT, '127.0.0.1', resolve));
}, 60_000);

afterAll(async () => {
  await stopStarted(running);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await new Promise((r) => otherProgram?.close(r));
  rmSync(BASE, { recursive: true, force: true });
});

const TAKEN = /Port \d+ is already in use by another program, not by the embedded PostgreSQL of this desk .*EMBEDDED_PG_PORT/s;

describe('the embedded PostgreSQL port', () => {
  it('a second data directory on the same port is refused with a sentence naming EMBEDDED_PG_PORT', async () => {
    expect(await failure(startEmbeddedPostgres({ dataDir: second.pgDir, port: PORT, database: 'factdesk' }))).toMatch(TAKEN);
  });

  it('a port held by any other program is refused the same way', async () => {
    expect(await failure(startEmbeddedPostgres({ dataDir: second.pgDir, port: OTHER_PROGRAM_PORT, database: 'factdesk' }))).toMatch(
      new RegExp(`Port ${OTHER_PROGRAM_PORT} is already in use.*EMBEDDED_PG_PORT`, 's'),
    );
  });

  it('the same data directory is shared: a second process uses the running server', async () => {
    const logs: string[] = [];
    const shared = await startEmbeddedPostgres({ dataDir: first.pgDir, port: PORT, database: 'factdesk', log: (m) => logs.push(m) });
    expect(logs.join('\n')).toContain(`Using the embedded PostgreSQL already running on port ${PORT}`);
    const [{ data_directory: dir }] = (await query(shared.url, 'SHOW data_directory')) as [{ data_directory: string }];
    expect(path.resolve(dir)).toBe(path.resolve(first.pgDir));
    await shared.stop(); // not ours to stop: the first one keeps running
    expect(await query(running.url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });

  it('its own server running on another port than EMBEDDED_PG_PORT is named', async () => {
    expect(await failure(startEmbeddedPostgres({ dataDir: first.pgDir, port: UNUSED_PORT, database: 'factdesk' }))).toMatch(
      new RegExp(`already running on port ${PORT}.*EMBEDDED_PG_PORT is ${UNUSED_PORT}`, 's'),
    );
  });

  it('a server that exits while starting is reported with its own last lines, not "undefined"', async () => {
    const broken = checkout('broken');
    const server = await startEmbeddedPostgres({ dataDir: broken.pgDir, port: UNUSED_PORT, database: 'factdesk' });
    await server.stop();
    // A setting PostgreSQL refuses: the server process exits during start.
    appendFileSync(path.join(broken.pgDir, 'postgresql.conf'), '\nfactdesk_no_such_setting = 1\n');
    const message = await failure(startEmbeddedPostgres({ dataDir: broken.pgDir, port: UNUSED_PORT, database: 'factdesk' }));
    expect(message).toMatch(/stopped while starting/);
    expect(message).toMatch(/factdesk_no_such_setting/);
  });

  it('npm run db:seed beside the running desk shares its server', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: first.dataDir, EMBEDDED_PG_PORT: String(PORT), LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    const seed = spawnSync('npm', ['run', '--silent', 'db:seed'], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
    expect(seed.status, seed.stderr + seed.stdout).toBe(0);
    expect(seed.stderr + seed.stdout).toContain(`Using the embedded PostgreSQL already running on port ${PORT}`);
  }, 130_000);

  it('a desk started from another checkout stops at once and says why', async () => {
    const error = await startAppServer({ DATABASE_URL: undefined, DATA_DIR: second.dataDir, EMBEDDED_PG_PORT: String(PORT) }).then(
      async (app) => {
        await app.stop();
        return null;
      },
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    expect(error).toMatch(/could not start: Port \d+ is already in use by another program/);
    expect(error).toContain('EMBEDDED_PG_PORT');
    expect(error).not.toMatch(/password authentication failed/);
  }, 90_000);

  // Issue 32 items 2 and 4. npm start, as a terminal runs it: the Ctrl-C goes
  // to its whole process group at once.
  it('npm start: scripts find the running desk without EMBEDDED_PG_PORT, and Ctrl-C signs the checkpoint before PostgreSQL stops', async () => {
    const desk = checkout('npm-start');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: desk.dataDir,
      EMBEDDED_PG_PORT: String(NPM_START_PORT),
      PORT: String(port),
      HOST: '127.0.0.1',
      NEXTAUTH_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 150_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
        const ok = await fetch(`http://localhost:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline) throw new Error(`npm start did not become healthy:\n${output}`);
        await new Promise((r) => setTimeout(r, 500));
      }

      // Another port in the environment: the script still finds the desk's own server.
      const scriptEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: desk.dataDir, EMBEDDED_PG_PORT: String(UNUSED_PORT), LOG_LEVEL: 'warn' };
      delete scriptEnv.DATABASE_URL;
      const verify = spawnSync('npm', ['run', '--silent', 'audit:verify'], { cwd: ROOT, env: scriptEnv, encoding: 'utf8', timeout: 120_000 });
      expect(verify.stdout + verify.stderr).toContain(`Using the embedded PostgreSQL already running on port ${NPM_START_PORT}`);
      expect(verify.stdout).toMatch(/"ok":true/);

      // An audited event (a sign-in), then Ctrl-C at once: the shutdown signs it.
      expect((await login(`http://localhost:${port}`, 'reviewer@factdesk.test', DEMO_PASSWORD)).ok).toBe(true);
      process.kill(-child.pid!, 'SIGINT');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
    // From the signal on: nothing but the two lines of an orderly stop (no warning of a database gone early).
    const shutdown = output.slice(output.lastIndexOf('\n', output.indexOf('SIGINT: stopping')) + 1);
    expect(shutdown.trim().split('\n')).toEqual(['[factdesk] SIGINT: stopping…', '[factdesk] stopped.']);
    expect(existsSync(path.join(desk.pgDir, 'postmaster.pid')), 'PostgreSQL still running').toBe(false);

    // Everything up to the last event is signed; no stack trace when nothing is running either.
    const scriptEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: desk.dataDir, EMBEDDED_PG_PORT: String(NPM_START_PORT), LOG_LEVEL: 'warn' };
    delete scriptEnv.DATABASE_URL;
    const after = spawnSync('npm', ['run', '--silent', 'audit:verify'], { cwd: ROOT, env: scriptEnv, encoding: 'utf8', timeout: 120_000 });
    expect(after.status, after.stderr).toBe(0);
    expect(after.stdout).toMatch(/"unsignedTail":0/);
    const taken = spawnSync('npm', ['run', '--silent', 'audit:verify'], {
      cwd: ROOT,
      env: { ...scriptEnv, EMBEDDED_PG_PORT: String(OTHER_PROGRAM_PORT) },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(taken.status).toBe(1);
    expect(taken.stderr.trim()).toMatch(/^Port \d+ is already in use by another program.*EMBEDDED_PG_PORT/);
    expect(taken.stderr).not.toMatch(/\n\s+at /);
  }, 300_000);
});
