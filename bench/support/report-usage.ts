// Preloaded (node --import) into a process under benchmark; never in production.
// Samples memory every 100 ms and, when the process exits, writes its peaks and
// the kernel's maximum resident set size (process.resourceUsage().maxRSS) as
// JSON to $BENCH_USAGE_FILE.
import { writeFileSync } from 'node:fs';

export type ProcessUsage = { maxRssKb: number; peakRssBytes: number; peakHeapUsedBytes: number; userCpuMs: number; systemCpuMs: number };

const file = process.env.BENCH_USAGE_FILE;
let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
setInterval(sample, 100).unref();

process.on('exit', () => {
  sample();
  if (!file) return;
  const u = process.resourceUsage();
  const usage: ProcessUsage = {
    maxRssKb: u.maxRSS,
    peakRssBytes: peakRss,
    peakHeapUsedBytes: peakHeap,
    userCpuMs: u.userCPUTime / 1000,
    systemCpuMs: u.systemCPUTime / 1000,
  };
  writeFileSync(file, JSON.stringify(usage));
});
