// Starts the real Factdesk server (production build, custom server, socket.io)
// against the test database, and signs in through the real next-auth endpoints.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `node` arguments that run the project's TypeScript (server/index.ts, scripts, test helpers). */
export const TS_NODE_ARGS = [
  '--experimental-wasm-modules',
  '--disable-warning=ExperimentalWarning',
  '--import',
  'tsx',
  '--import',
  './scripts/register-server-only.mjs',
];

export type AppServer = {
  baseUrl: string;
  port: number;
  pid: number;
  stop: () => Promise<void>;
  /** kill -9 of the whole process group: a crash, no clean shutdown. */
  kill: () => Promise<void>;
  /** True while the process runs (it has not crashed or been stopped). */
  alive: () => boolean;
  output: () => string;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

// A value of undefined removes the variable (e.g. NEXTAUTH_URL: undefined runs the
// server as `npm start` does by default).
type EnvValues = Record<string, string | undefined>;
type ServerEnv = EnvValues | ((port: number) => EnvValues);

export async function startAppServer(serverEnv: ServerEnv = {}, options: { port?: number } = {}): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const env = typeof serverEnv === 'function' ? serverEnv(port) : serverEnv;
  // spawn leaves out undefined entries, so `env` can unset an inherited variable.
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    NEXTAUTH_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    ...env,
  };
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...TS_NODE_ARGS, 'server/index.ts'], {
    cwd: ROOT,
    detached: true,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Factdesk server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`Factdesk server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = async (sig: NodeJS.Signals, escalateAfterMs: number | null) => {
    if (!running()) return;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* gone */
    }
    const timer =
      escalateAfterMs === null
        ? null
        : setTimeout(() => {
            try {
              process.kill(-child.pid!, 'SIGKILL');
            } catch {
              /* gone */
            }
          }, escalateAfterMs);
    await exited;
    if (timer) clearTimeout(timer);
  };
  return {
    baseUrl,
    port,
    pid: child.pid!,
    output: () => output,
    alive: running,
    stop: () => signal('SIGTERM', 10_000),
    kill: () => signal('SIGKILL', null),
  };
}

function cookiesFrom(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(';')[0]!);
}

export type LoginResult = { ok: boolean; cookie: string; status: number; error: string | null; setCookies: string[] };

/** Signs in through next-auth's credentials endpoint; returns the Cookie header to send. */
export async function login(
  baseUrl: string,
  email: string,
  password: string,
  // Extra request headers, or the fetch to use (e.g. one bound to another source address).
  extra: Record<string, string> | typeof fetch = {},
): Promise<LoginResult> {
  const fetch = typeof extra === 'function' ? extra : globalThis.fetch;
  const headers = typeof extra === 'function' ? {} : extra;
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesFrom(csrf);
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.join('; '), 'x-auth-return-redirect': '1', ...headers },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true', callbackUrl: baseUrl }),
  });
  const all = [...jar, ...cookiesFrom(res)];
  const session = all.find((c) => c.includes('next-auth.session-token='));
  let error: string | null;
  try {
    const body = (await res.json()) as { url?: string };
    error = body.url ? new URL(body.url).searchParams.get('error') : null;
  } catch {
    error = null;
  }
  return { ok: Boolean(session), cookie: all.join('; '), status: res.status, error, setCookies: res.headers.getSetCookie() };
}

/** afterAll: stops the servers beforeAll started; any is unset when beforeAll failed before starting it. */
export async function stopStarted(...started: (Pick<AppServer, 'stop'> | undefined)[]): Promise<void> {
  await Promise.all(
    started.map(async (server) => {
      if (server) await server.stop();
    }),
  );
}
