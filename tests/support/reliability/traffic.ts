// Steady verdict traffic for the reliability tests: bounded loops of "read the
// claim's version, then write a verdict naming it", each request tagged with
// its own x-request-id so the audit trail can be matched against what clients
// were told.
import { randomUUID } from 'node:crypto';

export type Attempt = {
  kind: 'read' | 'write';
  requestId: string;
  claimId: string;
  via: string;
  /** The test phase when the request was sent, and when its answer (or failure) came. */
  phase: string;
  answeredIn?: string;
  /** HTTP status, or 0 when no response arrived (connection error or no answer within the bound). */
  status: number;
  expectedVersion?: number;
  /** The version a 200 answered with, or the current one a 409 reported. */
  version?: number;
  reason?: string;
  error?: { code?: string; message?: string };
  failure?: string;
};

export type Reviewer = { baseUrl: () => string; cookie: string; origin?: string; fetchImpl?: typeof fetch };

// Far above any answer a healthy or a cleanly failing server gives; a request
// still open by then counts as hung (and the tests require none).
const REQUEST_BOUND_MS = 45_000;
const STATUSES = ['verified', 'disputed', 'outdated'] as const;

async function send(reviewer: Reviewer, method: string, path: string, requestId: string, body?: unknown) {
  const fetchImpl = reviewer.fetchImpl ?? fetch;
  const baseUrl = reviewer.baseUrl();
  const res = await fetchImpl(`${baseUrl}${path}`, {
    method,
    headers: {
      cookie: reviewer.cookie,
      'x-request-id': requestId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body !== undefined && reviewer.origin ? { origin: reviewer.origin } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_BOUND_MS),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: res.status, json };
}

function failureOf(e: unknown): string {
  const err = e as Error & { cause?: { code?: string } };
  return err.name === 'TimeoutError' ? 'no answer (hung)' : `${err.message}${err.cause?.code ? ` (${err.cause.code})` : ''}`;
}

export async function readVersion(reviewer: Reviewer, claimId: string, phase: string): Promise<Attempt> {
  const attempt: Attempt = { kind: 'read', requestId: randomUUID(), claimId, via: reviewer.baseUrl(), phase, status: 0 };
  try {
    const { status, json } = await send(reviewer, 'GET', `/api/claims/${claimId}`, attempt.requestId);
    attempt.status = status;
    const body = json as { claim?: { version?: number }; version?: number; error?: Attempt['error'] } | null;
    if (status === 200) attempt.version = Number(body?.claim?.version ?? body?.version);
    else attempt.error = body?.error ?? undefined;
  } catch (e) {
    attempt.failure = failureOf(e);
  }
  return attempt;
}

export async function writeVerdict(reviewer: Reviewer, claimId: string, expectedVersion: number, phase: string): Promise<Attempt> {
  const requestId = randomUUID();
  const status = STATUSES[Math.floor(Math.random() * STATUSES.length)]!;
  const attempt: Attempt = {
    kind: 'write',
    requestId,
    claimId,
    via: reviewer.baseUrl(),
    phase,
    status: 0,
    expectedVersion,
    reason: `reliability ${requestId}`,
  };
  try {
    const res = await send(reviewer, 'POST', `/api/claims/${claimId}/verdict`, requestId, {
      status,
      reason: attempt.reason,
      evidence: [],
      expectedVersion,
    });
    attempt.status = res.status;
    const json = res.json as { version?: number; claim?: { version?: number }; current?: { version?: number }; error?: Attempt['error'] } | null;
    if (res.status === 200) attempt.version = json?.version ?? json?.claim?.version;
    else {
      attempt.error = json?.error;
      attempt.version = json?.current?.version;
    }
  } catch (e) {
    attempt.failure = failureOf(e);
  }
  return attempt;
}

export type Traffic = {
  attempts: Attempt[];
  /** False once every loop has ended (stopped, or reached its bound). */
  running: () => boolean;
  /** Number of accepted (200) verdicts so far. */
  accepted: () => number;
  setPhase: (phase: string) => void;
  /** Resolves when every loop has reached its bound. */
  finished: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * One loop per reviewer, each bounded in count and time: read a claim's version,
 * write a verdict on it, repeat. After a failed request a loop pauses briefly
 * (an outage must not become a busy loop).
 */
export function startTraffic(options: {
  reviewers: Reviewer[];
  claimIds: string[];
  maxRoundsPerReviewer: number;
  deadlineMs: number;
  pauseMs?: number;
}): Traffic {
  const attempts: Attempt[] = [];
  let phase = 'start';
  let stopped = false;
  const deadline = Date.now() + options.deadlineMs;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  let running = options.reviewers.length;
  const loop = async (reviewer: Reviewer, n: number) => {
    // The version this reviewer last saw per claim: when a read fails it still
    // saves, like a browser that has the claim open.
    const seen = new Map<string, number>();
    for (let round = 0; round < options.maxRoundsPerReviewer && !stopped && Date.now() < deadline; round++) {
      const claimId = options.claimIds[(n + round) % options.claimIds.length]!;
      const read = await readVersion(reviewer, claimId, phase);
      read.answeredIn = phase;
      attempts.push(read);
      if (read.status === 200 && read.version) seen.set(claimId, read.version);
      const expected = seen.get(claimId) ?? 1;
      const write = await writeVerdict(reviewer, claimId, expected, phase);
      write.answeredIn = phase;
      attempts.push(write);
      if (write.status === 200 && write.version) seen.set(claimId, write.version);
      if (write.status !== 200 && write.status !== 409) await sleep(100);
      else if (options.pauseMs) await sleep(options.pauseMs);
    }
    running -= 1;
  };
  const loops = options.reviewers.map((r, n) => loop(r, n));
  return {
    attempts,
    accepted: () => attempts.filter((a) => a.kind === 'write' && a.status === 200).length,
    running: () => running > 0,
    setPhase: (p) => (phase = p),
    finished: async () => {
      await Promise.all(loops);
    },
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Polls `check` until it holds; bounded in count. Returns whether it held. */
export async function until(check: () => boolean | Promise<boolean>, options: { tries?: number; everyMs?: number } = {}): Promise<boolean> {
  const tries = options.tries ?? 200;
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, options.everyMs ?? 100));
  }
  return check();
}

const started = Date.now();
/** Progress lines on stderr with RELIABILITY_VERBOSE=1 (for a run that hangs or is slow). */
export function progress(message: string) {
  if (process.env.RELIABILITY_VERBOSE === '1') process.stderr.write(`[reliability +${((Date.now() - started) / 1000).toFixed(1)}s] ${message}\n`);
}
