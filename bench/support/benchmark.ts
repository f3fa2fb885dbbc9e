// What every benchmark module exports, and small helpers they share.
import { sleep } from './clock';
import type { BenchDatabase } from './bench-database';

export type BenchContext = { database: BenchDatabase; log: (message: string) => void };

export type Benchmark = {
  name: string;
  title: string;
  /** False for benchmarks that start no app server: the run then skips building the web app for them. */
  needsBuild?: boolean;
  /** Runs the benchmark; returns its results as Markdown (tables and notes). */
  run: (ctx: BenchContext) => Promise<string>;
};

/**
 * Calls fire(i) for i = 0 … count-1 at a steady rate. Open loop: a slow call
 * does not delay the next one, as with people clicking independently.
 * Resolves when every call has finished.
 */
export async function atSteadyRate(count: number, perSecond: number, fire: (i: number) => Promise<void>): Promise<void> {
  const start = performance.now();
  const calls: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    await sleep(start + (i * 1000) / perSecond - performance.now());
    calls.push(fire(i));
  }
  await Promise.all(calls);
}

export type ClosedLoopResult = { ok: number; errors: number; latencies: number[]; elapsedMs: number };

/** `writers` loops each calling op back to back until durationMs has passed. */
export async function closedLoop(writers: number, durationMs: number, op: (writer: number) => Promise<boolean>): Promise<ClosedLoopResult> {
  const result: ClosedLoopResult = { ok: 0, errors: 0, latencies: [], elapsedMs: 0 };
  const start = performance.now();
  const end = start + durationMs;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        let ok: boolean;
        try {
          ok = await op(w);
        } catch {
          ok = false;
        }
        if (ok) {
          result.ok += 1;
          result.latencies.push(performance.now() - t0);
        } else {
          result.errors += 1;
        }
      }
    }),
  );
  result.elapsedMs = performance.now() - start;
  return result;
}

/** Waits until done() is true or timeoutMs has passed; returns done(). */
export async function waitUntil(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await sleep(25);
  return done();
}
