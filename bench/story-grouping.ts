// Time to group one new article (groupArticle of
// lib/stories/desk/group-on-import.ts, what every import runs in its
// transaction) on desks of 1,000, 10,000 and 100,000 articles
// (bench/support/story-desk.ts), the same articles on each, taking turns. The
// 1,000-article desk is the baseline: the goal is at most 2× of it at 100,000.
// Each probe runs in a transaction that is rolled back, so every sample sees
// the same desk.
import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Tx } from '../lib/db';
import { Prisma, PrismaClient } from '../lib/generated/prisma/client';
import { normalizeForSearch } from '../lib/articles/normalize-search';
import { evidenceKeys, extractEvidence } from '../lib/stories/extract-evidence';
import { candidatesQuery } from '../lib/stories/desk/find-candidates';
import { groupArticle } from '../lib/stories/desk/group-on-import';
import { lockStories } from '../lib/stories/desk/lock';
import { NEIGHBOURHOOD_LIMIT } from '../lib/stories/desk/regroup-on-desk';
import { saveEvidence } from '../lib/stories/desk/save-evidence';
import { storyConfig } from '../lib/stories/desk/story-config';
import { DEFAULT_MAX_POSTINGS } from '../lib/stories/evidence-index';
import { loadStorySet, type StorySetArticle } from '../tests/fixtures/stories/labelled-set';
import type { Benchmark } from './support/benchmark';
import { STORY_PROBES, type StoryDesk, storyDesk } from './support/story-bench-desk';
import { summarize, median } from './support/stats';
import { timedPrisma } from './support/timed-prisma';
import { fmtInt, fmtMs, fmtRatio, markdownTable } from './support/table';

// BENCH_STORY_SIZES=1000,10000 for a quicker run; the first size is the baseline.
const SIZES = (process.env.BENCH_STORY_SIZES ?? '1000,10000,100000').split(',').map(Number);
/**
 * New articles from the labelled set (tests/fixtures/stories), never copied
 * onto the desk: two that belong with the seeds (Spanish, Arabic), the
 * blackout (a hard negative: Maduro, Guaidó, Caracas), Guaidó's return in
 * Russian (the seeds' people, a month later), and two far from Venezuela.
 */
const PROBES = STORY_PROBES;
const WARMUP_ROUNDS = 2;
const MIN_ROUNDS = 15;
const MAX_ROUNDS = 40;
const BUDGET_MS = 150_000;

type Probe = { article: StorySetArticle; title: string };
type Parts = {
  candidatesMs: number;
  otherSqlMs: number;
  candidates: number;
  /** The candidates' ids, best first. */
  candidateIds: string[];
  /** Articles regrouped; 0 when the neighbourhood was too large and the article was only placed. */
  neighbourhood: number;
  /** Time per database call, by statement (model call or the first words of its SQL). */
  statements: Map<string, { ms: number; calls: number }>;
};
type Sample = Parts & {
  ms: number;
  story: { size: number; seeds: boolean; created: boolean };
  moved: number;
};
type Desk = StoryDesk & {
  client: PrismaClient;
  seedsStory: string | null;
  seedIds: Set<string>;
  stories: number;
  samples: Map<string, Sample[]>;
  plans: Map<string, string>;
};

class Rollback extends Error {}

/**
 * tx with every database call timed: the candidate query (recognised by its
 * join of story_evidence_keys) apart from the rest. The rest of groupArticle's
 * time is in this process: extraction, scoring, regrouping, JSON.
 */
function instrumented(tx: Tx, sample: Parts): Tx {
  return timedPrisma(tx, ({ label, sql, ms, result }) => {
    const seen = sample.statements.get(label) ?? { ms: 0, calls: 0 };
    sample.statements.set(label, { ms: seen.ms + ms, calls: seen.calls + 1 });
    if (sql.includes('JOIN story_evidence_keys k')) {
      sample.candidatesMs += ms;
      if (Array.isArray(result)) {
        sample.candidates = result.length;
        sample.candidateIds = result.flatMap((r: unknown) => (r !== null && typeof r === 'object' && 'id' in r && typeof r.id === 'string' ? [r.id] : []));
      }
    } else {
      sample.otherSqlMs += ms;
    }
    if (sql.includes('story_pinned FROM claims') && Array.isArray(result)) sample.neighbourhood = result.length;
  });
}

/** Inserts the probe as a new claim and groups it, inside a transaction that is then rolled back. */
async function probeOnce(desk: Desk, probe: Probe): Promise<Sample> {
  let sample: Sample | undefined;
  try {
    await desk.client.$transaction(
      async (tx) => {
        // As importArticle: the claim is written, the story lock taken, then the article grouped.
        const id = randomUUID();
        const { article } = probe;
        await tx.$executeRaw`
          INSERT INTO claims (id, source_key, title, body, language, search_text, content_hash)
          VALUES (${id}::uuid, ${`bench-probe-${id}`}, ${probe.title}, ${article.body}, ${article.language},
                  ${normalizeForSearch(`${probe.title} ${article.body}`)}, ${id})`;
        await lockStories(tx);
        const parts: Parts = { candidatesMs: 0, otherSqlMs: 0, candidates: 0, candidateIds: [], neighbourhood: 0, statements: new Map() };
        const t0 = performance.now();
        const result = await groupArticle(instrumented(tx, parts), {
          claimId: id,
          body: article.body,
          language: article.language,
          // The probe row is inserted undated, as the bench's articles are.
          publishedAt: null,
          actor: null,
          requestId: null,
        });
        const ms = performance.now() - t0;
        const own = result.stories[0];
        sample = {
          ms,
          ...parts,
          story: { size: own?.size ?? 0, seeds: own?.id === desk.seedsStory, created: own?.size === 1 },
          moved: result.claims.length - 1,
        };
        throw new Rollback();
      },
      { timeout: 120_000, maxWait: 30_000 },
    );
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  if (!sample) throw new Error(`probe ${probe.article.id}: no sample`);
  return sample;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the probe's candidate query, its evidence saved first (rolled back). */
async function explainCandidates(desk: Desk, probe: Probe): Promise<string> {
  let plan = '';
  try {
    await desk.client.$transaction(
      async (tx) => {
        const id = randomUUID();
        const { article } = probe;
        await tx.$executeRaw`
          INSERT INTO claims (id, source_key, title, body, language, search_text, content_hash)
          VALUES (${id}::uuid, ${`bench-probe-${id}`}, ${probe.title}, ${article.body}, ${article.language}, '', ${id})`;
        const evidence = extractEvidence({ id, body: article.body, language: article.language });
        await saveEvidence(tx, id, evidence);
        const query = candidatesQuery(id, evidenceKeys(evidence), storyConfig());
        const rows = await tx.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`);
        plan = rows.map((r) => shorten(r['QUERY PLAN'])).join('\n');
        throw new Rollback();
      },
      { timeout: 60_000 },
    );
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return plan;
}

/** A plan line without the probe's key list (shown once, as a count) and the weight expression spelled out in full. */
function shorten(line: string): string {
  const keys = line.replace(/'\{([^}]*)\}'::text\[\]/g, (_, list: string) => `'{… ${list.split(',').length} keys}'::text[]`);
  return keys.length > 160 ? `${keys.slice(0, 157)}…` : keys;
}

/** How many of the probe's keys the candidate query reads, and how many index rows they hold. */
async function keyProfile(desk: Desk, probe: Probe): Promise<{ keys: number; read: number; skipped: number; rows: number }> {
  const { article } = probe;
  const keys = evidenceKeys(extractEvidence({ id: 'probe', body: article.body, language: article.language }));
  const rows = await desk.client.$queryRaw<{ read: number; skipped: number; rows: number }[]>`
    SELECT count(*) FILTER (WHERE df <= ${DEFAULT_MAX_POSTINGS})::int AS read, count(*) FILTER (WHERE df > ${DEFAULT_MAX_POSTINGS})::int AS skipped,
           coalesce(sum(df) FILTER (WHERE df <= ${DEFAULT_MAX_POSTINGS}), 0)::int AS rows
    FROM story_key_stats WHERE key = ANY(${keys}::text[])`;
  return { keys: keys.length, ...rows[0]! };
}

const STATEMENTS_SHOWN = 8;

/** How many samples regrouped a neighbourhood (and its median size), and how many only placed the article. */
function regrouped(samples: readonly Sample[]): string {
  const done = samples.filter((s) => s.neighbourhood > 0);
  return `${fmtInt(done.length)} (${done.length ? fmtInt(median(done.map((s) => s.neighbourhood))) : '—'}) / ${fmtInt(samples.length - done.length)}`;
}

function outcome(samples: readonly Sample[]): string {
  const s = samples[0];
  if (!s) return '—';
  const where = s.story.seeds ? "the seeds' story" : s.story.created ? 'a story of its own' : 'a desk story';
  return `${where} (${s.story.size})${s.moved ? `, ${s.moved} moved` : ''}`;
}

export const storyGrouping: Benchmark = {
  name: 'story-grouping',
  title: 'Grouping a new article into a story',
  needsBuild: false,
  run: async ({ database, log }) => {
    const set = loadStorySet().articles;
    const probes: Probe[] = PROBES.map((id) => {
      const article = set.find((a) => a.id === id);
      if (!article) throw new Error(`no labelled article ${id}`);
      return { article, title: (article.text.split('\n').find((l) => l.trim()) ?? id).trim() };
    });
    const desks: Desk[] = [];
    try {
      for (const size of SIZES) {
        log(`story-grouping: building the desk of ${fmtInt(size)} articles …`);
        const built = await storyDesk(database, size);
        const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: built.url, max: 2 }) });
        const seeds = await client.$queryRaw<{ story_id: string | null }[]>`
          SELECT DISTINCT story_id::text AS story_id FROM claims WHERE source_key ~ '^[0-9]{3}_'`;
        const seedIds = await client.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM claims WHERE source_key ~ '^[0-9]{3}_'`;
        const [stories] = await client.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM stories`;
        desks.push({
          ...built,
          client,
          seedsStory: seeds.length === 1 ? seeds[0]!.story_id : null,
          seedIds: new Set(seedIds.map((r) => r.id)),
          stories: stories!.n,
          samples: new Map(),
          plans: new Map(),
        });
      }
      log(`story-grouping: timing ${probes.length} new articles on ${desks.length} desks, taking turns …`);
      const started = performance.now();
      let rounds = 0;
      for (let r = 0; r < WARMUP_ROUNDS + MAX_ROUNDS; r++) {
        if (rounds >= MIN_ROUNDS && performance.now() - started > BUDGET_MS) break;
        for (const probe of probes) {
          // The desks' order rotates, so no size always goes first after another's work.
          for (let d = 0; d < desks.length; d++) {
            const desk = desks[(d + r) % desks.length]!;
            const sample = await probeOnce(desk, probe);
            if (r < WARMUP_ROUNDS) continue;
            desk.samples.set(probe.article.id, [...(desk.samples.get(probe.article.id) ?? []), sample]);
          }
        }
        if (r >= WARMUP_ROUNDS) rounds += 1;
        if (rounds > 0 && rounds % 10 === 0) log(`story-grouping: ${rounds} rounds measured`);
      }
      for (const desk of [desks[0]!, desks.at(-1)!]) desk.plans.set(PROBES[0]!, await explainCandidates(desk, probes[0]!));
      const profiles = new Map<Desk, Awaited<ReturnType<typeof keyProfile>>[]>();
      for (const desk of desks) profiles.set(desk, await Promise.all(probes.map((p) => keyProfile(desk, p))));
      return report(desks, probes, rounds, profiles);
    } finally {
      for (const desk of desks) await desk.client.$disconnect();
    }
  },
};

function report(
  desks: Desk[],
  probes: Probe[],
  rounds: number,
  profiles: Map<Desk, Array<{ keys: number; read: number; skipped: number; rows: number }>>,
): string {
  const all = (d: Desk) => [...d.samples.values()].flat();
  const base = desks[0]!;
  const baseStats = summarize(all(base).map((s) => s.ms));
  const largest = desks.at(-1)!;
  const deskRows = desks.map((d) => {
    const s = d.summary;
    const skippedKeys = s.dfBands.filter(([upper]) => upper > DEFAULT_MAX_POSTINGS).reduce((n, [, keys]) => n + keys, 0);
    return [
      fmtInt(d.size),
      fmtInt(s.events),
      fmtInt(d.stories),
      fmtInt(s.lookalikeArticles),
      fmtInt(s.links),
      fmtInt(s.suggestions),
      fmtInt(s.keyRows),
      fmtInt(s.distinctKeys),
      fmtInt(skippedKeys),
      d.seconds.toFixed(0),
    ];
  });
  const timeRows = desks.map((d) => {
    const samples = all(d);
    const t = summarize(samples.map((s) => s.ms));
    return [
      fmtInt(d.size),
      fmtInt(t.n),
      `${fmtMs(t.p50)} / ${fmtMs(t.p95)}`,
      d === base ? 'baseline' : `${fmtRatio(t.p50 / baseStats.p50)} / ${fmtRatio(t.p95 / baseStats.p95)}`,
      fmtMs(median(samples.map((s) => s.candidatesMs))),
      fmtMs(median(samples.map((s) => s.otherSqlMs))),
      fmtMs(median(samples.map((s) => s.ms - s.candidatesMs - s.otherSqlMs))),
      fmtInt(median(samples.map((s) => s.candidates))),
      regrouped(samples),
    ];
  });
  const perArticle = (d: Desk) => {
    const samples = all(d);
    const out = new Map<string, { ms: number; calls: number }>();
    for (const sample of samples) {
      for (const [label, v] of sample.statements) {
        const seen = out.get(label) ?? { ms: 0, calls: 0 };
        out.set(label, { ms: seen.ms + v.ms / samples.length, calls: seen.calls + v.calls / samples.length });
      }
    }
    return out;
  };
  const baseCalls = perArticle(base);
  const largestCalls = perArticle(largest);
  const statementRows = [...largestCalls]
    .sort((x, y) => y[1].ms - x[1].ms)
    .slice(0, STATEMENTS_SHOWN)
    .map(([label, v]) => {
      const b = baseCalls.get(label);
      return [`\`${label}\``, b ? b.calls.toFixed(1) : '—', v.calls.toFixed(1), b ? fmtMs(b.ms) : '—', fmtMs(v.ms)];
    });
  const probeRows = probes.map((p, i) => {
    const id = p.article.id;
    const at = (d: Desk) => summarize((d.samples.get(id) ?? []).map((s) => s.ms));
    const prof = profiles.get(largest)?.[i];
    return [
      `${id} (${p.article.language})`,
      ...desks.map((d) => `${fmtMs(at(d).p50)} / ${fmtMs(at(d).p95)}`),
      fmtRatio(at(largest).p50 / at(base).p50),
      prof ? `${prof.read} / ${prof.skipped} (${fmtInt(prof.rows)} rows)` : '—',
      desks.map((d) => String((d.samples.get(id)?.[0]?.candidateIds ?? []).filter((c) => d.seedIds.has(c)).length)).join(' / '),
      ...desks.map((d) => outcome(d.samples.get(id) ?? [])),
    ];
  });
  const last = summarize(all(largest).map((s) => s.ms));
  const ratio50 = last.p50 / baseStats.p50;
  const ratio95 = last.p95 / baseStats.p95;
  const goal = ratio50 <= 2 && ratio95 <= 2 ? 'within the 2× goal' : ratio50 <= 2 ? 'within 2× on the median, not on p95' : 'not within the 2× goal';
  const dfRows = largest.summary.dfBands.map(([upper, keys, rowsHeld], i, bands) => [
    i === 0 ? '1' : `${fmtInt(bands[i - 1]![0] + 1)}–${Number.isFinite(upper) ? fmtInt(upper) : ''}`.replace(/–$/, ' or more'),
    fmtInt(keys),
    fmtInt(rowsHeld),
    upper <= DEFAULT_MAX_POSTINGS ? 'read' : 'skipped (df cap)',
  ]);
  return [
    `Each desk is a copy of the seeded template (the five seeds imported and grouped through the pipeline) filled up to its size in bulk by ` +
      '`bench/support/story-desk.ts`: real evidence of the labelled set (`tests/fixtures/stories`, en/pt/es/bg/ru/ar) renamed per synthetic event, ' +
      "look-alike events keeping part of their story's own names, pair scores from `scorePair` on the final counts, stories by average link at the join " +
      `threshold. ${probes.length} new articles from the labelled set, each through \`groupArticle\` in a transaction that is then rolled back ` +
      `(claim inserted and story lock taken first, not timed), ${rounds} rounds after ${WARMUP_ROUNDS} warm-up rounds, every desk in turn for each article. ` +
      `Candidate query: keys held by more than ${fmtInt(DEFAULT_MAX_POSTINGS)} articles are not read; a neighbourhood over ${NEIGHBOURHOOD_LIMIT} articles is only placed.`,
    '',
    markdownTable(
      [
        'articles',
        'events',
        'stories',
        'look-alike articles',
        'links',
        'pending suggestions',
        'key rows',
        'distinct keys',
        `keys over ${fmtInt(DEFAULT_MAX_POSTINGS)}`,
        'built in s',
      ],
      deskRows,
    ),
    '',
    'Time to group one new article, ms (all probes together); the parts are medians: the candidate query, the other database calls (Prisma included), and the rest (extraction, scoring, regrouping, in this process):',
    '',
    markdownTable(
      [
        'articles',
        'samples',
        'p50 / p95',
        'ratio to the baseline (p50 / p95)',
        'candidate query',
        'other SQL',
        'in process',
        'candidates',
        'regrouped (articles) / placed only',
      ],
      timeRows,
    ),
    '',
    `**${fmtInt(largest.size)} against ${fmtInt(base.size)} articles (the baseline): ${fmtRatio(ratio50)} on the median, ${fmtRatio(ratio95)} on p95, ${goal}.**`,
    '',
    `Per article, ms p50 / p95; "keys read / skipped" counts its evidence keys at ${fmtInt(largest.size)} articles and the index rows the read ones hold; where it went (story size):`,
    '',
    markdownTable(
      [
        'new article',
        ...desks.map((d) => fmtInt(d.size)),
        `ratio ${fmtInt(largest.size)} / ${fmtInt(base.size)} (p50)`,
        'keys read / skipped',
        `seeds among its candidates (${desks.map((d) => fmtInt(d.size)).join(' / ')})`,
        ...desks.map((d) => `story at ${fmtInt(d.size)}`),
      ],
      probeRows,
    ),
    '',
    `The database calls that took longest at ${fmtInt(largest.size)} articles, per new article (mean ms; calls per article), against the baseline:`,
    '',
    markdownTable(
      ['call', `calls at ${fmtInt(base.size)}`, `calls at ${fmtInt(largest.size)}`, `ms at ${fmtInt(base.size)}`, `ms at ${fmtInt(largest.size)}`],
      statementRows,
    ),
    '',
    `Evidence keys on the ${fmtInt(largest.size)}-article desk by how many articles hold them:`,
    '',
    markdownTable(['articles holding the key', 'keys', 'index rows', 'candidate query'], dfRows),
    '',
    ...[...new Set([base, largest])].flatMap((d) => [
      `\`EXPLAIN (ANALYZE, BUFFERS)\` of the candidate query for ${PROBES[0]}, ${fmtInt(d.size)} articles:`,
      '',
      '```',
      d.plans.get(PROBES[0]!) ?? '',
      '```',
      '',
    ]),
  ].join('\n');
}
