// Child processes the benchmarks start: each in its own process group, so that
// stopping it also stops anything it started. Whatever is still running when
// the run ends (or is interrupted) is stopped by runCleanups().
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { sleep } from './clock';

type Cleanup = () => Promise<void>;
const cleanups = new Set<Cleanup>();

/** Registers fn to run at the end of the run; returns a function that unregisters it. */
export function atCleanup(fn: Cleanup): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

export async function runCleanups(): Promise<void> {
  const pending = [...cleanups].reverse();
  cleanups.clear();
  for (const fn of pending) await fn().catch((e: unknown) => console.error(`cleanup failed: ${String(e)}`));
}

export type Spawned = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

export function spawnGroup(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Spawned {
  let output = '';
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    unregister();
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    signalGroup(child.pid, 'SIGTERM');
    const killed = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
    if (!killed) {
      signalGroup(child.pid, 'SIGKILL');
      await Promise.race([exited, sleep(2_000)]);
    }
  };
  const unregister = atCleanup(stop);
  return { child, output: () => output, stop };
}

export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function assertPortFree(port: number, what: string) {
  if (await portInUse(port)) throw new Error(`Port ${port} (${what}) is already in use; stop whatever listens there and run again.`);
}

/** Polls url until it answers 2xx, the process exits, or the time is up. */
export async function waitForHttp(url: string, spawned: Spawned, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (spawned.child.exitCode !== null) throw new Error(`${what} exited early:\n${spawned.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000}s:\n${spawned.output()}`);
    await sleep(200);
  }
}
