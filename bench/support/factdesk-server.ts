// Starts the real Factdesk server (production build, server/index.ts) on a
// fixed port against a benchmark database, in its own process group.
import path from 'node:path';
import { login } from '../../tests/support/app-server';
import { DEMO_PASSWORD, DEMO_USERS } from '../../seeds/demo-users';
import { ROOT, BENCH_DIR } from './bench-database';
import { assertPortFree, spawnGroup, waitForHttp } from './processes';

export type Factdesk = { baseUrl: string; pid: number; stop: () => Promise<void> };

export const NODE_TS = [
  '--experimental-wasm-modules',
  '--disable-warning=ExperimentalWarning',
  '--import',
  'tsx',
  '--import',
  './scripts/register-server-only.mjs',
];

export async function startFactdesk(options: {
  port: number;
  databaseUrl: string;
  /** Extra node flags (e.g. --expose-gc) and modules to --import before the server (after tsx). */
  nodeFlags?: string[];
  preload?: string[];
  env?: Record<string, string>;
  /** How long start-up may take (migrations, seeding, grouping a desk's new articles); 60 s by default. */
  startTimeoutMs?: number;
}): Promise<Factdesk> {
  await assertPortFree(options.port, 'Factdesk app server');
  const baseUrl = `http://localhost:${options.port}`;
  const args = [...(options.nodeFlags ?? []), ...NODE_TS, ...(options.preload ?? []).flatMap((m) => ['--import', m]), 'server/index.ts'];
  const spawned = spawnGroup(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      NEXTAUTH_URL: baseUrl,
      NEXTAUTH_SECRET: 'factdesk-benchmark-secret-not-for-production',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: path.join(BENCH_DIR, 'app'),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  await waitForHttp(`${baseUrl}/api/health`, spawned, 'Factdesk server', options.startTimeoutMs);
  return { baseUrl, pid: spawned.child.pid!, stop: spawned.stop };
}

export type DemoRole = 'editor' | 'reviewer' | 'reviewer2' | 'viewer';

/** Signs every demo account in once through next-auth; the cookies are reused for many requests and sockets. */
export async function signInDemoUsers(baseUrl: string): Promise<Record<DemoRole, string>> {
  const roles: DemoRole[] = ['editor', 'reviewer', 'reviewer2', 'viewer'];
  const cookies = {} as Record<DemoRole, string>;
  for (const [i, role] of roles.entries()) {
    const session = await login(baseUrl, DEMO_USERS[i]!.email, DEMO_PASSWORD);
    if (!session.ok) throw new Error(`could not sign in as ${role}: ${session.error ?? session.status}`);
    cookies[role] = session.cookie;
  }
  return cookies;
}
