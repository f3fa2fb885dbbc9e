// Memory per connected client: server RSS and V8 heap (after forced garbage
// collection) before and after 1,000 authenticated sockets connect, against a
// bare socket.io server taking the same 1,000 (unauthenticated) sockets.
import { type Benchmark } from './support/benchmark';
import { sleep } from './support/clock';
import { signInDemoUsers, startFactdesk } from './support/factdesk-server';
import { closeAll, connectMany } from './support/sockets';
import { startBareServer } from './support/start-bare-server';
import { median } from './support/stats';
import { fmtMb, fmtRatio, markdownTable } from './support/table';

const CLIENTS = 1_000;
// BENCH_MEMORY_PORT moves the four ports (app, bare server, their probes at +8 and +9) together.
const APP_PORT = Number(process.env.BENCH_MEMORY_PORT ?? 3340);
const BARE_PORT = APP_PORT + 1;
const APP_PROBE_PORT = APP_PORT + 8;
const BARE_PROBE_PORT = APP_PORT + 9;
const PROBE = ['./bench/support/server-probe.ts'];

type Usage = { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number; gc: boolean };

async function probe(port: number): Promise<Usage> {
  const res = await fetch(`http://127.0.0.1:${port}/memory`, { signal: AbortSignal.timeout(10_000) });
  return (await res.json()) as Usage;
}

// Three probes a moment apart; the median of each figure.
async function settled(port: number): Promise<Usage> {
  const samples: Usage[] = [];
  for (let i = 0; i < 3; i++) {
    await sleep(500);
    samples.push(await probe(port));
  }
  const pick = (k: keyof Omit<Usage, 'gc'>) => median(samples.map((s) => s[k]));
  return {
    rss: pick('rss'),
    heapUsed: pick('heapUsed'),
    heapTotal: pick('heapTotal'),
    external: pick('external'),
    arrayBuffers: pick('arrayBuffers'),
    gc: samples[0]!.gc,
  };
}

type Measured = { before: Usage; after: Usage };

async function measure(baseUrl: string, probePort: number, cookies: string[] | undefined, warmUp: () => Promise<void>): Promise<Measured> {
  // Load lazily-initialised code paths (handshake, rooms, first pages) before the "before" figure.
  const warm = await connectMany(baseUrl, 20, { cookies });
  await warmUp();
  closeAll(warm);
  await sleep(1_000);
  const before = await settled(probePort);
  const sockets = await connectMany(baseUrl, CLIENTS, { cookies, batch: 50 });
  try {
    await sleep(2_000);
    const after = await settled(probePort);
    return { before, after };
  } finally {
    closeAll(sockets);
  }
}

const perClientKb = (m: Measured, k: 'rss' | 'heapUsed') => (m.after[k] - m.before[k]) / CLIENTS / 1024;

export const socketMemory: Benchmark = {
  name: 'memory',
  title: 'Memory per connected client',
  run: async ({ database, log }) => {
    const url = await database.create('bench_memory');
    let factdesk: Measured;
    let bare: Measured;

    log(`memory: Factdesk with ${CLIENTS} authenticated sockets …`);
    const app = await startFactdesk({
      port: APP_PORT,
      databaseUrl: url,
      nodeFlags: ['--expose-gc'],
      preload: PROBE,
      env: { BENCH_PROBE_PORT: String(APP_PROBE_PORT) },
    });
    try {
      const cookies = Object.values(await signInDemoUsers(app.baseUrl));
      factdesk = await measure(app.baseUrl, APP_PROBE_PORT, cookies, async () => {
        for (const path of ['/', '/api/claims']) await (await fetch(`${app.baseUrl}${path}`, { headers: { cookie: cookies[0]! } })).text();
      });
    } finally {
      await app.stop();
    }

    log(`memory: bare socket.io server with ${CLIENTS} sockets …`);
    const server = await startBareServer({ port: BARE_PORT, nodeFlags: ['--expose-gc'], preload: PROBE, env: { BENCH_PROBE_PORT: String(BARE_PROBE_PORT) } });
    try {
      bare = await measure(server.baseUrl, BARE_PROBE_PORT, undefined, async () => {});
    } finally {
      await server.stop();
    }
    if (!factdesk.before.gc || !bare.before.gc) throw new Error('the servers did not run with --expose-gc: figures would include garbage');

    const row = (label: string, m: Measured) => [
      label,
      `${fmtMb(m.before.rss)} → ${fmtMb(m.after.rss)}`,
      `${fmtMb(m.before.heapUsed)} → ${fmtMb(m.after.heapUsed)}`,
      perClientKb(m, 'rss').toFixed(1),
      perClientKb(m, 'heapUsed').toFixed(1),
    ];
    return [
      `Server process memory (MB) after forced GC, before and after ${CLIENTS.toLocaleString('en-US')} websocket clients connect ` +
        '(clients in the benchmark process; Factdesk clients signed in as the 4 demo accounts; median of 3 probes).',
      '',
      markdownTable(
        ['server', 'RSS before → after', 'heap used before → after', 'RSS KB / client', 'heap KB / client'],
        [row('Factdesk', factdesk), row('bare socket.io', bare)],
      ),
      '',
      `Ratio Factdesk / bare per client: heap ${fmtRatio(perClientKb(factdesk, 'heapUsed') / perClientKb(bare, 'heapUsed'))}, ` +
        `RSS ${fmtRatio(perClientKb(factdesk, 'rss') / perClientKb(bare, 'rss'))}.`,
    ].join('\n');
  },
};
