// Preloaded (node --import) into a process under benchmark; never in production.
// Samples memory every 100 ms and, when the process exits, writes its peaks and
// the kernel's maximum resident set size (process.resourceUsage().maxRSS) as
// JSON to $BENCH_USAGE_FILE. Started with --expose-gc, it also collects garbage
// once a second and records the heap still in use after it (what the process
// holds, as opposed to garbage not collected yet), and again at exit.
import { writeFileSync } from 'node:fs';

export type ProcessUsage = {
  maxRssKb: number;
  peakRssBytes: number;
  peakHeapUsedBytes: number;
  /** With --expose-gc: the largest heap in use right after a collection, and the one at exit. */
  liveHeap: { maxBytes: number; atExitBytes: number; samples: number } | null;
  userCpuMs: number;
  systemCpuMs: number;
};

const file = process.env.BENCH_USAGE_FILE;
const gc = (globalThis as { gc?: () => void }).gc;
let peakRss = 0;
let peakHeap = 0;
let liveMax = 0;
let liveSamples = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
const live = () => {
  gc?.();
  const used = process.memoryUsage().heapUsed;
  liveMax = Math.max(liveMax, used);
  liveSamples += 1;
  return used;
};
setInterval(sample, 100).unref();
if (gc) setInterval(live, 1000).unref();

process.on('exit', () => {
  sample();
  if (!file) return;
  const u = process.resourceUsage();
  const usage: ProcessUsage = {
    maxRssKb: u.maxRSS,
    peakRssBytes: peakRss,
    peakHeapUsedBytes: peakHeap,
    liveHeap: gc ? { atExitBytes: live(), maxBytes: liveMax, samples: liveSamples } : null,
    userCpuMs: u.userCPUTime / 1000,
    systemCpuMs: u.systemCPUTime / 1000,
  };
  writeFileSync(file, JSON.stringify(usage));
});
