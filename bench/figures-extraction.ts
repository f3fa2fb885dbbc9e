// Figure extraction throughput (issue 13), in articles per second for pt,
// en, es, bg and ar, on generated news articles of 600–1,500 words
// (bench/support/figure-articles.ts): (a) extractFigures() alone, next to
// prepareArticle() (parse, language, fingerprint: the in-process work every
// import already does) on the same articles; (b) the import pipeline with
// extraction against the same pipeline without it (bulkImportClaims with
// `figures: false`), batches of each language taking turns, each path on its
// own copy of the seeded desk. Figures, not tests: nothing fails on timing.
import { PrismaPg } from '@prisma/adapter-pg';
import { prepareArticle } from '../lib/articles/prepare-article';
import { bulkImportClaims } from '../lib/claims/bulk-import';
import { disconnectDb } from '../lib/db';
import { extractFigures, FIGURES_VERSION } from '../lib/figures/extract-figures';
import { PrismaClient } from '../lib/generated/prisma/client';
import { sql } from './support/bench-database';
import type { Benchmark } from './support/benchmark';
import { FIGURE_LANGUAGES, type FigureArticle, type FigureLanguage, figureArticle } from './support/figure-articles';
import { summarize } from './support/stats';
import { fmtInt, fmtMs, fmtRatio, markdownTable } from './support/table';

const ARTICLES = Number(process.env.BENCH_FIGURES_ARTICLES ?? 100);
const WARMUP_ROUNDS = 1;
const MIN_ROUNDS = 3;
const MAX_ROUNDS = 10;
const BUDGET_MS = 90_000;
/** Import: rounds of one batch per language per path. */
const IMPORT_ROUNDS = Number(process.env.BENCH_FIGURES_IMPORT_ROUNDS ?? 4);
const IMPORT_BATCH = 50;
/** The app's default DB_POOL_SIZE. */
const POOL = 10;
const STATEMENTS_SHOWN = 10;
const EXTRACT_SERIES = 1;
const IMPORT_SERIES = 2;

type Timed = { extract: number[]; prepare: number[]; found: number; planted: number; words: number; bytes: number };

const cpuBound = (fn: () => unknown): number => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};

/** extractFigures and prepareArticle on every article of every language, taking turns. */
function measureExtraction(log: (m: string) => void): { timed: Map<FigureLanguage, Timed>; rounds: number } {
  const sets = new Map(
    FIGURE_LANGUAGES.map((language) => [language, Array.from({ length: ARTICLES }, (_, n) => figureArticle(n, { language, series: EXTRACT_SERIES }))]),
  );
  const timed = new Map<FigureLanguage, Timed>(FIGURE_LANGUAGES.map((l) => [l, { extract: [], prepare: [], found: 0, planted: 0, words: 0, bytes: 0 }]));
  const started = performance.now();
  let rounds = 0;
  for (let r = 0; r < WARMUP_ROUNDS + MAX_ROUNDS; r++) {
    if (rounds >= MIN_ROUNDS && performance.now() - started > BUDGET_MS) break;
    const measured = r >= WARMUP_ROUNDS;
    for (let l = 0; l < FIGURE_LANGUAGES.length; l++) {
      // Rotated each round, so no language always follows the same one.
      const language = FIGURE_LANGUAGES[(l + r) % FIGURE_LANGUAGES.length]!;
      const t = timed.get(language)!;
      for (const [i, a] of sets.get(language)!.entries()) {
        const bytes = new TextEncoder().encode(a.text);
        let found = 0;
        const extract = () => {
          found = extractFigures({ body: a.body, language, publishedAt: a.publishedAt }).length;
        };
        const prepare = () => prepareArticle({ content: { bytes }, fileName: `figures-${language}-${i}.txt` });
        // The two alternate which goes first.
        const [first, second] = (i + r) % 2 === 0 ? [extract, prepare] : [prepare, extract];
        const ms1 = cpuBound(first);
        const ms2 = cpuBound(second);
        if (!measured) continue;
        t.extract.push(first === extract ? ms1 : ms2);
        t.prepare.push(first === prepare ? ms1 : ms2);
        if (rounds === 0) {
          t.found += found;
          t.planted += a.figures.length;
          t.words += a.words;
          t.bytes += bytes.length;
        }
      }
    }
    if (measured) rounds += 1;
    log(`figures-extraction: extraction round ${r + 1} done`);
  }
  return { timed, rounds };
}

type ImportResult = { ms: { with: number[]; without: number[] }; articles: number; figures: number };
type Path = 'with' | 'without';
/** Database time per statement kind on each path (Prisma's query events: the statement's round trip). */
type Statements = Record<Path, Map<string, { ms: number; calls: number }>>;

/** A statement's kind: its first words, without quoting, schema names or parameters. */
const statementKind = (query: string) =>
  query
    .replace(/"public"\./g, '')
    .replace(/"/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '…')
    .replace(/^(SELECT|INSERT INTO|UPDATE|DELETE FROM) (.{0,48}).*$/s, '$1 $2')
    .trim()
    .slice(0, 60);

/** One batch through bulkImportClaims on the client given (swapped in as lib/db's), with or without extraction. */
async function importBatch(client: PrismaClient, batch: FigureArticle[], keyPrefix: string, figures: boolean): Promise<number> {
  const previous = globalThis.__factdeskDb;
  globalThis.__factdeskDb = client;
  try {
    const t0 = performance.now();
    const result = await bulkImportClaims({
      claims: batch.map((a, i) => ({ sourceKey: `${keyPrefix}-${i}`, title: a.title, body: a.body, language: a.language })),
      batchSize: batch.length,
      group: false,
      figures,
    });
    const ms = performance.now() - t0;
    if (result.created !== batch.length) throw new Error(`bulk import created ${result.created} of ${batch.length}`);
    return ms;
  } finally {
    globalThis.__factdeskDb = previous;
  }
}

async function measureImport(
  urls: { with: string; without: string },
  log: (m: string) => void,
): Promise<{ results: Map<FigureLanguage, ImportResult>; statements: Statements }> {
  await disconnectDb();
  const statements: Statements = { with: new Map(), without: new Map() };
  let counting = false;
  const client = (path: Path) => {
    const c = new PrismaClient({ adapter: new PrismaPg({ connectionString: urls[path], max: POOL }), log: [{ emit: 'event', level: 'query' }] });
    c.$on('query', (e) => {
      if (!counting) return;
      const kind = statementKind(e.query);
      const seen = statements[path].get(kind) ?? { ms: 0, calls: 0 };
      statements[path].set(kind, { ms: seen.ms + e.duration, calls: seen.calls + 1 });
    });
    return c;
  };
  const clients = { with: client('with'), without: client('without') };
  const results = new Map<FigureLanguage, ImportResult>(FIGURE_LANGUAGES.map((l) => [l, { ms: { with: [], without: [] }, articles: 0, figures: 0 }]));
  try {
    await Promise.all([clients.with.$connect(), clients.without.$connect()]);
    // One warm-up batch each (not counted): module loading, the first connections.
    const warm = Array.from({ length: 5 }, (_, n) => figureArticle(n, { language: 'en', series: 99 }));
    await importBatch(clients.with, warm, 'warm', true);
    await importBatch(clients.without, warm, 'warm', false);
    counting = true;
    for (let r = 0; r < IMPORT_ROUNDS; r++) {
      for (let l = 0; l < FIGURE_LANGUAGES.length; l++) {
        const language = FIGURE_LANGUAGES[(l + r) % FIGURE_LANGUAGES.length]!;
        const batch = Array.from({ length: IMPORT_BATCH }, (_, i) => figureArticle(r * IMPORT_BATCH + i, { language, series: IMPORT_SERIES }));
        const key = `fig-${language}-${r}`;
        const result = results.get(language)!;
        // The paths take turns; which goes first alternates.
        const order: Array<'with' | 'without'> = (r + l) % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
        for (const path of order) result.ms[path].push(await importBatch(clients[path], batch, key, path === 'with'));
        result.articles += batch.length;
      }
      log(`figures-extraction: import round ${r + 1}/${IMPORT_ROUNDS} done`);
    }
    counting = false;
    // What each path stored: figures only where extraction ran, every claim marked with the extractor's version there.
    for (const language of FIGURE_LANGUAGES) {
      const [stored] = await sql<{ figures: number; marked: number }>(
        urls.with,
        `SELECT (SELECT count(*)::int FROM figures f JOIN claims c ON c.id = f.claim_id WHERE c.source_key LIKE $1) AS figures,
                (SELECT count(*)::int FROM claims WHERE source_key LIKE $1 AND figures_version = $2) AS marked`,
        [`fig-${language}-%`, FIGURES_VERSION],
      );
      const [none] = await sql<{ n: number }>(
        urls.without,
        'SELECT count(*)::int AS n FROM figures f JOIN claims c ON c.id = f.claim_id WHERE c.source_key LIKE $1',
        [`fig-${language}-%`],
      );
      const result = results.get(language)!;
      if (stored!.marked !== result.articles || none!.n !== 0) {
        throw new Error(`${language}: ${stored!.marked}/${result.articles} claims extracted with figures on, ${none!.n} figures stored with figures off`);
      }
      result.figures = stored!.figures;
    }
    return { results, statements };
  } finally {
    await Promise.all([clients.with.$disconnect(), clients.without.$disconnect()]);
  }
}

const p50p95 = (values: number[]) => {
  const s = summarize(values);
  return `${fmtMs(s.p50)} / ${fmtMs(s.p95)}`;
};
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export const figuresExtraction: Benchmark = {
  name: 'figures-extraction',
  title: 'Figure extraction throughput',
  needsBuild: false,
  run: async ({ database, log }) => {
    log(`figures-extraction: extractFigures on ${ARTICLES} articles per language …`);
    const { timed, rounds } = measureExtraction(log);
    const urls = { with: await database.create('bench_figures_with'), without: await database.create('bench_figures_without') };
    log(`figures-extraction: the import pipeline with and without extraction, ${IMPORT_ROUNDS} rounds of ${IMPORT_BATCH} per language …`);
    const { results: imports, statements } = await measureImport(urls, log);

    const extractRows = FIGURE_LANGUAGES.map((language) => {
      const t = timed.get(language)!;
      const e = summarize(t.extract);
      const p = summarize(t.prepare);
      return [
        language,
        fmtInt(t.words / ARTICLES),
        fmtInt(t.bytes / ARTICLES),
        (t.planted / ARTICLES).toFixed(1),
        (t.found / ARTICLES).toFixed(1),
        `${fmtMs(e.p50)} / ${fmtMs(e.p95)}`,
        fmtInt(t.extract.length / (sum(t.extract) / 1000)),
        `${fmtMs(p.p50)} / ${fmtMs(p.p95)}`,
        fmtInt(t.prepare.length / (sum(t.prepare) / 1000)),
        fmtRatio(e.p50 / p.p50),
      ];
    });
    const importRows = FIGURE_LANGUAGES.map((language) => {
      const r = imports.get(language)!;
      const withRate = r.articles / (sum(r.ms.with) / 1000);
      const withoutRate = r.articles / (sum(r.ms.without) / 1000);
      return [
        language,
        fmtInt(r.articles),
        fmtInt(withRate),
        fmtInt(withoutRate),
        fmtRatio(withRate / withoutRate),
        p50p95(r.ms.with),
        p50p95(r.ms.without),
        (r.figures / r.articles).toFixed(1),
      ];
    });
    const all_ = (path: Path) => [...imports.values()].flatMap((r) => r.ms[path]);
    const total = [...imports.values()].reduce((n, r) => n + r.articles, 0);
    const overall = total / (sum(all_('with')) / 1000) / (total / (sum(all_('without')) / 1000));
    const perArticle = total;
    const statementRows = (['with', 'without'] as const).flatMap((path) => {
      const all = [...statements[path]].sort((x, y) => y[1].ms - x[1].ms);
      const shown = all.slice(0, STATEMENTS_SHOWN);
      const rest = all.slice(STATEMENTS_SHOWN).reduce((a, [, v]) => ({ ms: a.ms + v.ms, calls: a.calls + v.calls }), { ms: 0, calls: 0 });
      const totalMs = all.reduce((a, [, v]) => a + v.ms, 0);
      const batchMs = sum(all_(path));
      return [
        ...shown.map(([kind, v], i) => [i === 0 ? path : '', `\`${kind}\``, (v.calls / perArticle).toFixed(2), fmtMs(v.ms / perArticle)]),
        ['', `(${all.length - shown.length} other kinds)`, (rest.calls / perArticle).toFixed(2), fmtMs(rest.ms / perArticle)],
        ['', '**all statements** / whole import', '', `${fmtMs(totalMs / perArticle)} / ${fmtMs(batchMs / perArticle)}`],
      ];
    });
    return [
      `${ARTICLES} generated articles per language (\`bench/support/figure-articles.ts\`: news paragraphs about one border crisis with digits, grouped digits, ` +
        'decimals with a scale word, number words, Eastern Arabic digits in ar, qualifiers, attributions with relaying outlets, time expressions, and traps such as dates, ' +
        'clock times, phone numbers and years), the same articles in every round. ' +
        `(a) In this process, ${rounds} rounds after ${WARMUP_ROUNDS} warm-up round, languages in an order rotated every round: each article through ` +
        '`extractFigures()` (FIGURES_VERSION ' +
        `${FIGURES_VERSION}) and through \`prepareArticle()\` (decode, title, language, boilerplate, fingerprint: what every import computes before writing), the two alternating which goes first. ` +
        '"Planted" counts the figure sentences the generator wrote, "found" what the extractor returned (traps included: a description of the input, not a quality score; ' +
        '`npm run eval:figures` scores quality). Per-article times in ms, p50 / p95; articles/s is articles over the summed time.',
      '',
      markdownTable(
        [
          'language',
          'words / article',
          'bytes / article',
          'figures planted / article',
          'found / article',
          'extractFigures p50 / p95',
          'extractFigures articles/s',
          'prepareArticle p50 / p95',
          'prepareArticle articles/s',
          'extract / prepare (p50)',
        ],
        extractRows,
      ),
      '',
      `(b) The import pipeline, \`bulkImportClaims\` (claims, fingerprints and \`claim.imported\` audit events in one transaction per batch; story grouping off on both paths, ` +
        `as it is the same work on both), with extraction (the figures stored as on import, \`figures_version\` set) and without (\`figures: false\`), ` +
        `each path on its own copy of the seeded desk through its own pool of ${POOL} connections: ${IMPORT_ROUNDS} rounds of one batch of ${IMPORT_BATCH} articles per language per path, ` +
        'the paths taking turns batch by batch (which goes first alternates), after one warm-up batch each. Batch times in ms, p50 / p95.',
      '',
      markdownTable(
        [
          'language',
          'articles per path',
          'with extraction articles/s',
          'without articles/s',
          'ratio (with / without)',
          'batch with',
          'batch without',
          'figures stored / article',
        ],
        importRows,
      ),
      '',
      `**All languages: the import pipeline with extraction runs at ${fmtRatio(overall)} the rate of the same pipeline without it.**`,
      '',
      'Where the import time goes, per article (all languages): database time by statement kind, as Prisma reports each round trip ' +
        "(calls per article; mean ms per article); the rest of the whole import's time is in this process (extraction, Prisma, JSON) or waiting:",
      '',
      markdownTable(['path', 'statement', 'calls', 'ms'], statementRows),
    ].join('\n');
  },
};
