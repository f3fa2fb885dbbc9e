// The desk side of story grouping that needs no database: the thresholds as
// configuration (lib/env.ts), and evidence and links surviving storage as JSON.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitBoilerplate } from '../../lib/articles/split-boilerplate';
import { ConfigError, parseSettings } from '../../lib/env';
import { STORY_CONFIG } from '../../lib/stories/config';
import { buildCorpusStats } from '../../lib/stories/corpus-stats';
import { nameKeys, parseStoredEvidence, storedNameKeys } from '../../lib/stories/desk/stored-evidence';
import { parseStoredShared } from '../../lib/stories/desk/stored-link';
import { extractEvidence } from '../../lib/stories/extract-evidence';
import { scorePair } from '../../lib/stories/score-pair';

const seed = (file: string, language: string) => {
  const text = readFileSync(path.join(import.meta.dirname, '../../seeds', file), 'utf8');
  return extractEvidence({ id: file, body: splitBoilerplate(text).body, language });
};

const refusal = (source: Record<string, string>) => {
  try {
    parseSettings(source);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(source)}`);
};

describe('STORY_JOIN_THRESHOLD and STORY_SUGGEST_THRESHOLD', () => {
  it('default to the thresholds the labelled set chose', () => {
    const s = parseSettings({});
    expect([s.STORY_JOIN_THRESHOLD, s.STORY_SUGGEST_THRESHOLD]).toEqual([STORY_CONFIG.joinThreshold, STORY_CONFIG.suggestThreshold]);
    expect(parseSettings({ STORY_JOIN_THRESHOLD: '0.25', STORY_SUGGEST_THRESHOLD: '0.25' })).toMatchObject({
      STORY_JOIN_THRESHOLD: 0.25,
      STORY_SUGGEST_THRESHOLD: 0.25,
    });
  });

  it('refuse values outside 0 < suggest ≤ join ≤ 1, naming the variable', () => {
    expect(refusal({ STORY_JOIN_THRESHOLD: '0' })).toMatch(/STORY_JOIN_THRESHOLD: must be above 0/);
    expect(refusal({ STORY_JOIN_THRESHOLD: '1.5' })).toMatch(/STORY_JOIN_THRESHOLD: must be 1 or less/);
    expect(refusal({ STORY_SUGGEST_THRESHOLD: 'high' })).toMatch(/STORY_SUGGEST_THRESHOLD: must be a number/);
    expect(refusal({ STORY_JOIN_THRESHOLD: '0.1' })).toMatch(/STORY_SUGGEST_THRESHOLD: must not be above STORY_JOIN_THRESHOLD \(0\.1\)/);
  });
});

describe('stored evidence', () => {
  const pt = seed('000_552dc560a453afa8.txt', 'pt');
  const bg = seed('003_c796c6a1adc09b2d.txt', 'bg');

  it('reads back as the evidence written, and scores the same', () => {
    const stored = (e: object): unknown => JSON.parse(JSON.stringify(e));
    const again = [parseStoredEvidence(stored(pt)), parseStoredEvidence(stored(bg))];
    expect(again).toEqual([pt, bg]);
    const stats = buildCorpusStats([pt, bg]);
    expect(scorePair(again[0]!, again[1]!, { stats })).toEqual(scorePair(pt, bg, { stats }));
  });

  it('of another shape reads as none; its name keys are still found when its items are readable', () => {
    expect(parseStoredEvidence({ id: 'x', items: 'nothing' })).toBeNull();
    expect(
      storedNameKeys({
        version: 0,
        items: [
          { kind: 'name', key: 'n:kuaid', extra: 1 },
          { kind: 'term', key: 't:en:x' },
        ],
      }),
    ).toEqual(['n:kuaid', 's:kd']);
    expect(storedNameKeys('not evidence')).toEqual([]);
    expect(storedNameKeys(JSON.parse(JSON.stringify(bg)))).toEqual(nameKeys(bg));
  });

  it('links keep their surfaces as each article writes them, and an unreadable row shares nothing', () => {
    const stats = buildCorpusStats([pt, bg]);
    const link = scorePair(pt, bg, { stats });
    const guaido = link.shared.find((s) => s.surfaces[1].includes('Гуайдо'));
    expect(guaido?.surfaces[0]).toMatch(/Guaidó/);
    expect(parseStoredShared(JSON.parse(JSON.stringify(link.shared)))).toEqual(link.shared);
    expect(parseStoredShared([{ kind: 'name', surfaces: ['only one'] }])).toEqual([]);
  });
});
