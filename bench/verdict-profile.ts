// Where a verdict's milliseconds go: the server runs under `node --cpu-prof`
// while one writer saves verdicts back to back, over the socket (as the
// browser does) and, on a second server, over HTTP. The profile's samples in
// the measured window are summed by the part of the stack that ran and
// divided by the verdicts saved. Idle time is the server waiting: for
// PostgreSQL (its CPU is not in this profile), the network, the client.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bulkImportClaims } from '../lib/claims/bulk-import';
import type { Ack } from '../lib/realtime/events';
import type { DeskSocket } from '../tests/support/socket-client';
import { ROOT, sql, usingDatabase } from './support/bench-database';
import { type Benchmark, closedLoop } from './support/benchmark';
import { monotonicUs, newestProfile, PART_NAMES, type ProfileSummary, summariseProfile } from './support/cpu-profile';
import { signInDemoUsers, startFactdesk } from './support/factdesk-server';
import { closeAll, connectMany } from './support/sockets';
import { summarize } from './support/stats';
import { syntheticClaims } from './support/synthetic-claims';
import { fmtInt, fmtMs, markdownTable } from './support/table';

const PORT = Number(process.env.BENCH_PROFILE_PORT ?? 3330);
const WARMUP_MS = 3_000;
const MEASURE_MS = Number(process.env.BENCH_PROFILE_MS ?? 10_000);
const REASON = 'Checked against the ministry figures and two independent reports from the crossing.';
const EVIDENCE = [{ url: 'https://example.org/reports/border-crossing', label: 'Border crossing report' }];
const STATUSES = ['verified', 'disputed', 'outdated'] as const;

type Run = { path: string; verdicts: number; wallMs: number; p50: number; profile: ProfileSummary };

async function profiled(options: {
  url: string;
  label: string;
  claim: { id: string; version: number };
  save: (ctx: { baseUrl: string; cookie: string; socket: DeskSocket; claim: { id: string; version: number }; n: number }) => Promise<boolean>;
}): Promise<Run> {
  // Kept after the run (outside the benchmark's data directory): open them in Chrome DevTools' Performance panel.
  const dir = path.join(ROOT, '.data/cpu-profiles', `verdict-${options.label.toLowerCase()}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const app = await startFactdesk({
    port: PORT,
    databaseUrl: options.url,
    nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    env: { SOCKET_EVENT_BURST: '100000', SOCKET_EVENTS_PER_SECOND: '100000' },
  });
  let sockets: DeskSocket[] = [];
  let n = 0;
  try {
    const { reviewer } = await signInDemoUsers(app.baseUrl);
    sockets = await connectMany(app.baseUrl, 1, { cookies: [reviewer] });
    const op = () => options.save({ baseUrl: app.baseUrl, cookie: reviewer, socket: sockets[0]!, claim: options.claim, n: n++ });
    await closedLoop(1, WARMUP_MS, op);
    const fromUs = monotonicUs();
    const result = await closedLoop(1, MEASURE_MS, op);
    const toUs = monotonicUs();
    closeAll(sockets);
    sockets = [];
    await app.stop(); // SIGTERM: the server exits and node writes the profile
    const profile = summariseProfile(newestProfile(dir), { fromUs, toUs });
    return { path: options.label, verdicts: result.ok, wallMs: result.elapsedMs, p50: summarize(result.latencies).p50, profile };
  } finally {
    closeAll(sockets);
    await app.stop();
  }
}

const overSocket = ({ socket, claim, n }: { socket: DeskSocket; claim: { id: string; version: number }; n: number }) =>
  new Promise<boolean>((resolve) => {
    socket
      .timeout(10_000)
      .emit(
        'verdict:set',
        { claimId: claim.id, status: STATUSES[n % 3]!, reason: REASON, evidence: EVIDENCE, expectedVersion: claim.version },
        (err: Error | null, reply: Ack<{ version: number }>) => {
          if (!err && reply.ok) claim.version = reply.data.version;
          resolve(!err && reply.ok);
        },
      );
  });

const overHttp = async ({ baseUrl, cookie, claim, n }: { baseUrl: string; cookie: string; claim: { id: string; version: number }; n: number }) => {
  const res = await fetch(`${baseUrl}/api/claims/${claim.id}/verdict`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ status: STATUSES[n % 3], reason: REASON, evidence: EVIDENCE, expectedVersion: claim.version }),
  });
  const json = (await res.json()) as { version?: number };
  if (res.ok && typeof json.version === 'number') claim.version = json.version;
  return res.ok;
};

export const verdictProfile: Benchmark = {
  name: 'verdict-profile',
  title: 'Where a verdict’s time goes (CPU profile)',
  run: async ({ database, log }) => {
    const url = await database.create('bench_verdict_profile');
    await usingDatabase(url, () => bulkImportClaims({ claims: syntheticClaims({ count: 1, prefix: 'profiled' }), group: false, figures: false }));
    const [claim] = await sql<{ id: string; version: number }>(url, `SELECT id, version FROM claims WHERE source_key LIKE 'profiled-%'`);
    const runs: Run[] = [];
    for (const [label, save] of [
      ['socket', overSocket],
      ['HTTP', overHttp],
    ] as const) {
      log(`verdict-profile: one writer over ${label} for ${MEASURE_MS / 1000} s under --cpu-prof …`);
      const [current] = await sql<{ version: number }>(url, 'SELECT version FROM claims WHERE id = $1', [claim!.id]);
      runs.push(await profiled({ url, label, claim: { id: claim!.id, version: current!.version }, save }));
    }
    const perVerdict = (r: Run, ms: number) => fmtMs(ms / Math.max(1, r.verdicts));
    const rows = PART_NAMES.filter((name) => runs.some((r) => (r.profile.parts.get(name) ?? 0) > 0)).map((name) => [
      name,
      ...runs.map((r) => perVerdict(r, r.profile.parts.get(name) ?? 0)),
    ]);
    const busy = (r: Run) => r.profile.totalMs - (r.profile.parts.get(PART_NAMES[0]!) ?? 0);
    rows.push(['**server CPU, all parts but idle**', ...runs.map((r) => `**${perVerdict(r, busy(r))}**`)]);
    rows.push(['wall time per verdict (mean, client side)', ...runs.map((r) => perVerdict(r, r.wallMs))]);
    rows.push(['latency p50 (client side)', ...runs.map((r) => fmtMs(r.p50))]);
    rows.push(['verdicts in the window', ...runs.map((r) => fmtInt(r.verdicts))]);
    const top = runs.map((r) =>
      markdownTable(
        ['function (self time)', 'ms per verdict'],
        r.profile.top.map((f) => [`\`${f.name.replaceAll('|', '\\|')}\``, perVerdict(r, f.ms)]),
      ),
    );
    return [
      `One writer saves verdicts back to back for ${MEASURE_MS / 1000} s (after ${WARMUP_MS / 1000} s of warm-up) on a server started with ` +
        '`node --cpu-prof`; the samples of that window are summed by the part of the stack that was running (self time) and divided by the verdicts saved. ' +
        'Idle is the server waiting (PostgreSQL, whose own CPU is not in the profile; the network; the client). ms per verdict:',
      '',
      markdownTable(['part', ...runs.map((r) => `over ${r.path}`)], rows),
      '',
      ...runs.flatMap((r, i) => [`The twelve functions with the most self time, over ${r.path}:`, '', top[i]!, '']),
    ].join('\n');
  },
};
