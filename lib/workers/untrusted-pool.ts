// The worker pool for untrusted input (issue 29, finding 1): each task runs on
// a worker thread with a time budget and a heap cap, so a page built to be slow
// to parse costs its importer a refusal, never everyone else's requests.
import 'server-only';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { z } from 'zod';
import { AppError, isAppErrorCode } from '../errors';
import { log } from '../log';

/**
 * What a worker can be asked (scripts/untrusted-worker-task.ts runs it). Inputs
 * the pool does not need to read stay `unknown` here, so this module depends on
 * no domain: the domains wrap their own task (lib/articles/prepare-article-isolated.ts,
 * lib/auth/password-strength.ts).
 */
export type UntrustedTask =
  /** Nothing: answered once the worker has loaded its code. */
  { kind: 'ping' } | { kind: 'prepare-article'; input: unknown } | { kind: 'password-strength'; input: { password: string; userInputs: string[] } };

// An AppError cannot cross a thread as itself (structured clone keeps only the
// message and stack): the worker sends its parts, and the pool rebuilds it.
const sentAppErrorSchema = z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() });
export type WorkerAnswer = { ok: true; value: unknown } | { ok: false; error: z.infer<typeof sentAppErrorSchema> };

const answerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: sentAppErrorSchema }),
]);

/** A task stopped for using up its time or memory; each caller says what that means for its input. */
export class TaskOverBudget extends Error {
  readonly over: 'time' | 'memory';
  constructor(over: 'time' | 'memory') {
    super(over === 'time' ? 'The task ran out of time.' : 'The task ran out of memory.');
    this.name = 'TaskOverBudget';
    this.over = over;
  }
}

/** A worker's heap: a 5 MB page parses into well under this; a page built to explode does not. */
export const WORKER_HEAP_MB = 512;
/** The default budget of one task. */
export const TASK_BUDGET_MS = 10_000;

const THREADS = Math.max(1, availableParallelism() - 1);

type PoolState = {
  pool: Piscina;
  /** Settles once a worker has loaded its code (again after one was stopped). */
  ready: Promise<unknown>;
  /** Tasks running now, at most THREADS: a task's budget starts when a thread takes it, not while it queues. */
  running: number;
  waiting: (() => void)[];
};

// One pool per process, on globalThis: Next can load this module in more than one chunk.
const holder = globalThis as typeof globalThis & { __factdeskUntrustedPool?: PoolState };

function state(): PoolState {
  if (holder.__factdeskUntrustedPool) return holder.__factdeskUntrustedPool;
  const pool = new Piscina({
    // From the checkout, not beside this module: in the Next build this module is
    // a chunk under .next/, and the worker loads the sources through tsx. Every
    // host (server, CLI, seeder, tests) runs from the project root.
    filename: pathToFileURL(path.join(process.cwd(), 'scripts/untrusted-worker.mjs')).href,
    // Leave a core to the thread that answers requests. The threads stay:
    // loading the parsers takes seconds. (Idle threads do not keep a CLI alive.)
    maxThreads: THREADS,
    minThreads: THREADS,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
  });
  // Piscina emits 'error' when a worker fails as it starts: unheard, that would end the process.
  pool.on('error', (err: unknown) => log.error({ err }, 'an untrusted-input worker failed to start'));
  holder.__factdeskUntrustedPool = { pool, ready: warmUp(pool), running: 0, waiting: [] };
  return holder.__factdeskUntrustedPool;
}

// A failed warm-up shows on the task that follows, not as an unhandled rejection.
const warmUp = (pool: Piscina): Promise<unknown> => pool.run({ kind: 'ping' } satisfies UntrustedTask).catch(() => null);

async function takeThread(s: PoolState): Promise<() => void> {
  if (s.running >= THREADS) await new Promise<void>((resolve) => s.waiting.push(resolve));
  else s.running++;
  // A thread handed on by release() keeps its count.
  return () => {
    const next = s.waiting.shift();
    if (next) next();
    else s.running--;
  };
}

export type RunOptions = {
  /** How long the task may take (TASK_BUDGET_MS unless said); past it the worker is stopped. */
  budgetMs?: number;
};

/**
 * Runs one task in the pool and returns the worker's value. An AppError thrown
 * in the worker (a refusal) comes back as the same AppError; a task out of time
 * or memory rejects with TaskOverBudget.
 */
export async function runUntrusted(task: UntrustedTask, options: RunOptions = {}): Promise<unknown> {
  const budgetMs = options.budgetMs ?? TASK_BUDGET_MS;
  const s = state();
  const release = await takeThread(s);
  try {
    await s.ready;
    return await runBudgeted(s, task, budgetMs);
  } finally {
    release();
  }
}

async function runBudgeted(s: PoolState, task: UntrustedTask, budgetMs: number): Promise<unknown> {
  const controller = new AbortController();
  // A budget of 0 (tests of the out-of-time path) is spent before the task starts.
  if (budgetMs <= 0) controller.abort();
  const timer = setTimeout(() => controller.abort(), budgetMs);
  let raw: unknown;
  try {
    raw = await s.pool.run(task, { signal: controller.signal });
  } catch (e) {
    // The stopped worker is replaced: the next task's budget starts once the new one has loaded.
    if (controller.signal.aborted) {
      s.ready = warmUp(s.pool);
      throw new TaskOverBudget('time');
    }
    if (errorCode(e) === 'ERR_WORKER_OUT_OF_MEMORY') {
      s.ready = warmUp(s.pool);
      throw new TaskOverBudget('memory');
    }
    throw e;
  } finally {
    clearTimeout(timer);
  }
  const answer = answerSchema.parse(raw);
  if (!answer.ok) {
    const { code, message, details } = answer.error;
    throw new AppError(isAppErrorCode(code) ? code : 'internal', message, details);
  }
  return answer.value;
}

function errorCode(e: unknown): string {
  const code: unknown = typeof e === 'object' && e !== null ? Reflect.get(e, 'code') : undefined;
  return typeof code === 'string' ? code : '';
}
