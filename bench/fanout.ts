// Fan-out latency: how long after a verdict's API response every connected
// reviewer has the change, against a bare socket.io server broadcasting the
// same payload at the same rate to the same number of clients. A p99 is
// decided by the few slowest events (scheduler stalls on a shared machine), so
// every figure is measured in RUNS separate runs and reported as min / median / max.
import { bulkImportClaims } from '../lib/claims/bulk-import';
import type { DeskChange } from '../lib/realtime/events';
import { usingDatabase, sql } from './support/bench-database';
import { atSteadyRate, type Benchmark, waitUntil } from './support/benchmark';
import { sleep, wallMs } from './support/clock';
import { type DemoRole, signInDemoUsers, startFactdesk } from './support/factdesk-server';
import { closeAll, connectMany } from './support/sockets';
import { startBareServer } from './support/start-bare-server';
import { median, summarize, type Summary } from './support/stats';
import { syntheticClaims } from './support/synthetic-claims';
import { fmtInt, fmtRatio, fmtTriple, markdownTable } from './support/table';

const CLIENTS = [50, 200, 500];
const RUNS = 3; // each run goes through every N once, with fresh clients
const RATE_PER_S = 10;
const MEASURED = 150; // 15 s at 10/s per server, per N, per run
const PER_BLOCK = 15; // the servers take turns, 1.5 s each
const WARMUP = 5;
const DRAIN_MS = 10_000;
// BENCH_FANOUT_PORT moves the three ports (app, bare server, probe) together, e.g. away from another run's.
const APP_PORT = Number(process.env.BENCH_FANOUT_PORT ?? 3310);
const BARE_PORT = APP_PORT + 1;
const PROBE_PORT = APP_PORT + 2;
const PROBE = ['./bench/support/server-probe.ts'];
const CLAIMS = 160; // more than one round's verdicts: no claim is decided twice in a round
/** The N at which the goal is stated: Factdesk's median p99 within GOAL_RATIO× bare socket.io's. */
const GOAL_CLIENTS = 200;
const GOAL_RATIO = 1.5;

type Timing = { sentAt: number; respondedAt: number; emittedAt: number };

type Round = {
  /** arrival minus the server's emit, every client, every measured event */
  fromEmit: number[];
  /** arrival minus the moment the API call that caused the event had its response */
  fromResponse: number[];
  /** arrival minus the moment that API call was sent */
  fromRequest: number[];
  /** request → response of the calls, and emit → response */
  api: number[];
  emitToResponse: number[];
  delivered: number;
  expected: number;
  failures: number;
};

function collectRound(measured: Map<string, Timing>, arrivals: Map<string, number[]>, clients: number, failures: number): Round {
  const round: Round = {
    fromEmit: [],
    fromResponse: [],
    fromRequest: [],
    api: [],
    emitToResponse: [],
    delivered: 0,
    expected: measured.size * clients,
    failures,
  };
  for (const [key, t] of measured) {
    round.api.push(t.respondedAt - t.sentAt);
    round.emitToResponse.push(t.respondedAt - t.emittedAt);
    for (const at of arrivals.get(key) ?? []) {
      round.delivered += 1;
      round.fromEmit.push(at - t.emittedAt);
      round.fromResponse.push(at - t.respondedAt);
      round.fromRequest.push(at - t.sentAt);
    }
  }
  return round;
}

type ClaimRef = { id: string; version: number };
type Sent = { key: string; sentAt: number; respondedAt: number };

/** One server under test, as the rounds drive it. */
type Target = {
  baseUrl: string;
  cookies?: string[];
  /** The key of an arriving change, and its emit time when the payload carries one. */
  keyOf: (change: DeskChange) => { key: string; emittedAt?: number } | null;
  /** Causes broadcast number i; resolves with its key and the call's timing (null when the call failed). */
  send: (i: number) => Promise<Sent | null>;
  /** Emit times recorded inside the server (Factdesk, through the probe), by key. */
  emits?: () => Promise<Record<string, number>>;
};

const REASON = "checked against the ministry's published figures and two independent reports from the border crossing.";

function factdeskTarget(baseUrl: string, probeUrl: string, cookies: Record<DemoRole, string>, claims: ClaimRef[]): Target {
  return {
    baseUrl,
    cookies: Object.values(cookies),
    keyOf: (change) => (change.claim ? { key: `${change.claim.id}:${change.claim.version}` } : null),
    send: async (i) => {
      const claim = claims[i % claims.length]!;
      const body = {
        status: i % 2 ? 'verified' : 'disputed',
        reason: `Benchmark verdict ${i}: ${REASON}`,
        evidence: [{ url: 'https://example.org/reports/border-crossing', label: 'Border crossing report' }],
        expectedVersion: claim.version,
      };
      const sentAt = wallMs();
      const res = await fetch(`${baseUrl}/api/claims/${claim.id}/verdict`, {
        method: 'POST',
        headers: { cookie: i % 2 ? cookies.reviewer : cookies.reviewer2, origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const json = (await res.json()) as { version?: number; current?: { version: number } };
      const respondedAt = wallMs();
      if (!res.ok || typeof json.version !== 'number') {
        if (json.current) claim.version = json.current.version;
        return null;
      }
      claim.version = json.version;
      return { key: `${claim.id}:${json.version}`, sentAt, respondedAt };
    },
    emits: async () => (await (await fetch(`${probeUrl}/emits`)).json()) as Record<string, number>,
  };
}

type BarePayload = DeskChange & { benchSeq: number; emittedAt: number };

function bareTarget(baseUrl: string, payload: () => DeskChange): Target {
  return {
    baseUrl,
    keyOf: (change) => {
      const { benchSeq, emittedAt } = change as BarePayload;
      return { key: String(benchSeq), emittedAt };
    },
    send: async (i) => {
      const sentAt = wallMs();
      const res = await fetch(`${baseUrl}/emit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seq: i, payload: payload() }),
        signal: AbortSignal.timeout(10_000),
      });
      await res.json();
      return res.ok ? { key: String(i), sentAt, respondedAt: wallMs() } : null;
    },
  };
}

/** A target's clients, with every arrival they record. */
async function attach(target: Target, clients: number) {
  const arrivals = new Map<string, number[]>();
  const emitted = new Map<string, number>();
  let first: DeskChange | null = null;
  const sockets = await connectMany(target.baseUrl, clients, {
    cookies: target.cookies,
    onEach: (socket) =>
      socket.on('desk:change', (change) => {
        const at = wallMs();
        const k = target.keyOf(change);
        if (!k) return;
        const list = arrivals.get(k.key) ?? [];
        list.push(at);
        arrivals.set(k.key, list);
        if (k.emittedAt !== undefined) emitted.set(k.key, k.emittedAt);
        first ??= change;
      }),
  });
  return { sockets, arrivals, emitted, first: () => first };
}

type Attached = Awaited<ReturnType<typeof attach>>;

/** Sends `count` broadcasts at the steady rate and waits until every client has them (or DRAIN_MS passed). */
async function burst(target: Target, on: Attached, clients: number, from: number, count: number, measured: Map<string, Timing> | null) {
  let failures = 0;
  const keys: string[] = [];
  await atSteadyRate(count, RATE_PER_S, async (j) => {
    try {
      const sent = await target.send(from + j);
      if (!sent) throw new Error('call failed');
      keys.push(sent.key);
      measured?.set(sent.key, { sentAt: sent.sentAt, respondedAt: sent.respondedAt, emittedAt: Number.NaN });
    } catch {
      failures += 1;
    }
  });
  await waitUntil(() => keys.every((k) => (on.arrivals.get(k)?.length ?? 0) >= clients), DRAIN_MS);
  return failures;
}

/**
 * Both servers have `clients` connected clients at once; the broadcasts
 * alternate between them in blocks, so background load on a shared machine
 * falls on both alike.
 */
async function measureBoth(
  factdesk: Target,
  bare: Target,
  clients: number,
  /** Receives Factdesk's first event of the round, before the bare server sends anything. */
  onFirstEvent: (change: DeskChange | null) => void,
): Promise<{ f: Round; b: Round }> {
  const onF = await attach(factdesk, clients);
  const onB = await attach(bare, clients);
  const measuredF = new Map<string, Timing>();
  const measuredB = new Map<string, Timing>();
  let failuresF = 0;
  let failuresB = 0;
  try {
    await factdesk.emits?.(); // forget earlier rounds' emit times
    failuresF += await burst(factdesk, onF, clients, 0, WARMUP, null);
    onFirstEvent(onF.first());
    failuresB += await burst(bare, onB, clients, 0, WARMUP, null);
    for (let block = 0; block < MEASURED / PER_BLOCK; block++) {
      const from = WARMUP + block * PER_BLOCK;
      failuresF += await burst(factdesk, onF, clients, from, PER_BLOCK, measuredF);
      failuresB += await burst(bare, onB, clients, from, PER_BLOCK, measuredB);
    }
    const emits = (await factdesk.emits?.()) ?? {};
    for (const [key, t] of measuredF) t.emittedAt = emits[key] ?? Number.NaN;
    for (const [key, t] of measuredB) t.emittedAt = onB.emitted.get(key) ?? Number.NaN;
  } finally {
    closeAll(onF.sockets);
    closeAll(onB.sockets);
  }
  return {
    f: collectRound(measuredF, onF.arrivals, clients, failuresF),
    b: collectRound(measuredB, onB.arrivals, clients, failuresB),
  };
}

type SideSummary = { emit: Summary; fromResponse: Summary; fromRequest: Summary; api: Summary; emitToResponse: Summary; delivered: number; expected: number };
type RunSummary = { f: SideSummary; b: SideSummary; failures: number };

const summarizeSide = (r: Round): SideSummary => ({
  emit: summarize(r.fromEmit),
  fromResponse: summarize(r.fromResponse),
  fromRequest: summarize(r.fromRequest),
  api: summarize(r.api),
  emitToResponse: summarize(r.emitToResponse),
  delivered: r.delivered,
  expected: r.expected,
});

/** One run at one N, reduced to its percentiles (the raw samples are not kept across runs). */
const summarizeRun = (f: Round, b: Round): RunSummary => ({ f: summarizeSide(f), b: summarizeSide(b), failures: f.failures + b.failures });

const sum = (values: number[]) => values.reduce((a, v) => a + v, 0);
/** min / median / max of one figure over the runs. */
const spread = (values: number[]) => fmtTriple(Math.min(...values), median(values), Math.max(...values));
const spreadRatio = (values: number[]) => `${fmtRatio(Math.min(...values))} / ${fmtRatio(median(values))} / ${fmtRatio(Math.max(...values))}`;

export const fanout: Benchmark = {
  name: 'fanout',
  title: 'Fan-out latency',
  run: async ({ database, log }) => {
    const url = await database.create('bench_fanout');
    await usingDatabase(url, () => bulkImportClaims({ claims: syntheticClaims({ count: CLAIMS, prefix: 'fanout' }), group: false, figures: false }));
    const claims = await sql<ClaimRef>(url, `SELECT id, version FROM claims WHERE source_key LIKE 'fanout-%' ORDER BY source_key`);

    const app = await startFactdesk({ port: APP_PORT, databaseUrl: url, preload: PROBE, env: { BENCH_PROBE_PORT: String(PROBE_PORT) } });
    const bare = await startBareServer({ port: BARE_PORT });
    const runsByN = new Map<number, RunSummary[]>();
    let payloadBytes = 0;
    try {
      const cookies = await signInDemoUsers(app.baseUrl);
      let payload: DeskChange | null = null;
      const factdesk = factdeskTarget(app.baseUrl, `http://127.0.0.1:${PROBE_PORT}`, cookies, claims);
      const bareSide = bareTarget(bare.baseUrl, () => payload!);
      const keepFirst = (change: DeskChange | null) => {
        payload ??= change;
        if (!payload) throw new Error('no desk:change event arrived from Factdesk during the warm-up');
        payloadBytes = Buffer.byteLength(JSON.stringify(payload));
      };
      // Run-major order: the three runs of one N are minutes apart, not back to back.
      for (let run = 1; run <= RUNS; run++) {
        for (const clients of CLIENTS) {
          log(`fanout: run ${run}/${RUNS}, ${clients} clients on each server …`);
          const { f, b } = await measureBoth(factdesk, bareSide, clients, keepFirst);
          await sleep(1_000);
          const list = runsByN.get(clients) ?? [];
          list.push(summarizeRun(f, b));
          runsByN.set(clients, list);
        }
      }
    } finally {
      await bare.stop();
      await app.stop();
    }

    const rows: string[][] = [];
    const context: string[][] = [];
    let goal = '';
    for (const clients of CLIENTS) {
      const runs = runsByN.get(clients) ?? [];
      const of = (pick: (r: RunSummary) => number) => runs.map(pick);
      const delivered = (side: 'f' | 'b') => `${fmtInt(sum(of((r) => r[side].delivered)))}/${fmtInt(sum(of((r) => r[side].expected)))}`;
      const ratio = median(of((r) => r.f.emit.p99)) / median(of((r) => r.b.emit.p99));
      if (clients === GOAL_CLIENTS) {
        goal =
          `Goal (issue 16): Factdesk's median p99 within ${GOAL_RATIO}× bare socket.io's at ${GOAL_CLIENTS} clients — ` +
          `${fmtRatio(ratio)}, ${ratio <= GOAL_RATIO ? 'met' : 'not met'} in this run.`;
      }
      rows.push([
        fmtInt(clients),
        delivered('f'),
        spread(of((r) => r.f.emit.p50)),
        spread(of((r) => r.f.emit.p95)),
        spread(of((r) => r.f.emit.p99)),
        delivered('b'),
        spread(of((r) => r.b.emit.p50)),
        spread(of((r) => r.b.emit.p95)),
        spread(of((r) => r.b.emit.p99)),
        fmtRatio(ratio),
        spreadRatio(of((r) => r.f.emit.p99 / r.b.emit.p99)),
      ]);
      context.push([
        fmtInt(clients),
        spread(of((r) => r.f.fromResponse.p50)),
        spread(of((r) => r.f.fromResponse.p99)),
        spread(of((r) => r.f.api.p50)),
        spread(of((r) => r.f.api.p99)),
        spread(of((r) => r.f.emitToResponse.p50)),
        spread(of((r) => r.f.fromRequest.p99)),
        spread(of((r) => r.b.api.p50)),
        String(sum(of((r) => r.failures))),
      ]);
    }

    return [
      `${RUNS} runs; in each, for every N, ${MEASURED} verdicts through \`POST /api/claims/{id}/verdict\` at ${RATE_PER_S}/s (after ${WARMUP} warm-up verdicts); ` +
        'the bare server gets as many broadcasts at the same rate through `POST /emit`. Both servers have the N clients connected ' +
        `at once (fresh clients every run) and take turns every ${PER_BLOCK} broadcasts, so background load falls on both alike. ` +
        'All clients are socket.io clients (websocket transport) in the benchmark process; each server runs in its own process. ' +
        `Payload: a real \`desk:change\` event, ${fmtInt(payloadBytes)} bytes of JSON. ` +
        '"Emit" is the moment the server calls `emit` (for Factdesk: `publishChange`, right after the commit; recorded by the ' +
        'benchmark-only preload `bench/support/server-probe.ts`); "arrival" is the client\'s `desk:change` handler. ' +
        `Each percentile is taken per run (${MEASURED} events × N clients) and given as min / median / max over the ${RUNS} runs; ` +
        "the p99 ratio is Factdesk's median p99 over bare socket.io's, then the per-run ratios. Latencies in ms.",
      '',
      markdownTable(
        [
          'clients',
          'Factdesk delivered',
          'Factdesk emit → arrival p50',
          'Factdesk p95',
          'Factdesk p99',
          'bare delivered',
          'bare emit → arrival p50',
          'bare p95',
          'bare p99',
          'p99 ratio (medians)',
          'p99 ratio per run',
        ],
        rows,
      ),
      '',
      goal,
      '',
      'Context (ms), min / median / max over the runs. A negative "API response → arrival" means the other clients had the change before the author\'s own request returned.',
      '',
      markdownTable(
        [
          'clients',
          'Factdesk API response → arrival p50',
          'API response → arrival p99',
          'verdict API p50',
          'verdict API p99',
          'emit → API response p50',
          'request sent → arrival p99',
          'bare /emit call p50',
          'failed calls',
        ],
        context,
      ),
    ].join('\n');
  },
};
