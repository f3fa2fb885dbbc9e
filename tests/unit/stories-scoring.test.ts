// Scoring, grouping and explanations of lib/stories on the seeds and the
// labelled set (tests/fixtures/stories/): what a reviewer is shown as "why",
// the hard negatives, candidate retrieval, placement and determinism.
import { describe, expect, it } from 'vitest';
import { prepareArticle } from '@/lib/articles/prepare-article';
import { STORY_CONFIG } from '@/lib/stories/config';
import { buildCorpusStats } from '@/lib/stories/corpus-stats';
import { describeStory } from '@/lib/stories/describe-story';
import { EvidenceIndex } from '@/lib/stories/evidence-index';
import { evidenceKeys, extractEvidence } from '@/lib/stories/extract-evidence';
import { groupArticles, placeArticle } from '@/lib/stories/group-articles';
import { scorePair } from '@/lib/stories/score-pair';
import { evidenceOf, loadStorySet } from '../fixtures/stories/labelled-set';

// Tuning and held-out: the fresh part is kept for measuring (tests/unit/stories-eval.test.ts).
const articles = loadStorySet().articles.filter((a) => a.split !== 'fresh');
const evidences = articles.map(evidenceOf);
const byId = new Map(evidences.map((e) => [e.id, e]));
const stats = buildCorpusStats(evidences);
const get = (id: string) => {
  const e = byId.get(id);
  if (!e) throw new Error(`no article ${id}`);
  return e;
};
const score = (a: string, b: string) => scorePair(get(a), get(b), { stats });
// The whole set grouped once, for the tests that read it.
const reference = groupArticles(evidences);
const surfaces = (a: string, b: string) => score(a, b).shared.map((s) => s.surfaces.join(' · '));

describe('the "why" of a link', () => {
  it('shows each shared name as each article writes it, across scripts', () => {
    expect(surfaces('seed-000', 'seed-003')).toEqual(expect.arrayContaining(['Juan Guaidó · Хуан Гуайдо', 'Maduro · Мадуро', 'Cúcuta · град Кукута']));
    expect(surfaces('seed-002', 'seed-003')).toEqual(expect.arrayContaining(['Curaçao · Кюрасао']));
    expect(surfaces('defections-ar', 'seed-000')).toEqual(expect.arrayContaining(['كوكوتا · Cúcuta']));
    expect(surfaces('seed-000', 'seed-002')).toEqual(expect.arrayContaining(['ponte Simón Bolívar · Simón Bolívar International Bridge']));
    expect(surfaces('seed-001', 'seed-002')).toEqual(expect.arrayContaining(['Migración Colombia · Migración Colombia']));
  });

  it('lists dates and figures that survive translation', () => {
    expect(surfaces('swearing-in-ar', 'swearing-in-ru')).toEqual(expect.arrayContaining(['23 يناير · 23 января', '72 · 72']));
    expect(surfaces('blackout-es', 'blackout-ru')).toEqual(expect.arrayContaining(['7 de marzo · 7 марта']));
  });

  it('orders the evidence by weight and scores between 0 and 1', () => {
    const link = score('seed-003', 'seed-004');
    expect(link.score).toBeGreaterThan(STORY_CONFIG.joinThreshold);
    expect(link.score).toBeLessThanOrEqual(1);
    const weights = link.shared.map((s) => s.weight);
    expect(weights).toEqual([...weights].sort((x, y) => y - x));
  });

  it('weighs a name everyone mentions less than one only this story has', () => {
    const shared = score('seed-000', 'seed-002').shared;
    const weight = (surface: string) => shared.find((s) => s.surfaces[0] === surface)?.weight ?? 0;
    expect(weight('Cúcuta')).toBeGreaterThan(weight('Nicolás Maduro'));
  });
});

describe('boilerplate', () => {
  it('never counts: the scraped headlines under seed 004 leave no evidence', () => {
    const seed = articles.find((a) => a.id === 'seed-004');
    if (!seed) throw new Error('seed-004 missing');
    const prepared = prepareArticle({ content: { text: seed.text } });
    expect(prepared.boilerplate).toContain('Adongo');
    const keys = evidenceKeys(extractEvidence({ id: seed.id, body: prepared.body, language: prepared.language }));
    const inHeadlines = evidenceKeys(extractEvidence({ id: 'widget', body: prepared.boilerplate ?? '', language: 'en' })).filter((k) => k.startsWith('n:'));
    expect(inHeadlines.length).toBeGreaterThan(5);
    expect(inHeadlines.filter((k) => ['n:adunk', 'n:ndk', 'n:utsir', 'n:=us'].includes(k)).length).toBeGreaterThan(0);
    expect(keys).not.toContain('n:adunk');
    expect(keys).not.toContain('n:ndk');
  });
});

describe('hard negatives', () => {
  const seeds = ['seed-000', 'seed-001', 'seed-002', 'seed-003', 'seed-004'];
  const ofStory = (story: string) => articles.filter((a) => a.story === story).map((a) => a.id);
  const seedsStory = () => reference.stories.find((s) => s.articleIds.includes('seed-000'))?.articleIds ?? [];

  it("a Venezuelan blackout, election or concert with the same names stays out of the seeds' story", () => {
    const story = seedsStory();
    expect(story).toEqual(expect.arrayContaining(seeds));
    for (const negative of ['blackout', 'swearing-in', 'aid-concert', 'bogota-bomb']) {
      for (const id of ofStory(negative)) expect(story, id).not.toContain(id);
    }
  });

  it('on average links the seeds to those stories below the join threshold, though single pairs may score higher', () => {
    for (const negative of ['blackout', 'swearing-in', 'aid-concert']) {
      const scores = seeds.flatMap((seed) => ofStory(negative).map((id) => score(seed, id).score));
      const mean = scores.reduce((x, y) => x + y, 0) / scores.length;
      expect(mean, negative).toBeLessThan(STORY_CONFIG.suggestThreshold);
    }
  });

  it('names shared with a blackout report are the country and its politicians, not the border town', () => {
    const names = score('blackout-en', 'seed-001')
      .shared.filter((s) => s.kind === 'name')
      .map((s) => s.surfaces[0]);
    expect(names).not.toContain('Cúcuta');
    expect(names).toEqual(expect.arrayContaining(['Juan Guaidó']));
  });
});

describe('candidate retrieval', () => {
  const index = new EvidenceIndex();
  for (const e of evidences) index.add(e);

  it("ranks an article's own story first, without itself, from its keys alone", () => {
    const candidates = index.candidates(get('defections-ar'), { limit: 20 }).map((c) => c.id);
    expect(candidates).not.toContain('defections-ar');
    const story = new Map(articles.map((a) => [a.id, a.story]));
    expect(candidates.slice(0, 2).map((id) => story.get(id))).toEqual(['defections', 'defections']);
    // The 7 other articles of its story, in 3 languages and 2 other scripts, are all among the 20 best of 48.
    expect(candidates.filter((id) => story.get(id) === 'defections')).toHaveLength(7);
  });

  it('stores name keys with their consonant skeletons for Arabic spellings', () => {
    const keys = evidenceKeys(get('seed-000'));
    expect(keys).toEqual(expect.arrayContaining(['n:kuaid', 'n:kukut', 's:kkt']));
    expect(keys).toEqual([...keys].sort());
  });

  it('refuses the same article twice', () => {
    expect(() => index.add(get('seed-000'))).toThrow(/already/);
  });
});

describe('grouping', () => {
  it('puts the five seeds alone on a desk into one story', () => {
    const seeds = evidences.filter((e) => e.id.startsWith('seed-'));
    const grouping = groupArticles(seeds);
    expect(grouping.stories.map((s) => s.articleIds)).toEqual([['seed-000', 'seed-001', 'seed-002', 'seed-003', 'seed-004']]);
    expect(grouping.stories[0]?.links.length).toBeGreaterThan(0);
  });

  it('gives the same stories and scores whatever the order of the articles', () => {
    // A fixed shuffle: reversed, then interleaved.
    const reversed = [...evidences].reverse();
    const shuffled = reversed.filter((_, i) => i % 2 === 0).concat(reversed.filter((_, i) => i % 2 === 1));
    const again = groupArticles(shuffled);
    expect(again.stories.map((s) => s.articleIds)).toEqual(reference.stories.map((s) => s.articleIds));
    expect(again.pairs.map((p) => [p.a, p.b, p.score])).toEqual(reference.pairs.map((p) => [p.a, p.b, p.score]));
  });

  it('suggests, and never joins, stories that only meet between the two thresholds', () => {
    const tuning = evidences.filter((e) => articles.find((a) => a.id === e.id)?.split === 'tuning');
    const grouping = groupArticles(tuning);
    for (const s of grouping.suggestions) {
      expect(s.score).toBeGreaterThanOrEqual(STORY_CONFIG.suggestThreshold);
      expect(s.score).toBeLessThan(STORY_CONFIG.joinThreshold);
    }
  });
});

describe('describing a story', () => {
  it("titles the seeds' story with its event, where and the day its articles share, and lists every spelling", () => {
    const story = reference.stories.find((s) => s.articleIds.includes('seed-000'));
    const description = describeStory(story?.links ?? []);
    // The labelled set is undated and names no year beside the day: the year is left out.
    expect(description.title).toBe('Defections · Cúcuta · 23 Feb');
    const cucuta = description.evidence.find((e) => e.keys.includes('n:kukut'));
    expect(cucuta?.surfaces).toEqual(expect.arrayContaining(['Cúcuta', 'Cucuta', 'كوكوتا']));
    const guaido = description.evidence.find((e) => e.keys.includes('n:kuaid'));
    expect(guaido?.surfaces.some((s) => s.includes('Гуайдо'))).toBe(true);
  });

  it('writes Arabic names in the order the article does', () => {
    const names = score('defections-ar', 'seed-000').shared.map((s) => s.surfaces[0]);
    expect(names).toContain('نيكولاس مادورو');
  });
});

describe('placing one new article', () => {
  const sizes = new Map([
    ['s1', 2],
    ['s2', 1],
  ]);

  it('joins the story with the best average link above the join threshold, and suggests the next', () => {
    const placement = placeArticle(
      [
        { articleId: 'a', storyId: 's1', score: 0.3 },
        { articleId: 'b', storyId: 's1', score: 0.2 },
        { articleId: 'c', storyId: 's2', score: 0.15 },
      ],
      sizes,
    );
    expect(placement.join).toEqual({ storyId: 's1', score: 0.25 });
    expect(placement.suggest).toEqual([{ storyId: 's2', score: 0.15 }]);
  });

  it('counts members it was not compared with as 0, and skips stories an editor ruled out', () => {
    const candidates = [{ articleId: 'a', storyId: 's1', score: 0.3 }];
    expect(placeArticle(candidates, sizes).join).toBeNull();
    expect(placeArticle(candidates, sizes).suggest).toEqual([{ storyId: 's1', score: 0.15 }]);
    expect(placeArticle(candidates, sizes, { excluded: new Set(['s1']) })).toEqual({ join: null, suggest: [] });
  });
});
