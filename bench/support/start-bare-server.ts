// Starts bench/support/bare-socket-server.ts as its own process (group).
import { ROOT } from './bench-database';
import { NODE_TS } from './factdesk-server';
import { assertPortFree, spawnGroup, waitForHttp } from './processes';

export type BareServer = { baseUrl: string; pid: number; stop: () => Promise<void> };

export async function startBareServer(options: { port: number; nodeFlags?: string[]; preload?: string[]; env?: Record<string, string> }): Promise<BareServer> {
  await assertPortFree(options.port, 'bare socket.io server');
  const args = [...(options.nodeFlags ?? []), ...NODE_TS, ...(options.preload ?? []).flatMap((m) => ['--import', m]), 'bench/support/bare-socket-server.ts'];
  const spawned = spawnGroup(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(options.port), ...options.env },
  });
  const baseUrl = `http://localhost:${options.port}`;
  await waitForHttp(`${baseUrl}/health`, spawned, 'bare socket.io server', 30_000);
  return { baseUrl, pid: spawned.child.pid!, stop: spawned.stop };
}
