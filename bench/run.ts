// `npm run bench` runs every benchmark; `npm run bench -- fanout scale` (or
// `npm run bench -- vitals`: web vitals in Chromium) runs
// the ones named. Each prints its table and writes it into docs/BENCHMARKS.md.
// Figures, not tests: nothing here passes or fails on timing.
import os from 'node:os';
import { ensureBuilt } from '../scripts/prepare.mjs';
import { fanout } from './fanout';
import { deskScale } from './desk-scale';
import { figuresBoard } from './figures-board';
import { figuresExtraction } from './figures-extraction';
import { importMemory } from './import-memory';
import { importThroughput } from './import-throughput';
import { socketMemory } from './socket-memory';
import { storyGrouping } from './story-grouping';
import { storyPages } from './story-pages';
import { startBenchDatabase } from './support/bench-database';
import type { Benchmark } from './support/benchmark';
import { runStamp } from './support/machine';
import { runCleanups } from './support/processes';
import { writeResults } from './support/report';
import { verdictThroughput } from './verdict-throughput';
import { verdictProfile } from './verdict-profile';
import { vitals } from './vitals';

const ALL: Benchmark[] = [
  fanout,
  verdictThroughput,
  verdictProfile,
  deskScale,
  socketMemory,
  importThroughput,
  importMemory,
  storyGrouping,
  storyPages,
  figuresExtraction,
  figuresBoard,
  // Last: it marks the shared story desk's figures read and saves verdicts on it.
  vitals,
];

const log = (m: string) => process.stderr.write(`[bench] ${m}\n`);

class UsageError extends Error {}

function selected(args: string[]): Benchmark[] {
  const names = args.filter((a) => !a.startsWith('-'));
  if (names.length === 0) return ALL;
  const unknown = names.filter((n) => !ALL.some((b) => b.name === n));
  if (unknown.length) {
    throw new UsageError(`Unknown benchmark ${unknown.join(', ')}. Choose from: ${ALL.map((b) => b.name).join(', ')}.`);
  }
  return ALL.filter((b) => names.includes(b.name));
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping the servers and the database …`);
    void runCleanups().finally(() => process.exit(130));
  });
}

async function main() {
  const benchmarks = selected(process.argv.slice(2));
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  if (benchmarks.some((b) => b.needsBuild !== false)) ensureBuilt();
  const started = Date.now();
  const database = await startBenchDatabase(log);
  try {
    for (const bench of benchmarks) {
      const t0 = Date.now();
      log(`── ${bench.title} (${bench.name}) ──`);
      const stamp = runStamp();
      const loadBefore = os.loadavg()[0]!;
      const results = await bench.run({ database, log });
      const took = ((Date.now() - t0) / 1000).toFixed(0);
      // Other work on the machine shows in the load average; it explains a noisy run.
      const load = `load average ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`;
      const markdown = `_Latest run: ${stamp}; took ${took} s; ${load}._\n\n${results}`;
      process.stdout.write(`\n## ${bench.title}\n\n${markdown}\n\n`);
      writeResults(bench.name, markdown);
    }
  } finally {
    await runCleanups();
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s; figures written to docs/BENCHMARKS.md`);
  process.exit(0);
}

main().catch(async (e: unknown) => {
  log(`failed: ${e instanceof UsageError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  await runCleanups();
  process.exit(1);
});
