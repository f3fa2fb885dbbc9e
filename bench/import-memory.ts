// Peak memory of the import CLI (`npm run import`) importing 10,000 files from
// a folder tree, against the same CLI importing 100 files: if the CLI held the
// files (or their results) in memory, the peak would grow with the count.
// The CLI runs as a child process, as a user runs it, with a preload that
// reports its peaks (bench/support/report-usage.ts), under /usr/bin/time -v
// when that is installed (the kernel's figure, independently read).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BenchDatabase, BENCH_DIR, ROOT } from './support/bench-database';
import type { Benchmark } from './support/benchmark';
import { NODE_TS } from './support/factdesk-server';
import { newsArticle } from './support/news-articles';
import { spawnGroup } from './support/processes';
import type { ProcessUsage } from './support/report-usage';
import { fmtInt, fmtMb, fmtRatio, markdownTable } from './support/table';

// BENCH_CLI_FILES=100,1000 for a quicker run.
const COUNTS = (process.env.BENCH_CLI_FILES ?? '100,10000').split(',').map(Number);
const FILES_PER_FOLDER = 100;
const SERIES = 4;
const GNU_TIME = '/usr/bin/time';

/** n files in folders of 100 (every tenth an HTML page, every tenth a Markdown file), from the news generator. */
function writeTree(dir: string, n: number): number {
  rmSync(dir, { recursive: true, force: true });
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const folder = path.join(dir, `batch-${String(Math.floor(i / FILES_PER_FOLDER)).padStart(3, '0')}`);
    if (i % FILES_PER_FOLDER === 0) mkdirSync(folder, { recursive: true });
    const a = newsArticle(i, SERIES);
    const [name, content] =
      i % 10 === 3
        ? [
            `article-${i}.html`,
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${a.title}</title></head><body><nav><a href="/">Home</a> <a href="/world">World</a></nav>` +
              `<article><h1>${a.title}</h1>${a.body
                .split('\n\n')
                .map((p) => `<p>${p}</p>`)
                .join('')}</article><footer>© The Daily Example</footer></body></html>`,
          ]
        : i % 10 === 7
          ? [`article-${i}.md`, `# ${a.title}\n\n${a.body}\n`]
          : [`article-${i}.txt`, a.text];
    writeFileSync(path.join(folder, name), content);
    bytes += Buffer.byteLength(content);
  }
  return bytes;
}

type Run = {
  files: number;
  bytes: number;
  elapsedMs: number;
  usage: ProcessUsage;
  gnuMaxRssKb: number | null;
  counts: Record<string, number>;
  code: number | null;
};

const summaryCount = (stdout: string, label: string) => {
  const line = stdout.split('\n').find((l) => l.trimStart().startsWith(`${label} `) && /\s[\d,]+$/.test(l));
  return line ? Number(/([\d,]+)$/.exec(line)?.[1]?.replace(/,/g, '')) : Number.NaN;
};

async function runCli(database: BenchDatabase, n: number, log: (m: string) => void): Promise<Run> {
  const url = await database.create(`bench_cli_${n}`);
  const dir = path.join(BENCH_DIR, `cli-files-${n}`);
  const bytes = writeTree(dir, n);
  const usageFile = path.join(BENCH_DIR, `cli-usage-${n}.json`);
  const node = [...NODE_TS, '--import', './bench/support/report-usage.ts', 'scripts/import-articles.ts', '--progress-every', '1000', dir];
  const gnu = existsSync(GNU_TIME);
  log(`import-memory: the CLI imports ${fmtInt(n)} files (${fmtMb(bytes)} MB) …`);
  const t0 = performance.now();
  const spawned = spawnGroup(gnu ? GNU_TIME : process.execPath, gnu ? ['-v', process.execPath, ...node] : node, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, BENCH_USAGE_FILE: usageFile, LOG_LEVEL: 'warn' },
  });
  let stdout = '';
  spawned.child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  const code = await new Promise<number | null>((resolve) => spawned.child.once('exit', (c) => resolve(c)));
  const elapsedMs = performance.now() - t0;
  await spawned.stop();
  if (code !== 0) throw new Error(`the CLI exited with ${code}:\n${spawned.output()}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as ProcessUsage;
  const gnuKb = /Maximum resident set size \(kbytes\): (\d+)/.exec(spawned.output())?.[1];
  rmSync(dir, { recursive: true, force: true });
  return {
    files: n,
    bytes,
    elapsedMs,
    usage,
    gnuMaxRssKb: gnuKb ? Number(gnuKb) : null,
    code,
    counts: Object.fromEntries(
      ['created', 'duplicate (same text already on the desk)', 'near-duplicate, skipped', 'refused', 'files in all'].map((l) => [l, summaryCount(stdout, l)]),
    ),
  };
}

export const importMemory: Benchmark = {
  name: 'import-memory',
  title: 'Peak memory of the import CLI',
  needsBuild: false,
  run: async ({ database, log }) => {
    const runs: Run[] = [];
    for (const n of COUNTS) runs.push(await runCli(database, n, log));
    const mb = (kb: number) => fmtMb(kb * 1024);
    const rows = runs.map((r) => [
      fmtInt(r.files),
      fmtMb(r.bytes),
      mb(r.usage.maxRssKb),
      r.gnuMaxRssKb === null ? '—' : mb(r.gnuMaxRssKb),
      fmtMb(r.usage.peakHeapUsedBytes),
      (r.elapsedMs / 1000).toFixed(1),
      (r.files / (r.elapsedMs / 1000)).toFixed(1),
      `created ${fmtInt(r.counts.created ?? 0)}, duplicate ${fmtInt(r.counts['duplicate (same text already on the desk)'] ?? 0)}, ` +
        `near-duplicate ${fmtInt(r.counts['near-duplicate, skipped'] ?? 0)}, refused ${fmtInt(r.counts.refused ?? 0)}`,
    ]);
    const [small, large] = [runs[0]!, runs.at(-1)!];
    return [
      `\`node … scripts/import-articles.ts --progress-every 1000 DIR\` (what \`npm run import\` runs) on a fresh copy of the seeded template, ` +
        `with DATABASE_URL, no terminal (progress as lines) and no app server listening. DIR holds the files in folders of ${FILES_PER_FOLDER}: ` +
        'news articles from `bench/support/news-articles.ts`, every tenth an HTML page (with navigation and footer), every tenth Markdown, the rest plain text. ' +
        'Max RSS is `process.resourceUsage().maxRSS` reported by the CLI process itself at exit (a benchmark-only preload, ' +
        '`bench/support/report-usage.ts`) and, independently, `/usr/bin/time -v`; peak heap is the largest `heapUsed` sampled every 100 ms. ' +
        'Elapsed includes start-up (tsx, Prisma). Memory in MB.',
      '',
      markdownTable(['files', 'size of the files', 'max RSS (process)', 'max RSS (/usr/bin/time)', 'peak heap used', 'seconds', 'files/s', 'outcomes'], rows),
      '',
      `${fmtInt(large.files)} files against ${fmtInt(small.files)}: ${fmtRatio(large.files / small.files)} the files, ${fmtRatio(large.bytes / small.bytes)} the bytes, ` +
        `${fmtRatio(large.usage.maxRssKb / small.usage.maxRssKb)} the max RSS, ${fmtRatio(large.usage.peakHeapUsedBytes / small.usage.peakHeapUsedBytes)} the peak heap.`,
    ].join('\n');
  },
};
