// The desk the story benchmarks time (bench/support/story-desk.ts), written
// in bulk instead of article by article: it must be the desk grouping on
// import would have left, or the figures measure something else. Every
// stored row is checked against the in-memory twins in lib/stories.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillStoryDesk, type StoryDeskSummary } from '../../bench/support/story-desk';
import { storyTemplates, templatePool } from '../../bench/support/story-variants';
import { fingerprint } from '../../lib/articles/fingerprint';
import { disconnectDb } from '../../lib/db';
import { STORY_CONFIG } from '../../lib/stories/config';
import { DOCUMENTS_KEY } from '../../lib/stories/desk/save-evidence';
import { EvidenceIndex } from '../../lib/stories/evidence-index';
import { evidenceKeys } from '../../lib/stories/extract-evidence';
import { regroupNeighbourhood } from '../../lib/stories/regroup-neighbourhood';
import { scorePair } from '../../lib/stories/score-pair';
import type { ArticleEvidence } from '../../lib/stories/types';
import { seedArticles } from '../../seeds/run-seed';

const ARTICLES = 600;
let client: pg.Client;
let summary: StoryDeskSummary;
let indexesBefore: string[];
const evidence = new Map<string, ArticleEvidence>();

const rows = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;
const indexes = async () =>
  [
    ...(await rows<{ name: string }>(`SELECT 'index ' || indexname || ': ' || indexdef AS name FROM pg_indexes WHERE schemaname = 'public'`)),
    ...(await rows<{ name: string }>(
      `SELECT 'constraint ' || conname || ': ' || pg_get_constraintdef(oid) AS name FROM pg_constraint WHERE connamespace = 'public'::regnamespace`,
    )),
  ]
    .map((r) => r.name)
    .sort();

beforeAll(async () => {
  await seedArticles();
  await disconnectDb();
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  indexesBefore = await indexes();
  summary = await fillStoryDesk(process.env.DATABASE_URL!, { articles: ARTICLES, prefix: 'test', batchSize: 150 });
  for (const r of await rows<{ claim_id: string; evidence: ArticleEvidence }>('SELECT claim_id, evidence FROM story_evidence'))
    evidence.set(r.claim_id, r.evidence);
}, 120_000);

afterAll(async () => {
  await client.end();
});

describe('the bulk-written story desk', () => {
  it('puts every article in one story whose size and decided count are its members’', async () => {
    expect(summary.articles).toBe(ARTICLES);
    const [counts] = await rows<{ claims: number; grouped: number; with_evidence: number }>(
      `SELECT count(*)::int AS claims, count(story_id)::int AS grouped,
              (SELECT count(*)::int FROM story_evidence e JOIN claims c ON c.id = e.claim_id WHERE c.story_id IS NOT NULL) AS with_evidence
       FROM claims`,
    );
    // The five seeds were imported (and grouped) before, through the pipeline.
    expect(counts).toEqual({ claims: ARTICLES + 5, grouped: ARTICLES + 5, with_evidence: ARTICLES + 5 });
    const wrong = await rows(
      `SELECT s.id FROM stories s LEFT JOIN claims c ON c.story_id = s.id GROUP BY s.id
       HAVING s.size <> count(c.id) OR s.decided <> count(c.id) FILTER (WHERE c.status <> 'unreviewed') OR count(c.id) = 0`,
    );
    expect(wrong).toEqual([]);
    expect(summary.stories).toBeGreaterThan(ARTICLES / 8);
    expect(summary.stories).toBeLessThan(ARTICLES);
  });

  it('indexes each article under exactly its evidenceKeys, with the counts EvidenceIndex would keep', async () => {
    const index = new EvidenceIndex();
    const expected: string[] = [];
    for (const [id, e] of evidence) {
      index.add(e);
      for (const k of evidenceKeys(e)) expected.push(`${k} ${id}`);
    }
    const stored = (await rows<{ k: string }>(`SELECT key || ' ' || claim_id AS k FROM story_evidence_keys`)).map((r) => r.k);
    expect(stored.sort()).toEqual(expected.sort());
    const stats = index.stats();
    const all = await rows<{ key: string; df: number; name_df: number }>('SELECT key, df, name_df FROM story_key_stats');
    // The empty key counts the articles (lib/stories/desk/save-evidence.ts).
    expect(all.find((r) => r.key === DOCUMENTS_KEY)?.df).toBe(evidence.size);
    const keyStats = all.filter((r) => r.key !== DOCUMENTS_KEY);
    const off = keyStats.filter((r) => r.df !== stats.df(r.key) || r.name_df !== stats.nameDf(r.key));
    expect(off).toEqual([]);
    expect(new Set(keyStats.filter((r) => r.df > 0).map((r) => r.key))).toEqual(new Set(expected.map((k) => k.split(' ')[0])));
  });

  it('stores the scores scorePair gives on the final desk, pairs in id order', async () => {
    const index = new EvidenceIndex();
    for (const e of evidence.values()) index.add(e);
    const stats = index.stats();
    const links = await rows<{ a: string; b: string; score: number }>(
      // The seeds' links were scored when they were imported, on a desk of five.
      `SELECT a::text, b::text, score FROM story_links l
       WHERE NOT EXISTS (SELECT 1 FROM claims c WHERE c.id IN (l.a, l.b) AND c.source_key ~ '^[0-9]{3}_')
       ORDER BY a, b LIMIT 300`,
    );
    expect(links.length).toBeGreaterThan(100);
    for (const l of links) {
      expect(l.a < l.b).toBe(true);
      expect(scorePair(evidence.get(l.a)!, evidence.get(l.b)!, { stats }).score).toBeCloseTo(l.score, 6);
    }
  });

  it('leaves stories that regrouping from the stored links keeps as they are', async () => {
    const claims = await rows<{ id: string; story_id: string }>('SELECT id::text, story_id::text FROM claims WHERE story_id IS NOT NULL');
    const storyOf = new Map(claims.map((c) => [c.id, c.story_id]));
    const pairs = await rows<{ a: string; b: string; score: number }>('SELECT a::text, b::text, score FROM story_links');
    // The whole desk as one neighbourhood: no article would move.
    const { moves } = regroupNeighbourhood({ articleIds: [...storyOf.keys()], pairs, storyOf, config: STORY_CONFIG });
    expect(moves).toEqual([]);
    const suggestions = await rows<{ a: string; b: string; score: number }>(
      'SELECT story_a_id::text AS a, story_b_id::text AS b, score FROM story_suggestions',
    );
    for (const s of suggestions) {
      expect(s.a < s.b).toBe(true);
      expect(s.score).toBeGreaterThanOrEqual(STORY_CONFIG.suggestThreshold);
      expect(s.score).toBeLessThan(STORY_CONFIG.joinThreshold);
    }
  });

  it('has look-alikes: desk articles that share the seeds’ story’s own names (Migración, Norte de Santander…)', async () => {
    const { own } = storyTemplates();
    const { byStory } = templatePool();
    const seedsOwn = [...new Set(byStory.get('defections')!.flatMap((t) => t.evidence.items.map((i) => i.key)))].filter((k) => own.has(k));
    expect(seedsOwn).toContain('n:mikrasiun');
    const [shared] = await rows<{ n: number }>(
      `SELECT count(DISTINCT k.claim_id)::int AS n FROM story_evidence_keys k JOIN claims c ON c.id = k.claim_id
       WHERE k.key = ANY($1) AND c.source_key !~ '^[0-9]{3}_'`,
      [seedsOwn],
    );
    expect(summary.lookalikeArticles).toBeGreaterThan(0);
    expect(shared!.n).toBeGreaterThan(3);
  });

  it('fingerprints every article for the duplicate check, as an import would', async () => {
    const [missing] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM claims c LEFT JOIN article_fingerprints f ON f.claim_id = c.id
       WHERE f.claim_id IS NULL OR NOT EXISTS (SELECT 1 FROM article_bands b WHERE b.claim_id = c.id)`,
    );
    expect(missing!.n).toBe(0);
    const [sample] = await rows<{ body: string; text_hash: string; bands: number[] }>(
      `SELECT c.body, f.text_hash, f.bands FROM claims c JOIN article_fingerprints f ON f.claim_id = c.id WHERE c.source_key !~ '^[0-9]{3}_' LIMIT 1`,
    );
    expect(fingerprint(sample!.body)).toMatchObject({ textHash: sample!.text_hash, bands: sample!.bands });
  });

  it('builds the indexes and constraints it dropped for the bulk writes again', async () => {
    expect(await indexes()).toEqual(indexesBefore);
  });
});
