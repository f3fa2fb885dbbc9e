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
};

/** One count of files: a plain run (the memory a user sees) and one with --expose-gc (the heap the CLI holds). */
type Measured = { plain: Run; collected: Run };

const LABELS = ['created', 'duplicate (same text already on the desk)', 'near-duplicate, skipped', 'refused', 'files in all'];

const summaryCount = (stdout: string, label: string) => {
  const line = stdout.split('\n').find((l) => l.trimStart().startsWith(`${label} `) && /\s[\d,]+$/.test(l));
  return line ? Number(/([\d,]+)$/.exec(line)?.[1]?.replace(/,/g, '')) : Number.NaN;
};

async function runCli(database: BenchDatabase, dir: string, n: number, bytes: number, collect: boolean, log: (m: string) => void): Promise<Run> {
  const name = `${n}${collect ? '_gc' : ''}`;
  const url = await database.create(`bench_cli_${name}`);
  const usageFile = path.join(BENCH_DIR, `cli-usage-${name}.json`);
  const node = [
    ...(collect ? ['--expose-gc'] : []),
    ...NODE_TS,
    '--import',
    './bench/support/report-usage.ts',
    'scripts/import-articles.ts',
    '--progress-every',
    '1000',
    dir,
  ];
  const gnu = existsSync(GNU_TIME);
  log(`import-memory: the CLI imports ${fmtInt(n)} files (${fmtMb(bytes)} MB)${collect ? ', collecting garbage every second' : ''} …`);
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
  return {
    files: n,
    bytes,
    elapsedMs,
    usage,
    gnuMaxRssKb: gnuKb ? Number(gnuKb) : null,
    counts: Object.fromEntries(LABELS.map((l) => [l, summaryCount(stdout, l)])),
  };
}

async function measure(database: BenchDatabase, n: number, log: (m: string) => void): Promise<Measured> {
  const dir = path.join(BENCH_DIR, `cli-files-${n}`);
  const bytes = writeTree(dir, n);
  try {
    return { plain: await runCli(database, dir, n, bytes, false, log), collected: await runCli(database, dir, n, bytes, true, log) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const importMemory: Benchmark = {
  name: 'import-memory',
  title: 'Peak memory of the import CLI',
  needsBuild: false,
  run: async ({ database, log }) => {
    const measured: Measured[] = [];
    for (const n of COUNTS) measured.push(await measure(database, n, log));
    const mb = (kb: number) => fmtMb(kb * 1024);
    const live = (r: Run) => (r.usage.liveHeap ? `${fmtMb(r.usage.liveHeap.maxBytes)} / ${fmtMb(r.usage.liveHeap.atExitBytes)}` : '—');
    const rows = measured.map(({ plain: r, collected: c }) => [
      fmtInt(r.files),
      fmtMb(r.bytes),
      mb(r.usage.maxRssKb),
      r.gnuMaxRssKb === null ? '—' : mb(r.gnuMaxRssKb),
      fmtMb(r.usage.peakHeapUsedBytes),
      live(c),
      mb(c.usage.maxRssKb),
      (r.elapsedMs / 1000).toFixed(1),
      (r.files / (r.elapsedMs / 1000)).toFixed(1),
      `created ${fmtInt(r.counts.created ?? 0)}, duplicate ${fmtInt(r.counts['duplicate (same text already on the desk)'] ?? 0)}, ` +
        `near-duplicate ${fmtInt(r.counts['near-duplicate, skipped'] ?? 0)}, refused ${fmtInt(r.counts.refused ?? 0)}`,
    ]);
    const [small, large] = [measured[0]!, measured.at(-1)!];
    const ratio = (f: (m: Measured) => number) => fmtRatio(f(large) / f(small));
    return [
      `\`node … scripts/import-articles.ts --progress-every 1000 DIR\` (what \`npm run import\` runs), with DATABASE_URL, no terminal (progress as lines) ` +
        `and no app server listening. DIR holds the files in folders of ${FILES_PER_FOLDER}: news articles from \`bench/support/news-articles.ts\`, ` +
        'every tenth an HTML page (with navigation and footer), every tenth Markdown, the rest plain text. ' +
        'Each count runs twice, each time into a fresh copy of the seeded template: as a user runs it, and with `--expose-gc`, collecting garbage once a second ' +
        "to read the heap the CLI still holds (the plain run's peak heap includes garbage V8 had not collected yet). " +
        'Max RSS is `process.resourceUsage().maxRSS` reported by the CLI process itself at exit (a benchmark-only preload, ' +
        '`bench/support/report-usage.ts`) and, independently, `/usr/bin/time -v`; peak heap is the largest `heapUsed` sampled every 100 ms. ' +
        "Seconds and files/s are the plain run's and include start-up (tsx, Prisma). Memory in MB.",
      '',
      markdownTable(
        [
          'files',
          'size of the files',
          'max RSS',
          'max RSS (/usr/bin/time)',
          'peak heap used',
          'heap after GC, max / at exit (--expose-gc run)',
          'max RSS (--expose-gc run)',
          'seconds',
          'files/s',
          'outcomes',
        ],
        rows,
      ),
      '',
      `${fmtInt(large.plain.files)} files against ${fmtInt(small.plain.files)}: ${ratio((m) => m.plain.files)} the files, ${ratio((m) => m.plain.bytes)} the bytes, ` +
        `${ratio((m) => m.plain.usage.maxRssKb)} the max RSS, ${ratio((m) => m.plain.usage.peakHeapUsedBytes)} the peak heap, ` +
        `${ratio((m) => m.collected.usage.liveHeap?.atExitBytes ?? Number.NaN)} the heap in use after a collection at exit.`,
    ].join('\n');
  },
};
