// Fills a migrated desk database with N grouped articles for the story
// benchmarks, in bulk: claims, story_evidence, story_evidence_keys,
// story_key_stats, story_links, stories, story_suggestions and
// claims.story_id, written with multi-row INSERT … SELECT FROM unnest(…)
// (the bulk-import pattern) while the tables' secondary indexes are dropped,
// then re-created from their own definitions. The articles come from
// story-variants.ts (real extracted evidence, varied per event). Their pair
// scores are scorePair's on the final counts, and their stories are what
// average-link grouping at the join threshold makes of those scores, so a new
// article regrouping a neighbourhood finds it as grouping on import would
// have left it. Not written: duplicate-check fingerprints and audit events of
// the desk articles (no story path reads them).
import { createHash } from 'node:crypto';
import pg from 'pg';
import { FINGERPRINT_VERSION, fingerprint } from '../../lib/articles/fingerprint';
import { normalizeForSearch } from '../../lib/articles/normalize-search';
import { agglomerate, linkScore } from '../../lib/stories/agglomerate';
import { STORIES_VERSION, STORY_CONFIG, type StoryConfig } from '../../lib/stories/config';
import { describeStory } from '../../lib/stories/describe-story';
import { DOCUMENTS_KEY } from '../../lib/stories/desk/save-evidence';
import { scorePair } from '../../lib/stories/score-pair';
import type { ArticleEvidence, CorpusStats, PairScore } from '../../lib/stories/types';
import { type EventPlan, eventArticles, keyCounts, planEvents, type VariantArticle, type VariantOptions } from './story-variants';

export type StoryDeskOptions = {
  articles: number;
  /** Source keys and ids derive from it: two desks with one prefix hold the same articles. */
  prefix?: string;
  /** Which synthetic desk (story-variants.ts): its seed, and articles kept out of the templates. */
  variants?: VariantOptions;
  config?: StoryConfig;
  batchSize?: number;
  onProgress?: (phase: 'counting' | 'writing', done: number, total: number) => void;
};

export type StoryDeskSummary = {
  articles: number;
  events: number;
  lookalikeArticles: number;
  stories: number;
  links: number;
  suggestions: number;
  keyRows: number;
  distinctKeys: number;
  /** Keys by how many articles hold them: [upper bound, keys, rows]. */
  dfBands: Array<[number, number, number]>;
  ms: { counting: number; writing: number; indexing: number };
};

/** Article i of a desk prefix: a fixed UUID (v4 layout), so every run builds the same desk. */
export function deskUuid(prefix: string, what: string, i: number): string {
  const h = createHash('sha256').update(`${prefix}\u0000${what}\u0000${i}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The tables written in bulk, in the order their rows depend on each other. */
const LOADED = ['stories', 'claims', 'article_fingerprints', 'article_bands', 'story_evidence', 'story_evidence_keys', 'story_links', 'story_suggestions'];
const DF_BANDS = [1, 10, 100, 500, 1_000, 2_000, 5_000, Number.POSITIVE_INFINITY];
const OUTLETS: Readonly<Record<string, readonly string[]>> = {
  en: ['Reuters', 'AP', 'The Guardian', 'BBC News', 'Miami Herald'],
  es: ['El País', 'EFE', 'El Tiempo', 'El Nacional', 'Infobae'],
  pt: ['Folha de S.Paulo', 'G1', 'Agência Brasil', 'Público', 'UOL'],
  bg: ['БТА', 'Дневник', 'Mediapool', 'bTV Новините'],
  ru: ['ТАСС', 'РИА Новости', 'Интерфакс', 'Коммерсантъ'],
  ar: ['الجزيرة', 'العربية', 'سكاي نيوز عربية', 'فرانس 24'],
};
const MINUTE = 60_000;
// Statuses, as a desk in progress has them: two thirds still to review.
const STATUSES: ReadonlyArray<readonly [number, string]> = [
  [0.68, 'unreviewed'],
  [0.88, 'verified'],
  [0.96, 'disputed'],
  [1, 'outdated'],
];

function unit(...parts: Array<string | number>): number {
  return createHash('sha1').update(parts.join('\u0000')).digest().readUInt32BE(0) / 4294967296;
}

/** One event, and a look-alike event right after it that copies the same story (scored against it). */
type Component = { plans: EventPlan[] };

function* components(count: number, variants: VariantOptions): Generator<Component> {
  let pending: Component | undefined;
  for (const plan of planEvents(count, variants)) {
    if (plan.lookalike && pending) {
      pending.plans.push(plan);
      continue;
    }
    if (pending) yield pending;
    pending = { plans: [plan] };
  }
  if (pending) yield pending;
}

type Article = VariantArticle & { id: string; full: ArticleEvidence; at: Date; status: string; decidedAt: Date | null; updatedAt: Date };

type Rows = {
  stories: Array<{ id: string; title: string; size: number; decided: number; createdAt: Date; updatedAt: Date }>;
  claims: Array<Article & { storyId: string }>;
  links: PairScore[];
  suggestions: Array<{ id: string; a: string; b: string; score: number; pairs: PairScore[] }>;
};

const emptyRows = (): Rows => ({ stories: [], claims: [], links: [], suggestions: [] });

export async function fillStoryDesk(url: string, options: StoryDeskOptions): Promise<StoryDeskSummary> {
  const prefix = options.prefix ?? 'story';
  const variants = options.variants ?? {};
  const config = options.config ?? STORY_CONFIG;
  const batchSize = options.batchSize ?? 2_000;
  const total = options.articles;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET synchronous_commit = off; SET maintenance_work_mem = '512MB'");
    const t0 = performance.now();
    // Pass 1: the desk's key counts once every article is on it (the scores need them).
    const df = new Map<string, number>();
    const nameDf = new Map<string, number>();
    let done = 0;
    for (const plan of planEvents(total, variants)) {
      for (const a of eventArticles(plan, variants)) {
        const { keys, names } = keyCounts(a.evidence);
        for (const k of keys) df.set(k, (df.get(k) ?? 0) + 1);
        for (const k of names) nameDf.set(k, (nameDf.get(k) ?? 0) + 1);
      }
      done += plan.size;
      if (plan.index % 200 === 0) options.onProgress?.('counting', done, total);
    }
    const existing = await client.query<{ key: string; df: number; name_df: number }>('SELECT key, df, name_df FROM story_key_stats');
    const before = new Map(existing.rows.map((r) => [r.key, r]));
    const documents = (before.get(DOCUMENTS_KEY)?.df ?? 0) + total;
    const stats: CorpusStats = {
      documents,
      df: (k) => (df.get(k) ?? 0) + (before.get(k)?.df ?? 0),
      nameDf: (k) => (nameDf.get(k) ?? 0) + (before.get(k)?.name_df ?? 0),
    };
    const counting = performance.now() - t0;

    const editor = (await client.query<{ id: string }>("SELECT id FROM users WHERE role = 'editor' ORDER BY created_at LIMIT 1")).rows[0]?.id ?? null;
    const t1 = performance.now();
    const restore = await dropSecondaryIndexes(client, LOADED);
    // The desk's articles arrived over the last days; the seeds (imported now) are the newest.
    const start = Date.now() - (total + 500) * MINUTE;
    const summary = { events: 0, lookalikeArticles: 0, stories: 0, links: 0, suggestions: 0, keyRows: 0 };
    let rows = emptyRows();
    let written = 0;
    options.onProgress?.('writing', 0, total);
    const flush = async () => {
      if (rows.claims.length === 0) return;
      summary.keyRows += await writeRows(client, rows, editor);
      written += rows.claims.length;
      options.onProgress?.('writing', written, total);
      rows = emptyRows();
    };
    for (const component of components(total, variants)) {
      const articles = component.plans.flatMap((plan) => {
        summary.events += 1;
        if (plan.lookalike) summary.lookalikeArticles += plan.size;
        // Each event's articles come in over a while, between other events' articles.
        const gap = Math.floor(unit(prefix, 'gap', plan.index) * 120);
        return eventArticles(plan, variants).map((a, k): Article => {
          const id = deskUuid(prefix, 'claim', a.index);
          const at = new Date(start + (plan.first + k * gap) * MINUTE + Math.floor(unit(prefix, 'jitter', a.index) * MINUTE));
          const u = unit(prefix, 'status', a.index);
          const status = STATUSES.find(([p]) => u < p)![1];
          const decidedAt = status === 'unreviewed' ? null : new Date(at.getTime() + Math.floor(unit(prefix, 'decided', a.index) * 600) * MINUTE);
          return { ...a, id, full: { id, ...a.evidence }, at, status, decidedAt, updatedAt: decidedAt ?? at };
        });
      });
      const { stories, links, suggestions } = groupComponent(articles, component, stats, config);
      const storyOf = new Map<string, string>();
      for (const members of stories) {
        const byTime = members.map((id) => articles.find((a) => a.id === id)!).sort((x, y) => x.at.getTime() - y.at.getTime() || (x.id < y.id ? -1 : 1));
        const storyId = deskUuid(prefix, 'story', byTime[0]!.index);
        const inStory = new Set(members);
        const own = links.filter((l) => inStory.has(l.a) && inStory.has(l.b) && l.score >= config.suggestThreshold);
        rows.stories.push({
          id: storyId,
          title: clip(describeStory(own).title || byTime[0]!.title),
          size: members.length,
          decided: byTime.filter((a) => a.status !== 'unreviewed').length,
          createdAt: byTime[0]!.at,
          updatedAt: new Date(Math.max(...byTime.map((a) => a.updatedAt.getTime()))),
        });
        for (const a of byTime) {
          rows.claims.push({ ...a, storyId });
          storyOf.set(a.id, storyId);
        }
      }
      for (const s of suggestions) {
        const [x, y] = [storyOf.get(s.members[0][0]!)!, storyOf.get(s.members[1][0]!)!];
        const [a, b] = x < y ? [x, y] : [y, x];
        rows.suggestions.push({ id: deskUuid(prefix, 'suggestion', summary.suggestions), a, b, score: s.score, pairs: orient(s.pairs, storyOf, a) });
        summary.suggestions += 1;
      }
      rows.links.push(...links);
      summary.links += links.length;
      summary.stories += stories.length;
      if (rows.claims.length >= batchSize) await flush();
    }
    await flush();
    await writeKeyStats(client, df, nameDf, total);
    const writing = performance.now() - t1;
    const t2 = performance.now();
    await restore();
    for (const table of [...LOADED, 'story_key_stats']) {
      await client.query(`VACUUM (ANALYZE) ${table}`);
    }
    const indexing = performance.now() - t2;
    const dfBands = DF_BANDS.map((upper): [number, number, number] => [upper, 0, 0]);
    for (const v of df.values()) {
      const band = dfBands[DF_BANDS.findIndex((upper) => v <= upper)]!;
      band[1] += 1;
      band[2] += v;
    }
    return { articles: total, ...summary, distinctKeys: df.size, dfBands, ms: { counting, writing, indexing } };
  } finally {
    await client.end();
  }
}

function clip(title: string): string {
  return title.length <= 200 ? title : `${title.slice(0, 199)}…`;
}

/** A suggestion's pairs with `a` in story A, as the contract stores them. */
function orient(pairs: PairScore[], storyOf: ReadonlyMap<string, string>, storyA: string): PairScore[] {
  return pairs.map((p) =>
    storyOf.get(p.a) === storyA ? p : { a: p.b, b: p.a, score: p.score, shared: p.shared.map((s) => ({ ...s, surfaces: [s.surfaces[1], s.surfaces[0]] })) },
  );
}

const SUGGESTION_PAIRS = 5;
/** Pairs scored between a look-alike event and the event it copies: as many as candidate retrieval would bring. */
const CROSS_MEMBERS = 6;

/**
 * Scores every pair inside each event (and, for a look-alike, against the
 * event before it), then groups the component by the desk's rule. Returns
 * the stories as member lists, the links with a score above 0, and the
 * suggestions between its stories.
 */
function groupComponent(articles: Article[], component: Component, stats: CorpusStats, config: StoryConfig) {
  const links: PairScore[] = [];
  const score = new Map<string, number>();
  const key = (x: string, y: string) => (x < y ? `${x} ${y}` : `${y} ${x}`);
  const pair = (x: Article, y: Article) => {
    const [a, b] = x.id < y.id ? [x, y] : [y, x];
    const p = scorePair(a.full, b.full, { stats, config });
    if (p.score <= 0) return;
    links.push(p);
    score.set(key(a.id, b.id), p.score);
  };
  const byEvent = component.plans.map((plan) => articles.filter((a) => a.event === plan.index));
  for (const members of byEvent) for (let i = 0; i < members.length; i++) for (let j = i + 1; j < members.length; j++) pair(members[i]!, members[j]!);
  if (byEvent.length > 1) {
    for (const x of byEvent[0]!.slice(0, CROSS_MEMBERS)) for (const y of byEvent[1]!.slice(0, CROSS_MEMBERS)) pair(x, y);
  }
  const scoreOf = (x: string, y: string) => score.get(key(x, y)) ?? 0;
  const clusters = agglomerate(articles.map((a) => a.id).sort(), scoreOf, { threshold: config.joinThreshold });
  const suggestions: Array<{ members: [string[], string[]]; score: number; pairs: PairScore[] }> = [];
  for (let i = 0; i < clusters.length; i++) {
    for (let j = i + 1; j < clusters.length; j++) {
      const [x, y] = [clusters[i]!, clusters[j]!];
      const s = linkScore(x, y, scoreOf);
      if (s < config.suggestThreshold || s >= config.joinThreshold) continue;
      const inX = new Set(x);
      const inY = new Set(y);
      const between = links.filter((p) => (inX.has(p.a) && inY.has(p.b)) || (inY.has(p.a) && inX.has(p.b))).sort((p, q) => q.score - p.score);
      suggestions.push({ members: [x, y], score: Math.round(s * 10_000) / 10_000, pairs: between.slice(0, SUGGESTION_PAIRS) });
    }
  }
  return { stories: clusters, links, suggestions };
}

/** Writes one batch in a transaction; returns the number of key rows. */
/**
 * Writes one batch in a transaction; returns the number of key rows. Rows
 * travel as one JSON document per table (json_to_recordset): PostgreSQL
 * parses a text[] of JSON documents, all quotes escaped, about three times
 * slower.
 */
async function writeRows(client: pg.Client, rows: Rows, editor: string | null): Promise<number> {
  const keyRows: { key: string[]; claim: string[] } = { key: [], claim: [] };
  for (const c of rows.claims) {
    for (const k of keyCounts(c.evidence).keys) {
      keyRows.key.push(k);
      keyRows.claim.push(c.id);
    }
  }
  const outlet = (a: Article) => {
    const list = OUTLETS[a.language] ?? OUTLETS.en!;
    return list[a.index % list.length]!;
  };
  const prints = rows.claims.map((a) => ({ claim_id: a.id, ...fingerprint(a.body) }));
  const bands: { band: number[]; claim: string[] } = { band: [], claim: [] };
  for (const p of prints) {
    for (const band of new Set(p.bands)) {
      bands.band.push(band);
      bands.claim.push(p.claim_id);
    }
  }
  const claims = rows.claims.map((a) => ({
    id: a.id,
    source_key: `${a.id.slice(0, 8)}-${a.template}-${a.index}`,
    title: a.title,
    body: a.body,
    language: a.language,
    search_text: normalizeForSearch(`${a.title} ${a.body}`),
    content_hash: createHash('sha256').update(`${a.title}\n\n${a.body}`, 'utf8').digest('hex'),
    status: a.status,
    decided_at: a.decidedAt,
    created_at: a.at,
    updated_at: a.updatedAt,
    outlet: outlet(a),
    published_at: new Date(a.at.getTime() - 90 * MINUTE),
    story_id: a.storyId,
  }));
  await client.query('BEGIN');
  try {
    await client.query(
      `INSERT INTO stories (id, title, size, decided, created_at, updated_at)
       SELECT id, title, size, decided, "createdAt", "updatedAt"
       FROM json_to_recordset($1::json) AS t(id uuid, title text, size int, decided int, "createdAt" timestamptz, "updatedAt" timestamptz)`,
      [JSON.stringify(rows.stories)],
    );
    await client.query(
      `INSERT INTO claims (id, source_key, title, body, language, search_text, content_hash, status, decided_at, decided_by_id,
                           created_at, updated_at, outlet, published_at, language_confidence, language_from, story_id)
       SELECT id, source_key, title, body, language, search_text, content_hash, status::"ClaimStatus", decided_at,
              CASE WHEN decided_at IS NULL THEN NULL ELSE $2::uuid END, created_at, updated_at, outlet, published_at, 0.99, 'detected', story_id
       FROM json_to_recordset($1::json) AS t(id uuid, source_key text, title text, body text, language text, search_text text, content_hash text,
            status text, decided_at timestamptz, created_at timestamptz, updated_at timestamptz, outlet text, published_at timestamptz, story_id uuid)`,
      [JSON.stringify(claims), editor],
    );
    // The duplicate check's fingerprints, as bulk import writes them: the app's start-up would otherwise compute them all.
    await client.query(
      `INSERT INTO article_fingerprints (claim_id, version, text_hash, bands)
       SELECT claim_id, $2, "textHash", ARRAY(SELECT jsonb_array_elements_text(bands)::int)
       FROM json_to_recordset($1::json) AS t(claim_id uuid, "textHash" text, bands jsonb)`,
      [JSON.stringify(prints), FINGERPRINT_VERSION],
    );
    await client.query(`INSERT INTO article_bands (band, claim_id) SELECT * FROM unnest($1::int[], $2::uuid[])`, [bands.band, bands.claim]);
    await client.query(
      `INSERT INTO story_evidence (claim_id, version, evidence)
       SELECT claim_id, $2, evidence FROM json_to_recordset($1::json) AS t(claim_id uuid, evidence jsonb)`,
      [JSON.stringify(rows.claims.map((a) => ({ claim_id: a.id, evidence: a.full }))), STORIES_VERSION],
    );
    await client.query(`INSERT INTO story_evidence_keys (key, claim_id) SELECT * FROM unnest($1::text[], $2::uuid[])`, [keyRows.key, keyRows.claim]);
    await client.query(
      `INSERT INTO story_links (a, b, score, shared, version)
       SELECT a, b, score, shared, $2 FROM json_to_recordset($1::json) AS t(a uuid, b uuid, score float8, shared jsonb)`,
      [JSON.stringify(rows.links), STORIES_VERSION],
    );
    await client.query(
      `INSERT INTO story_suggestions (id, story_a_id, story_b_id, score, pairs)
       SELECT id, a, b, score, pairs FROM json_to_recordset($1::json) AS t(id uuid, a uuid, b uuid, score float8, pairs jsonb)`,
      [JSON.stringify(rows.suggestions)],
    );
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  }
  return keyRows.key.length;
}

/** Adds the desk's counts to story_key_stats (the seeds' keys may be there already). */
async function writeKeyStats(client: pg.Client, df: ReadonlyMap<string, number>, nameDf: ReadonlyMap<string, number>, articles: number) {
  // The article count lives in the row of the empty key (CorpusStats.documents).
  await client.query(
    `INSERT INTO story_key_stats (key, df, name_df) VALUES ($1, $2, 0) ON CONFLICT (key) DO UPDATE SET df = story_key_stats.df + excluded.df`,
    [DOCUMENTS_KEY, articles],
  );
  const all = [...df.keys()];
  for (let i = 0; i < all.length; i += 50_000) {
    const keys = all.slice(i, i + 50_000);
    await client.query(
      `INSERT INTO story_key_stats (key, df, name_df) SELECT * FROM unnest($1::text[], $2::int[], $3::int[])
       ON CONFLICT (key) DO UPDATE SET df = story_key_stats.df + excluded.df, name_df = story_key_stats.name_df + excluded.name_df`,
      [keys, keys.map((k) => df.get(k) ?? 0), keys.map((k) => nameDf.get(k) ?? 0)],
    );
  }
  // Skeleton keys held only as names of other keys' skeletons have a name_df but no row of their own yet.
  const extra = [...nameDf.keys()].filter((k) => !df.has(k));
  if (extra.length) {
    await client.query(
      `INSERT INTO story_key_stats (key, df, name_df) SELECT k, 0, n FROM unnest($1::text[], $2::int[]) AS t(k, n)
       ON CONFLICT (key) DO UPDATE SET name_df = story_key_stats.name_df + excluded.name_df`,
      [extra, extra.map((k) => nameDf.get(k) ?? 0)],
    );
  }
}

/**
 * Drops the tables' foreign keys and their indexes other than the primary
 * keys and unique constraints of tables others refer to, so bulk writes do
 * not check and maintain them row by row; the function returned builds them
 * again from their own definitions (pg_indexes, pg_get_constraintdef), so a
 * later migration's come back too, and re-adding a foreign key checks every
 * row once.
 */
async function dropSecondaryIndexes(client: pg.Client, tables: string[]): Promise<() => Promise<void>> {
  const redo: string[] = [];
  const foreign: string[] = [];
  for (const table of tables) {
    const keys = await client.query<{ name: string; def: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'`,
      [table],
    );
    for (const k of keys.rows) {
      await client.query(`ALTER TABLE ${table} DROP CONSTRAINT "${k.name}"`);
      foreign.push(`ALTER TABLE ${table} ADD CONSTRAINT "${k.name}" ${k.def}`);
    }
  }
  for (const table of tables) {
    const referenced = (await client.query('SELECT 1 FROM pg_constraint WHERE confrelid = $1::regclass LIMIT 1', [table])).rowCount! > 0;
    const constraints = await client.query<{ name: string; def: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype IN ('p', 'u')`,
      [table],
    );
    if (!referenced) {
      for (const c of constraints.rows) {
        await client.query(`ALTER TABLE ${table} DROP CONSTRAINT "${c.name}"`);
        redo.push(`ALTER TABLE ${table} ADD CONSTRAINT "${c.name}" ${c.def}`);
      }
    }
    const indexes = await client.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
       WHERE i.schemaname = current_schema() AND i.tablename = $1
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
      [table],
    );
    for (const index of indexes.rows) {
      await client.query(`DROP INDEX "${index.name}"`);
      redo.push(index.def);
    }
  }
  return async () => {
    for (const statement of [...redo, ...foreign]) await client.query(statement);
  };
}
