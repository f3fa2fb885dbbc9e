// Scale of the desk: bulk-import 1,000, 10,000 and 100,000 synthetic claims
// (each into its own database, without and with the trigram index on
// claims.search_text) and time the claims API (filter, search, first and deep
// keyset pages) and the list page on each, round-robin. The 1,000-claim desk
// is the baseline: a page should cost about the same at 100,000.
import { bulkImportClaims } from '../lib/claims/bulk-import';
import { type BenchDatabase, sql, usingDatabase } from './support/bench-database';
import type { Benchmark } from './support/benchmark';
import { type Factdesk, signInDemoUsers, startFactdesk } from './support/factdesk-server';
import { progressBar } from './support/progress';
import { type Summary, summarize } from './support/stats';
import { syntheticClaims, syntheticName } from './support/synthetic-claims';
import { fmtInt, fmtMs, fmtRatio, markdownTable } from './support/table';

const SIZES = [1_000, 10_000, 100_000];
const TRGM_INDEX = 'claims_search_text_trgm_idx';
// A word in about one claim in eight, and a made-up name in about one in 2,500.
const COMMON_WORD = 'opposition';
const RARE_WORD = syntheticName(1234).toLowerCase();
const FILTER_LANG = 'pt';
const WARMUP_ROUNDS = 3;
const MAX_ROUNDS = 30;
const MIN_ROUNDS = 12;
const BUDGET_MS = 60_000; // for all measuring rounds together
const FIRST_PORT = 3330;

type Variant = { key: string; label: string; trigram: boolean };
const VARIANTS: Variant[] = [
  { key: 'no_trgm', label: 'without trigram index', trigram: false },
  { key: 'trgm', label: 'with trigram index', trigram: true },
];

type Query = { label: string; path: (c: Cursors) => string; html?: boolean };
type Cursors = { filterDeep: string; searchDeep: string };

const QUERIES: Query[] = [
  { label: `lang=${FILTER_LANG}`, path: () => `/api/claims?lang=${FILTER_LANG}` },
  { label: `lang=${FILTER_LANG}, deep page`, path: (c) => `/api/claims?lang=${FILTER_LANG}&cursor=${c.filterDeep}` },
  { label: `q=${COMMON_WORD}`, path: () => `/api/claims?q=${COMMON_WORD}` },
  { label: `q=${COMMON_WORD}, deep page`, path: (c) => `/api/claims?q=${COMMON_WORD}&cursor=${c.searchDeep}` },
  { label: `q=${RARE_WORD} (rare)`, path: () => `/api/claims?q=${RARE_WORD}` },
  { label: 'list page GET /', path: () => '/', html: true },
];

// The API's cursor format (lib/claims/list-claims.ts): "<updatedAt ISO>|<id>", base64url.
const cursorOf = (row: { updated_at: Date; id: string }) => Buffer.from(`${row.updated_at.toISOString()}|${row.id}`).toString('base64url');

async function middleCursor(url: string, where: string, params: unknown[]): Promise<string> {
  const n = (await sql<{ n: string }>(url, `SELECT count(*) AS n FROM claims WHERE ${where}`, params))[0]!.n;
  const rows = await sql<{ updated_at: Date; id: string }>(
    url,
    `SELECT updated_at, id FROM claims WHERE ${where} ORDER BY updated_at DESC, id DESC OFFSET $${params.length + 1} LIMIT 1`,
    [...params, Math.floor(Number(n) / 2)],
  );
  return rows[0] ? cursorOf(rows[0]) : '';
}

async function timeOnce(baseUrl: string, cookie: string, path: string, html: boolean): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie }, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 300)}`);
  if (!html && !Array.isArray((JSON.parse(body) as { claims?: unknown }).claims)) throw new Error(`GET ${path}: no claims in answer`);
  return ms;
}

/** One desk: a variant at a size, on its own database and app server. */
type Desk = {
  variant: Variant;
  size: number;
  url: string;
  /** time to import, or to build the index on a copy */
  importMs: number;
  how: string;
  cursors: Cursors;
  matches: { lang: number; common: number; rare: number };
  samples: number[][];
  app?: Factdesk;
  cookie?: string;
};

async function describeDesk(url: string): Promise<Pick<Desk, 'cursors' | 'matches'>> {
  // As autovacuum eventually would; done here so every run measures the same state.
  await sql(url, 'VACUUM (ANALYZE) claims');
  await sql(url, 'VACUUM (ANALYZE) audit_events');
  const count = async (where: string, p: unknown[]) => Number((await sql<{ n: string }>(url, `SELECT count(*) AS n FROM claims WHERE ${where}`, p))[0]!.n);
  const like = `%${COMMON_WORD}%`;
  return {
    cursors: {
      filterDeep: await middleCursor(url, 'language = $1', [FILTER_LANG]),
      searchDeep: await middleCursor(url, 'search_text LIKE $1', [like]),
    },
    matches: {
      lang: await count('language = $1', [FILTER_LANG]),
      common: await count('search_text LIKE $1', [like]),
      rare: await count('search_text LIKE $1', [`%${RARE_WORD}%`]),
    },
  };
}

async function importDesk(database: BenchDatabase, variant: Variant, size: number, log: (m: string) => void): Promise<Desk> {
  const url = await database.create(`bench_scale_${variant.key}_${size}`);
  if (!variant.trigram) await sql(url, `DROP INDEX IF EXISTS ${TRGM_INDEX}`);
  else if ((await sql(url, 'SELECT 1 FROM pg_indexes WHERE indexname = $1', [TRGM_INDEX])).length === 0) {
    log(`scale: note: the migrations create no ${TRGM_INDEX}; both runs measure the same schema`);
  }
  const bar = progressBar(`${variant.label}: importing ${fmtInt(size)} claims`, size);
  const t0 = performance.now();
  await usingDatabase(url, () =>
    bulkImportClaims({ claims: syntheticClaims({ count: size, prefix: 'scale' }), onProgress: (n) => bar.update(n), group: false, figures: false }),
  );
  const importMs = performance.now() - t0;
  bar.finish();
  return { variant, size, url, importMs, how: 'bulk import', ...(await describeDesk(url)), samples: QUERIES.map(() => []) };
}

// The largest indexed desk is the unindexed one copied, then indexed as the
// migration would index an existing desk: importing 100,000 claims a second
// time with the index in place would add minutes to every run, and the
// smaller sizes already show what the index costs an import.
async function indexedCopy(database: BenchDatabase, source: Desk, variant: Variant, log: (m: string) => void): Promise<Desk> {
  log(`scale (${variant.label}): copying the ${fmtInt(source.size)}-claim desk and building the index …`);
  const url = await database.create(`bench_scale_${variant.key}_${source.size}`, source.url);
  const t0 = performance.now();
  await sql(url, `CREATE INDEX ${TRGM_INDEX} ON claims USING GIN (search_text gin_trgm_ops)`);
  const importMs = performance.now() - t0;
  return {
    variant,
    size: source.size,
    url,
    importMs,
    how: 'copy of the desk above + CREATE INDEX',
    ...(await describeDesk(url)),
    samples: QUERIES.map(() => []),
  };
}

// Every round asks every desk every query once, so a burst of background load
// on a shared machine lands on all the figures alike instead of on one column.
async function measure(desks: Desk[], log: (m: string) => void): Promise<number> {
  const started = performance.now();
  let rounds = 0;
  for (let r = 0; r < WARMUP_ROUNDS + MAX_ROUNDS; r++) {
    if (r >= WARMUP_ROUNDS + MIN_ROUNDS && performance.now() - started > BUDGET_MS) break;
    for (const desk of desks) {
      for (const [i, q] of QUERIES.entries()) {
        const ms = await timeOnce(desk.app!.baseUrl, desk.cookie!, q.path(desk.cursors), Boolean(q.html));
        if (r >= WARMUP_ROUNDS) desk.samples[i]!.push(ms);
      }
    }
    if (r >= WARMUP_ROUNDS) rounds += 1;
    if (rounds > 0 && rounds % 10 === 0) log(`scale: ${rounds} rounds measured`);
  }
  return rounds;
}

export const deskScale: Benchmark = {
  name: 'scale',
  title: 'Scale of the desk',
  run: async ({ database, log }) => {
    const desks: Desk[] = [];
    const [plain, indexed] = VARIANTS as [Variant, Variant];
    for (const size of SIZES) desks.push(await importDesk(database, plain, size, log));
    for (const size of SIZES.slice(0, -1)) desks.push(await importDesk(database, indexed, size, log));
    desks.push(await indexedCopy(database, desks[SIZES.length - 1]!, indexed, log));
    let rounds: number;
    try {
      for (const [i, desk] of desks.entries()) {
        desk.app = await startFactdesk({ port: FIRST_PORT + i, databaseUrl: desk.url });
        desk.cookie = (await signInDemoUsers(desk.app.baseUrl)).editor;
      }
      log(`scale: timing ${QUERIES.length} queries on ${desks.length} desks, round-robin …`);
      rounds = await measure(desks, log);
    } finally {
      for (const desk of desks) await desk.app?.stop();
    }

    const stats = (d: Desk) => d.samples.map((s) => summarize(s));
    const cell = (s: Summary) => `${fmtMs(s.p50)} / ${fmtMs(s.p95)}`;
    const ratio = (a: Summary, b: Summary) => `${fmtRatio(a.p50 / b.p50)} / ${fmtRatio(a.p95 / b.p95)}`;
    const importRows = desks.map((d) => [
      d.variant.label,
      fmtInt(d.size),
      d.how,
      (d.importMs / 1000).toFixed(1),
      d.how === 'bulk import' ? fmtInt(d.size / (d.importMs / 1000)) : '—',
    ]);
    const queryRows = VARIANTS.flatMap((variant) => {
      const mine = desks.filter((d) => d.variant === variant);
      const base = stats(mine[0]!);
      const last = mine.at(-1)!;
      return [
        ...mine.map((d) => [variant.label, fmtInt(d.size), ...stats(d).map(cell)]),
        [variant.label, `ratio ${fmtInt(last.size)} / ${fmtInt(mine[0]!.size)}`, ...stats(last).map((s, i) => ratio(s, base[i]!))],
      ];
    });
    const largest = (trigram: boolean) => stats(desks.filter((d) => d.variant.trigram === trigram).at(-1)!);
    const without = largest(false);
    const indexRow = ['', `${fmtInt(SIZES.at(-1)!)}: with / without index`, ...largest(true).map((s, i) => ratio(s, without[i]!))];
    const m = desks.filter((d) => d.variant === VARIANTS[0]);

    return [
      "Synthetic claims (about 850 characters each; en/pt/bg text from the seed articles' words plus made-up names), " +
        'imported with `lib/claims/bulk-import.ts` (1,000 claims and their `claim.imported` audit events per transaction) ' +
        'into a fresh database per size and variant, then `VACUUM ANALYZE`d. "Without trigram index" drops ' +
        `\`${TRGM_INDEX}\` after migrating, i.e. the schema before that migration. The indexed 100,000-claim desk is a copy ` +
        'of the unindexed one, indexed afterwards (as the migration indexes an existing desk).',
      '',
      'Import into an empty desk:',
      '',
      markdownTable(['run', 'claims', 'how', 'seconds', 'claims/s'], importRows),
      '',
      `Request time in ms, p50 / p95 over ${rounds} rounds (after ${WARMUP_ROUNDS} warm-up rounds); each round sends every query once to ` +
        'every desk in turn (six app servers, one per desk). Signed in as the editor; API pages are 25 claims. Ratios are p50 / p95:',
      '',
      markdownTable(['run', 'claims', ...QUERIES.map((q) => q.label)], [...queryRows, indexRow]),
      '',
      `Matching claims at ${m.map((d) => fmtInt(d.size)).join(' / ')}: ` +
        `lang=${FILTER_LANG} ${m.map((d) => fmtInt(d.matches.lang)).join(' / ')}; ` +
        `"${COMMON_WORD}" ${m.map((d) => fmtInt(d.matches.common)).join(' / ')}; ` +
        `"${RARE_WORD}" ${m.map((d) => fmtInt(d.matches.rare)).join(' / ')}. Deep pages start in the middle of the matches.`,
    ].join('\n');
  },
};
