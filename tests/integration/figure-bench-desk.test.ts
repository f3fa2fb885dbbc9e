// The desk the figures board benchmark times (bench/support/figure-desk.ts),
// written in bulk: one story of N articles with the stated number of figures,
// rows the figures CHECKs accept, spans that point at the figures in the
// stored bodies, and nothing start-up would regroup or extract again.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FigureDeskSummary, fillFigureDesk } from '../../bench/support/figure-desk';
import { disconnectDb } from '../../lib/db';
import { FIGURES_VERSION } from '../../lib/figures/extract-figures';
import { groupUngrouped } from '../../lib/stories/desk/backfill';
import { FIGURE_COUNTED } from '../../lib/validation/figures';
import { seedArticles, seedDemoUsers } from '../../seeds/run-seed';

const ARTICLES = 40;
const PER_ARTICLE = 6;
/** The story's figures (the seeds have their own), as `f` with their claim `c`; $1 is the story. */
const STORY_FIGURES = 'figures f JOIN claims c ON c.id = f.claim_id AND c.story_id = $1';
let client: pg.Client;
let summary: FigureDeskSummary;

const rows = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;

beforeAll(async () => {
  await seedArticles();
  await seedDemoUsers();
  await disconnectDb();
  summary = await fillFigureDesk(process.env.DATABASE_URL!, { articles: ARTICLES, figuresPerArticle: PER_ARTICLE, prefix: 'test' });
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client.end();
  await disconnectDb();
});

describe('the bulk-written figures desk', () => {
  it('holds one story of N articles, each with the stated number of figures', async () => {
    expect(summary).toMatchObject({ articles: ARTICLES, figures: ARTICLES * PER_ARTICLE });
    const [story] = await rows<{ size: number; members: number; decided: number; decided_members: number }>(
      `SELECT s.size, s.decided, count(c.id)::int AS members, count(c.id) FILTER (WHERE c.status <> 'unreviewed')::int AS decided_members
       FROM stories s JOIN claims c ON c.story_id = s.id WHERE s.id = $1 GROUP BY s.id`,
      [summary.storyId],
    );
    expect(story).toEqual({ size: ARTICLES, members: ARTICLES, decided: story!.decided_members, decided_members: story!.decided_members });
    const perArticle = await rows<{ n: number }>(
      'SELECT count(f.id)::int AS n FROM claims c LEFT JOIN figures f ON f.claim_id = c.id WHERE c.story_id = $1 GROUP BY c.id',
      [summary.storyId],
    );
    expect(perArticle).toHaveLength(ARTICLES);
    expect(new Set(perArticle.map((r) => r.n))).toEqual(new Set([PER_ARTICLE]));
  });

  it('spreads the figures over several counted groups, sources and the five languages', async () => {
    const counted = await rows<{ counted: string; n: number }>(`SELECT f.counted, count(*)::int AS n FROM ${STORY_FIGURES} GROUP BY f.counted`, [
      summary.storyId,
    ]);
    expect(counted.length).toBeGreaterThanOrEqual(6);
    for (const c of counted) expect(FIGURE_COUNTED).toContain(c.counted);
    expect(Math.max(...counted.map((c) => c.n))).toBe(counted.find((c) => c.counted === 'people_defected')?.n);
    expect(summary.sources).toBeGreaterThanOrEqual(8);
    expect(Object.keys(summary.languages).sort()).toEqual(['ar', 'bg', 'en', 'es', 'pt']);
    const [kinds] = await rows<{ qualifiers: number; dated: number; attributed: number; reviewed: number; superseded: number }>(
      `SELECT count(DISTINCT f.qualifier)::int AS qualifiers, count(f.time_date)::int AS dated, count(f.source)::int AS attributed,
              count(*) FILTER (WHERE f.status <> 'unreviewed')::int AS reviewed, count(f.superseded_by_id)::int AS superseded FROM ${STORY_FIGURES}`,
      [summary.storyId],
    );
    expect(kinds!.qualifiers).toBeGreaterThanOrEqual(5);
    expect(kinds!.dated).toBeGreaterThan(0);
    expect(kinds!.attributed).toBeGreaterThan(ARTICLES * PER_ARTICLE * 0.6);
    expect(kinds!.reviewed).toBe(summary.verdicts);
    expect(kinds!.superseded).toBeGreaterThan(0);
  });

  it('writes rows the figures CHECKs hold, with spans at the figures in the stored bodies', async () => {
    const checks = await rows<{ name: string; validated: boolean }>(
      `SELECT conname AS name, convalidated AS validated FROM pg_constraint WHERE conrelid = 'figures'::regclass AND contype = 'c' ORDER BY conname`,
    );
    expect(checks.map((c) => c.name)).toEqual(
      expect.arrayContaining(['figures_numbers_check', 'figures_origin_check', 'figures_qualifier_check', 'figures_span_check', 'figures_version_check']),
    );
    expect(checks.every((c) => c.validated)).toBe(true);
    const figures = await rows<{
      body: string;
      span_start: number;
      span_end: number;
      sentence_start: number;
      sentence_end: number;
      ordinal: number;
      claim_id: string;
    }>(
      `SELECT c.body, f.span_start, f.span_end, f.sentence_start, f.sentence_end, f.ordinal, f.claim_id::text FROM ${STORY_FIGURES} ORDER BY f.claim_id, f.span_start`,
      [summary.storyId],
    );
    expect(figures).toHaveLength(ARTICLES * PER_ARTICLE);
    let previous = '';
    let ordinal = 0;
    for (const f of figures) {
      ordinal = f.claim_id === previous ? ordinal + 1 : 0;
      previous = f.claim_id;
      expect(f.ordinal).toBe(ordinal);
      const span = f.body.slice(f.span_start, f.span_end);
      // Every figure holds a number, as digits (Latin or Eastern Arabic) or as words.
      expect(span.trim()).toBe(span);
      expect(span.length).toBeGreaterThan(0);
      const sentence = f.body.slice(f.sentence_start, f.sentence_end);
      expect(sentence).toMatch(/[.]$/u);
      expect(sentence).toContain(span);
    }
  });

  it('leaves nothing for start-up to regroup or extract again', async () => {
    const [marked] = await rows<{ n: number }>('SELECT count(*)::int AS n FROM claims WHERE story_id = $1 AND figures_version = $2', [
      summary.storyId,
      FIGURES_VERSION,
    ]);
    expect(marked!.n).toBe(ARTICLES);
    expect(await groupUngrouped()).toEqual({ grouped: 0 });
    const [still] = await rows<{ n: number }>('SELECT count(*)::int AS n FROM claims WHERE story_id = $1', [summary.storyId]);
    expect(still!.n).toBe(ARTICLES);
  });
});
