// Import throughput through the full pipeline (importArticle: decode, title,
// language, boilerplate, fingerprint, duplicate checks, claim + source +
// audit event in one transaction) on desks of 1,000, 10,000 and 100,000
// claims, against the bulk path (lib/claims/bulk-import.ts) measured in the
// same run on a copy of each desk. Per article it also times the two
// duplicate lookups on their own, to show whether their cost grows with the
// desk, and it EXPLAINs the near-duplicate query on the largest desks, now
// and as it was before the band table (bench/support/near-candidates-before.ts).
import { findExactDuplicate, findNearDuplicates, NEAR_DUPLICATE_THRESHOLD, nearCandidatesQuery } from '../lib/articles/find-duplicates';
import { type Fingerprint, shingles, similarity } from '../lib/articles/fingerprint';
import { normalizeForSearch } from '../lib/articles/normalize-search';
import { prepareArticle } from '../lib/articles/prepare-article';
import { type BulkClaimInput, bulkImportClaims } from '../lib/claims/bulk-import';
import { type ImportOutcome, importArticle } from '../lib/claims/import-article';
import { db, disconnectDb } from '../lib/db';
import { Prisma } from '../lib/generated/prisma/client';
import { type BenchDatabase, sql, usingDatabase } from './support/bench-database';
import type { Benchmark } from './support/benchmark';
import { BEFORE_INDEX, nearCandidatesQueryBefore } from './support/near-candidates-before';
import { newsArticle } from './support/news-articles';
import { progressBar } from './support/progress';
import { summarize } from './support/stats';
import { syntheticClaim, syntheticClaims } from './support/synthetic-claims';
import { fmtInt, fmtMs, fmtRatio, markdownTable } from './support/table';

// BENCH_IMPORT_SIZES=1000,10000 for a quicker run.
const SIZES = (process.env.BENCH_IMPORT_SIZES ?? '1000,10000,100000').split(',').map(Number);
const ROUNDS = 3;
/** Articles through the pipeline per round (one at a time, as the CLI and the page send them). */
const PIPELINE_PER_ROUND = 100;
/** Articles through the bulk path per round: one batch of its default size. */
const BULK_PER_ROUND = 1_000;
// Article series (bench/support/news-articles.ts): different texts for each use.
const DESK_SERIES = 1;
const PIPELINE_SERIES = 2;
const BULK_SERIES = 3;

function lookalike(i: number): BulkClaimInput {
  const a = newsArticle(i, DESK_SERIES);
  return { sourceKey: `desk-news-${i}`, title: a.title, body: a.text, language: 'en' };
}

type Desk = { key: string; label: string; claims: (count: number) => Iterable<BulkClaimInput>; claim: (index: number) => BulkClaimInput };

const DESKS: Desk[] = [
  {
    key: 'unrelated',
    label: 'unrelated articles',
    // The scale benchmark's claims: seed-article words (Zipf) and made-up names; pairs share almost no word triples.
    claims: (count) => syntheticClaims({ count, prefix: 'desk' }),
    claim: (index) => syntheticClaim(index, 'desk'),
  },
  {
    key: 'lookalike',
    label: 'look-alike wire copy',
    // The same clause banks as the imported articles: every pair shares stock phrases (Jaccard ~0.1), the hard case for the band index.
    claims: function* (count) {
      for (let i = 0; i < count; i++) yield lookalike(i);
    },
    claim: (index) => lookalike(index),
  },
];

type Sample = {
  prepareMs: number;
  exactMs: number;
  nearMs: number;
  importMs: number;
  outcome: ImportOutcome;
  planted: boolean;
  /** A planted near-duplicate the import answered as one, of the claim it was made from. */
  found: boolean;
  /** Whether the query before the fix had that claim among its candidates. */
  foundBefore: boolean;
};

/** Every tenth article is a near-duplicate of a claim already on the desk, to check the lookup still finds them. */
const PLANT_EVERY = 10;

/**
 * A lightly edited copy: the sentences rotated by a third (reordered), every
 * third one replaced by a sentence of another article (edited), a new headline.
 * Jaccard similarity to the original about 0.35–0.6.
 */
function plantedCopy(original: BulkClaimInput, n: number): string {
  const sentences = original.body.replace(/\n+/g, ' ').split(/(?<=\.) /);
  const other = newsArticle(n, 9)
    .body.replace(/\n+/g, ' ')
    .split(/(?<=\.) /);
  const edited = sentences.map((s, k) => (k % 3 === 2 ? (other[k % other.length] ?? s) : s));
  const cut = Math.floor(edited.length / 3);
  return `Update: ${original.title}\n\n${[...edited.slice(cut), ...edited.slice(0, cut)].join(' ')}\n`;
}

type Result = {
  desk: Desk;
  size: number;
  samples: Sample[];
  pipelineMs: number;
  bulkMs: number;
  bulkCount: number;
  plans: { which: string; text: string }[];
  /** The candidate query alone, before the fix and now, taking turns. */
  candidates: { before: number[]; now: number[] };
};

const QUERY_PROBES = 60;

async function seedDesk(database: BenchDatabase, desk: Desk, size: number, log: (m: string) => void): Promise<{ url: string; bulkUrl: string }> {
  const url = await database.create(`bench_import_${desk.key}_${size}`);
  const bar = progressBar(`import (${desk.label}): seeding ${fmtInt(size)} claims`, size);
  await usingDatabase(url, () => bulkImportClaims({ claims: desk.claims(size), onProgress: (n) => bar.update(n), group: false, figures: false }));
  bar.finish();
  await sql(url, 'VACUUM (ANALYZE) claims');
  await sql(url, 'VACUUM (ANALYZE) article_fingerprints');
  await sql(url, 'VACUUM (ANALYZE) article_bands');
  await disconnectDb();
  // The bulk path's own copy, so its 3,000 claims do not change the size the pipeline sees.
  log(`import (${desk.label}, ${fmtInt(size)}): copying the desk for the bulk baseline …`);
  const bulkUrl = await database.create(`bench_import_${desk.key}_${size}_bulk`, url);
  return { url, bulkUrl };
}

/** A planted article, checked against the query before the fix once its index exists (after the timed rounds). */
type PendingBefore = { sample: Sample; fingerprint: Fingerprint; sourceId: string; alike: boolean };

async function pipelineRound(desk: Desk, size: number, round: number, samples: Sample[], pending: PendingBefore[]): Promise<number> {
  let total = 0;
  for (let i = 0; i < PIPELINE_PER_ROUND; i++) {
    const n = round * PIPELINE_PER_ROUND + i;
    const planted = i % PLANT_EVERY === PLANT_EVERY - 1;
    // A claim anywhere on the desk, old or recent.
    const original = planted ? (Math.imul(n + 1, 2654435761) >>> 0) % size : null;
    const text = original === null ? newsArticle(n, PIPELINE_SERIES).text : plantedCopy(desk.claim(original), n);
    const bytes = new TextEncoder().encode(text);
    const fileName = `article-${n}.txt`;
    // The parts on their own: preparing the article, then the two lookups importArticle makes.
    const t0 = performance.now();
    const prepared = prepareArticle({ content: { bytes }, fileName });
    const t1 = performance.now();
    await findExactDuplicate(db, prepared.fingerprint);
    const t2 = performance.now();
    await findNearDuplicates(db, prepared.fingerprint);
    const t3 = performance.now();
    // The whole pipeline, as the CLI calls it.
    const result = await importArticle({ actor: null, source: 'cli', content: { bytes }, fileName });
    const t4 = performance.now();
    total += t4 - t3;
    let found = false;
    let source: { id: string; body: string } | null = null;
    if (original !== null) {
      source = await db.claim.findUniqueOrThrow({ where: { sourceKey: desk.claim(original).sourceKey }, select: { id: true, body: true } });
      const sourceId = source.id;
      found = result.outcome === 'near_duplicate' && result.nearDuplicates.some((m) => m.claimId === sourceId);
    }
    const sample: Sample = {
      prepareMs: t1 - t0,
      exactMs: t2 - t1,
      nearMs: t3 - t2,
      importMs: t4 - t3,
      outcome: result.outcome,
      planted: original !== null,
      found,
      foundBefore: false,
    };
    samples.push(sample);
    if (source) {
      const alike = similarity(prepared.fingerprint.shingles, shingles(normalizeForSearch(source.body))) >= NEAR_DUPLICATE_THRESHOLD;
      pending.push({ sample, fingerprint: prepared.fingerprint, sourceId: source.id, alike });
    }
  }
  return total;
}

/** The query before the fix needs its GIN index, built only now so the timed imports do not maintain it. */
async function checkBefore(url: string, pending: PendingBefore[]): Promise<void> {
  for (const statement of BEFORE_INDEX) await sql(url, statement);
  await usingDatabase(url, async () => {
    for (const p of pending) {
      const before = await db.$queryRaw<{ id: string }[]>(nearCandidatesQueryBefore(p.fingerprint));
      p.sample.foundBefore = p.alike && before.some((c) => c.id === p.sourceId);
    }
  });
}

function bulkBatch(round: number): BulkClaimInput[] {
  return Array.from({ length: BULK_PER_ROUND }, (_, i) => {
    const n = round * BULK_PER_ROUND + i;
    const a = newsArticle(n, BULK_SERIES);
    return { sourceKey: `bulk-${n}`, title: a.title, body: a.text, language: 'en' };
  });
}

const probe = (n: number) => prepareArticle({ content: { bytes: new TextEncoder().encode(newsArticle(n, 5).text) }, fileName: 'probe.txt' }).fingerprint;

async function explain(query: Prisma.Sql): Promise<string> {
  const rows = await db.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** The candidate query on its own for new articles, before the fix and now, taking turns. */
async function compareQueries(): Promise<Result['candidates']> {
  const times: Result['candidates'] = { before: [], now: [] };
  for (let i = 0; i < QUERY_PROBES; i++) {
    const fp = probe(i);
    const runs = [
      ['before', nearCandidatesQueryBefore(fp)],
      ['now', nearCandidatesQuery(fp)],
    ] as const;
    for (const [which, query] of i % 2 === 0 ? runs : [...runs].reverse()) {
      const t0 = performance.now();
      await db.$queryRaw(query);
      times[which].push(performance.now() - t0);
    }
  }
  return times;
}

async function measureDesk(database: BenchDatabase, desk: Desk, size: number, log: (m: string) => void): Promise<Result> {
  const { url, bulkUrl } = await seedDesk(database, desk, size, log);
  const samples: Sample[] = [];
  const pending: PendingBefore[] = [];
  let pipelineMs = 0;
  let bulkMs = 0;
  // Rounds alternate between the two paths, so background load falls on both alike.
  for (let round = 0; round < ROUNDS; round++) {
    pipelineMs += await usingDatabase(url, () => pipelineRound(desk, size, round, samples, pending));
    const batch = bulkBatch(round);
    const t0 = performance.now();
    await usingDatabase(bulkUrl, () => bulkImportClaims({ claims: batch, group: false, figures: false }));
    bulkMs += performance.now() - t0;
    log(`import (${desk.label}, ${fmtInt(size)}): round ${round + 1}/${ROUNDS} done`);
  }
  await checkBefore(url, pending);
  const candidates = await usingDatabase(url, compareQueries);
  const plans =
    size === SIZES.at(-1)
      ? await usingDatabase(url, async () => {
          const now = { which: 'now', text: await explain(nearCandidatesQuery(probe(999_999))) };
          // Before the fix, for the desk where it matters.
          return desk.key === 'lookalike' ? [now, { which: 'before the fix', text: await explain(nearCandidatesQueryBefore(probe(999_999))) }] : [now];
        })
      : [];
  return { desk, size, samples, pipelineMs, bulkMs, bulkCount: ROUNDS * BULK_PER_ROUND, plans, candidates };
}

const p50p95 = (values: number[]) => {
  const s = summarize(values);
  return `${fmtMs(s.p50)} / ${fmtMs(s.p95)}`;
};

function outcomes(samples: Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of samples) counts.set(s.outcome, (counts.get(s.outcome) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${k.replace('_', '-')} ${v}`).join(', ');
}

function plantedFound(samples: Sample[], key: 'found' | 'foundBefore'): string {
  const planted = samples.filter((s) => s.planted);
  return `${planted.filter((s) => s[key]).length}/${planted.length}`;
}

export const importThroughput: Benchmark = {
  name: 'import',
  title: 'Import throughput and the duplicate check',
  needsBuild: false,
  run: async ({ database, log }) => {
    const results: Result[] = [];
    for (const desk of DESKS) for (const size of SIZES) results.push(await measureDesk(database, desk, size, log));

    const rows = results.map((r) => {
      const pipelineRate = r.samples.length / (r.pipelineMs / 1000);
      const bulkRate = r.bulkCount / (r.bulkMs / 1000);
      return [
        r.desk.label,
        fmtInt(r.size),
        fmtInt(pipelineRate),
        fmtInt(bulkRate),
        fmtRatio(pipelineRate / bulkRate),
        p50p95(r.samples.map((s) => s.importMs)),
        p50p95(r.samples.map((s) => s.prepareMs)),
        p50p95(r.samples.map((s) => s.exactMs)),
        p50p95(r.samples.map((s) => s.nearMs)),
        outcomes(r.samples.filter((s) => !s.planted)),
        `${outcomes(r.samples.filter((s) => s.planted))}; found ${plantedFound(r.samples, 'found')} (before the fix ${plantedFound(r.samples, 'foundBefore')})`,
      ];
    });
    const growth = DESKS.map((desk) => {
      const mine = results.filter((r) => r.desk === desk);
      const near = (r: Result) => summarize(r.samples.map((s) => s.nearMs + s.exactMs)).p50;
      return `${desk.label}: ${fmtRatio(near(mine.at(-1)!) / near(mine[0]!))}`;
    });
    const queryRows = results.map((r) => {
      const [before, now] = [summarize(r.candidates.before), summarize(r.candidates.now)];
      return [
        r.desk.label,
        fmtInt(r.size),
        `${fmtMs(before.p50)} / ${fmtMs(before.p95)}`,
        `${fmtMs(now.p50)} / ${fmtMs(now.p95)}`,
        fmtRatio(now.p50 / before.p50),
      ];
    });

    return [
      `Each desk is a fresh copy of the seeded template plus N claims bulk-imported (with their fingerprints), then \`VACUUM ANALYZE\`d. ` +
        `"Unrelated articles" are the scale benchmark's synthetic claims; "look-alike wire copy" are articles from the same clause banks as the imported ones ` +
        `(\`bench/support/news-articles.ts\`), so every pair shares stock phrases: the hard case for the band index. ` +
        `Pipeline: ${ROUNDS} rounds of ${PIPELINE_PER_ROUND} new articles (about 1,200 characters, English) through \`importArticle\` one at a time (source \`cli\`, system actor), ` +
        `so the desk grows by ${fmtInt(ROUNDS * PIPELINE_PER_ROUND)} during the measurement. Bulk: ${ROUNDS} batches of ${fmtInt(BULK_PER_ROUND)} articles from the same generator ` +
        `through \`bulkImportClaims\` (no parsing, no language detection, no duplicate check) on a copy of the same desk, alternating with the pipeline rounds. ` +
        `Every ${PLANT_EVERY}th pipeline article is a planted near-duplicate of a claim anywhere on the desk (sentences rotated, every third replaced, new headline): ` +
        '"found" counts those the import answered as a near-duplicate of that very claim; "before the fix", those the earlier candidate query (GIN on the bands array) had among its ten, ' +
        'asked after the rounds, once its index is built (the imports do not maintain it). ' +
        `Before each import the article is prepared and its two duplicate lookups are run on their own (outside the import's transaction) and timed; ` +
        `the import then makes them again. Times in ms, p50 / p95.`,
      '',
      markdownTable(
        [
          'desk',
          'claims',
          'pipeline articles/s',
          'bulk articles/s',
          'ratio',
          'import (whole)',
          'prepare (parse, detect, fingerprint)',
          'exact-duplicate lookup',
          'near-duplicate lookup',
          'new articles',
          'planted near-duplicates',
        ],
        rows,
      ),
      '',
      `Duplicate lookups (exact + near, p50) at ${fmtInt(SIZES.at(-1)!)} against ${fmtInt(SIZES[0]!)} claims: ${growth.join('; ')}.`,
      '',
      `The near-duplicate candidate query alone, ${QUERY_PROBES} new articles after the rounds: before the fix (a GIN probe per band on \`article_fingerprints.bands\`, up to 20 claims read per band; ` +
        '`bench/support/near-candidates-before.ts`, its index built on the desk for it) and now (`nearCandidatesQuery`: a btree probe per band on `article_bands`, up to 20 per band; both ranked by rarity-weighted bands), taking turns; ms, p50 / p95:',
      '',
      markdownTable(['desk', 'claims', 'before the fix', 'now', 'ratio (p50)'], queryRows),
      '',
      ...results.flatMap((r) =>
        r.plans.flatMap((p) => [
          `\`EXPLAIN (ANALYZE, BUFFERS)\` of the candidate query for a new article, ${r.desk.label}, ${fmtInt(r.size)} claims, ${p.which}:`,
          '',
          '```',
          p.text,
          '```',
          '',
        ]),
      ),
    ].join('\n');
  },
};
