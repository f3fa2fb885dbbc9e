// Fills a migrated, seeded desk with one story of N articles and their
// figures for the figures board benchmark, in bulk (multi-row INSERT …
// SELECT FROM json_to_recordset, as story-desk.ts writes): the story, its
// claims (bodies from figure-articles.ts in pt/en/es/bg/ar, statuses as a
// desk in progress has them, published over three weeks), their duplicate-
// check fingerprints, their grouping evidence (saveEvidence, so start-up's
// backfill leaves them in their story), and the figures the generator
// planted, with spans into the stored bodies, stamped with FIGURES_VERSION
// (so start-up does not extract them again). The figures' numbers follow a
// story that unfolds (defections rising from about 20 to about 1,500, each
// source with its own bias), so the board finds progressions and conflicts
// as it would on a real story; some carry verdicts, corrections, dismissals
// and supersessions. Not written: audit events of the desk articles.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { FINGERPRINT_VERSION, fingerprint } from '../../lib/articles/fingerprint';
import { normalizeForSearch } from '../../lib/articles/normalize-search';
import { db } from '../../lib/db';
import { FIGURES_VERSION } from '../../lib/figures/extract-figures';
import { saveEvidence } from '../../lib/stories/desk/save-evidence';
import { extractEvidence } from '../../lib/stories/extract-evidence';
import type { FigureCounted } from '../../lib/validation/figures';
import { usingDatabase } from './bench-database';
import { type FigureArticle, type FigureLanguage, figureArticle, type PlantedFigure } from './figure-articles';
import { deskUuid } from './story-desk';

export type FigureDeskOptions = {
  articles: number;
  figuresPerArticle: number;
  /** Ids derive from it: two desks with one prefix hold the same rows. */
  prefix?: string;
};

export type FigureDeskSummary = {
  storyId: string;
  articles: number;
  figures: number;
  /** Figures by what they count. */
  counted: Record<string, number>;
  sources: number;
  languages: Record<string, number>;
  verdicts: number;
  dismissed: number;
  ms: { generating: number; writing: number };
};

const DAY = 86_400_000;
const MINUTE = 60_000;
const START = Date.UTC(2019, 1, 10, 6, 0);
const SPAN_DAYS = 21;
const LANGUAGES: ReadonlyArray<readonly [FigureLanguage, number]> = [
  ['en', 0.35],
  ['es', 0.25],
  ['pt', 0.15],
  ['ar', 0.15],
  ['bg', 0.1],
];
const COUNTED: ReadonlyArray<readonly [FigureCounted, number]> = [
  ['people_defected', 0.3],
  ['people_displaced', 0.14],
  ['people_killed', 0.07],
  ['people_injured', 0.07],
  ['people_detained', 0.07],
  ['people_protesting', 0.06],
  ['troops_total', 0.06],
  ['aid_tonnes', 0.05],
  ['aid_shipments', 0.05],
  ['countries', 0.05],
  ['money', 0.04],
  ['share_percent', 0.04],
];
/** The story's true numbers on day d of 0–1 (then each source's bias and a reporter's noise). */
const CURVES: Readonly<Partial<Record<FigureCounted, (d: number) => number>>> = {
  people_defected: (d) => 20 + 1_500 * d * d,
  people_displaced: (d) => 1_000 + 30_000 * d,
  people_killed: (d) => 2 + 12 * d,
  people_injured: (d) => 10 + 300 * d,
  people_detained: (d) => 5 + 120 * d,
  people_protesting: () => 40_000,
  troops_total: () => 235_000,
  aid_tonnes: (d) => 200 + 400 * d,
  aid_shipments: (d) => 10 + 290 * d,
  money: (d) => 20_000_000 + 80_000_000 * d,
  countries: (d) => 20 + 30 * d,
  share_percent: () => 60,
};
const CLAIM_STATUSES: ReadonlyArray<readonly [number, string]> = [
  [0.68, 'unreviewed'],
  [0.88, 'verified'],
  [0.96, 'disputed'],
  [1, 'outdated'],
];
const FIGURE_STATUSES: ReadonlyArray<readonly [number, string]> = [
  [0.78, 'unreviewed'],
  [0.9, 'verified'],
  [0.96, 'disputed'],
  [1, 'outdated'],
];
const REASONS: Readonly<Record<string, string>> = {
  verified: 'Matches the agency’s own published count for that day.',
  disputed: 'No other source reports a number near this one for the same day.',
  outdated: 'A later count from the same source replaces it.',
};

function unit(...parts: Array<string | number>): number {
  return createHash('sha1').update(parts.join('\u0000')).digest().readUInt32BE(0) / 4294967296;
}

const weighted = <T>(u: number, list: ReadonlyArray<readonly [T, number]>): T => {
  let left = u * list.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of list) {
    left -= w;
    if (left < 0) return item;
  }
  return list.at(-1)![0];
};

type Article = FigureArticle & { id: string; index: number; status: string; decidedAt: Date | null; createdAt: Date };

/** Article i of the story: its language, date, body and planted figures. */
function storyArticle(prefix: string, i: number, total: number, figures: number): Article {
  const language = weighted(unit(prefix, 'language', i), LANGUAGES);
  const publishedAt = new Date(START + Math.floor(((i + unit(prefix, 'jitter', i)) / total) * SPAN_DAYS * DAY));
  const value = (counted: FigureCounted, { rnd, source }: { rnd: () => number; source: string | null }) => {
    const day = (publishedAt.getTime() - START) / (SPAN_DAYS * DAY);
    // Each source has its own bias (some count high, some low), fixed over the story.
    const bias = 0.6 + unit(prefix, 'bias', source ?? '') * 1.0;
    return (CURVES[counted] ?? (() => 10))(day) * bias * (0.9 + rnd() * 0.2);
  };
  const a = figureArticle(i, { language, series: 7, figures, publishedAt, counted: COUNTED, value });
  const u = unit(prefix, 'status', i);
  const status = CLAIM_STATUSES.find(([p]) => u < p)![1];
  const createdAt = new Date(publishedAt.getTime() + 30 * MINUTE);
  const decidedAt = status === 'unreviewed' ? null : new Date(createdAt.getTime() + Math.floor(unit(prefix, 'decided', i) * 600) * MINUTE);
  return { ...a, id: deskUuid(prefix, 'claim', i), index: i, status, decidedAt, createdAt };
}

type FigureRow = Record<string, unknown>;

/** The figure rows of one article: the planted figures, some reviewed, corrected, dismissed or superseded. */
function figureRows(prefix: string, a: Article, first: number, editor: string): FigureRow[] {
  const ids = a.figures.map((_, k) => deskUuid(prefix, 'figure', first + k));
  return a.figures.map((f: PlantedFigure, k) => {
    const n = first + k;
    const u = unit(prefix, 'figure-status', n);
    const status = FIGURE_STATUSES.find(([p]) => u < p)![1];
    // "23, then 60": a later figure of the same source counting the same thing updates this one.
    const later = a.figures.findIndex((g, j) => j > k && g.counted === f.counted && g.source !== null && g.source === f.source);
    const corrected = unit(prefix, 'corrected', n) < 0.03 ? ['counted'] : [];
    const dismissed = unit(prefix, 'dismissed', n) < 0.02;
    const decidedAt = status === 'unreviewed' ? null : new Date(a.createdAt.getTime() + Math.floor(unit(prefix, 'figure-decided', n) * 900) * MINUTE);
    const changes = (status === 'unreviewed' ? 0 : 1) + corrected.length + (dismissed ? 1 : 0);
    const updatedAt = decidedAt ?? a.createdAt;
    return {
      id: ids[k],
      claim_id: a.id,
      ordinal: k,
      origin: unit(prefix, 'added', n) < 0.01 ? 'added' : 'extracted',
      value: f.value,
      min_value: f.min,
      max_value: f.max,
      qualifier: f.qualifier,
      approximate: f.approximate,
      unit: f.unit,
      counted: f.counted,
      counted_text: f.countedText,
      attribution: f.attribution,
      source: f.source,
      relayed_by: f.relayedBy,
      time_text: f.timeText,
      time_date: f.timeDate,
      span_start: f.spanStart,
      span_end: f.spanEnd,
      sentence_start: f.sentenceStart,
      sentence_end: f.sentenceEnd,
      superseded_by_id: later >= 0 ? ids[later] : null,
      corrected_fields: corrected,
      dismissed_at: dismissed ? updatedAt : null,
      status,
      version: 1 + changes,
      reason: status === 'unreviewed' ? null : REASONS[status]!,
      evidence: status === 'unreviewed' ? [] : [{ url: `https://example.org/evidence/${n}`, label: null }],
      decided_by_id: decidedAt ? editor : null,
      decided_at: decidedAt,
      created_at: a.createdAt,
      updated_at: updatedAt,
    };
  });
}

export async function fillFigureDesk(url: string, options: FigureDeskOptions): Promise<FigureDeskSummary> {
  const prefix = options.prefix ?? 'figures';
  const t0 = performance.now();
  const articles = Array.from({ length: options.articles }, (_, i) => storyArticle(prefix, i, options.articles, options.figuresPerArticle));
  const generating = performance.now() - t0;
  const storyId = deskUuid(prefix, 'story', 0);
  const t1 = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let figures: FigureRow[];
  try {
    const editor = (await client.query<{ id: string }>("SELECT id FROM users WHERE role = 'editor' ORDER BY created_at LIMIT 1")).rows[0]?.id;
    if (!editor) throw new Error('the desk has no editor (seed the demo accounts first)');
    let first = 0;
    figures = articles.flatMap((a) => {
      const rows = figureRows(prefix, a, first, editor);
      first += rows.length;
      return rows;
    });
    const lastUpdate = Math.max(...articles.map((a) => (a.decidedAt ?? a.createdAt).getTime()));
    await client.query('BEGIN');
    await client.query(`INSERT INTO stories (id, title, size, decided, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      storyId,
      'Venezuelan soldiers defect across the Colombian border',
      articles.length,
      articles.filter((a) => a.status !== 'unreviewed').length,
      articles[0]!.createdAt,
      new Date(lastUpdate),
    ]);
    const claims = articles.map((a) => ({
      id: a.id,
      source_key: `${prefix}-${a.language}-${a.index}`,
      title: a.title,
      body: a.body,
      language: a.language,
      search_text: normalizeForSearch(`${a.title} ${a.body}`),
      content_hash: createHash('sha256').update(`${a.title}\n\n${a.body}`, 'utf8').digest('hex'),
      status: a.status,
      decided_at: a.decidedAt,
      created_at: a.createdAt,
      updated_at: a.decidedAt ?? a.createdAt,
      outlet: a.outlet,
      published_at: a.publishedAt,
    }));
    await client.query(
      `INSERT INTO claims (id, source_key, title, body, language, search_text, content_hash, status, decided_at, decided_by_id,
                           created_at, updated_at, outlet, published_at, language_confidence, language_from, story_id, figures_version)
       SELECT id, source_key, title, body, language, search_text, content_hash, status::"ClaimStatus", decided_at,
              CASE WHEN decided_at IS NULL THEN NULL ELSE $2::uuid END, created_at, updated_at, outlet, published_at, 0.99, 'detected', $3::uuid, $4::smallint
       FROM json_to_recordset($1::json) AS t(id uuid, source_key text, title text, body text, language text, search_text text, content_hash text,
            status text, decided_at timestamptz, created_at timestamptz, updated_at timestamptz, outlet text, published_at timestamptz)`,
      [JSON.stringify(claims), editor, storyId, FIGURES_VERSION],
    );
    const prints = articles.map((a) => ({ claim_id: a.id, ...fingerprint(a.body) }));
    await client.query(
      `INSERT INTO article_fingerprints (claim_id, version, text_hash, bands)
       SELECT claim_id, $2, "textHash", ARRAY(SELECT jsonb_array_elements_text(bands)::int)
       FROM json_to_recordset($1::json) AS t(claim_id uuid, "textHash" text, bands jsonb)`,
      [JSON.stringify(prints), FINGERPRINT_VERSION],
    );
    await client.query(
      `INSERT INTO article_bands (band, claim_id) SELECT DISTINCT b, claim_id
       FROM json_to_recordset($1::json) AS t(claim_id uuid, bands jsonb), LATERAL (SELECT jsonb_array_elements_text(bands)::int AS b) x`,
      [JSON.stringify(prints)],
    );
    await client.query(
      `INSERT INTO figures (id, claim_id, ordinal, origin, value, min_value, max_value, qualifier, approximate, unit, counted, counted_text,
                            attribution, source, relayed_by, time_text, time_date, span_start, span_end, sentence_start, sentence_end,
                            superseded_by_id, corrected_fields, dismissed_at, extractor_version, status, version, reason, evidence,
                            decided_by_id, decided_at, created_at, updated_at)
       SELECT id, claim_id, ordinal, origin, value, min_value, max_value, qualifier, approximate, unit, counted, counted_text,
              attribution, source, relayed_by, time_text, time_date, span_start, span_end, sentence_start, sentence_end,
              superseded_by_id, ARRAY(SELECT jsonb_array_elements_text(corrected_fields)), dismissed_at, $2::smallint, status::"ClaimStatus", version, reason, evidence,
              decided_by_id, decided_at, created_at, updated_at
       FROM json_to_recordset($1::json) AS t(id uuid, claim_id uuid, ordinal int, origin text, value float8, min_value float8, max_value float8,
            qualifier text, approximate boolean, unit text, counted text, counted_text text, attribution text, source text, relayed_by text,
            time_text text, time_date date, span_start int, span_end int, sentence_start int, sentence_end int, superseded_by_id uuid,
            corrected_fields jsonb, dismissed_at timestamptz, status text, version int, reason text, evidence jsonb,
            decided_by_id uuid, decided_at timestamptz, created_at timestamptz, updated_at timestamptz)`,
      [JSON.stringify(figures), FIGURES_VERSION],
    );
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    await client.end();
  }
  // The articles' grouping evidence through the app's own writer, so the counts stay right and start-up does not regroup them.
  await usingDatabase(url, () =>
    db.$transaction(
      async (tx) => {
        for (const a of articles) await saveEvidence(tx, a.id, extractEvidence({ id: a.id, body: a.body, language: a.language }));
      },
      { timeout: 300_000 },
    ),
  );
  const analyse = new pg.Client({ connectionString: url });
  await analyse.connect();
  try {
    for (const table of ['claims', 'figures', 'stories', 'story_evidence', 'story_evidence_keys', 'story_key_stats'])
      await analyse.query(`VACUUM (ANALYZE) ${table}`);
  } finally {
    await analyse.end();
  }
  const writing = performance.now() - t1;
  const count = (keys: string[]) => keys.reduce<Record<string, number>>((m, k) => ({ ...m, [k]: (m[k] ?? 0) + 1 }), {});
  return {
    storyId,
    articles: articles.length,
    figures: figures.length,
    counted: count(figures.map((f) => String(f.counted))),
    sources: new Set(figures.flatMap((f) => (typeof f.source === 'string' ? [f.source] : []))).size,
    languages: count(articles.map((a) => a.language)),
    verdicts: figures.filter((f) => f.status !== 'unreviewed').length,
    dismissed: figures.filter((f) => f.dismissed_at !== null).length,
    ms: { generating, writing },
  };
}
