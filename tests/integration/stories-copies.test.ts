// Syndicated copies (issue 12): a desk that receives the same wire reports
// again and again, each copy imported anyway as a confirmed near-duplicate,
// keeps them in the one story of their originals: a copy follows its
// original, and is neither indexed (it would fill every candidate list with
// copies) nor counted in the key statistics (it would make the story's own
// names look common). And once the story is too large to regroup on every
// import (more than 200 articles), a new report of the same events is still
// placed in it, by its mean link over the members the index returned.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/auth/permissions';
import { toActor } from '../../lib/auth/to-actor';
import { importArticle } from '../../lib/claims/import-article';
import { db } from '../../lib/db';
import { DOCUMENTS_KEY } from '../../lib/stories/desk/save-evidence';
import { NEIGHBOURHOOD_LIMIT } from '../../lib/stories/desk/regroup-on-desk';
import { SEEDS_DIR } from '../../seeds/run-seed';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';
import { taggedText } from '../support/fresh-claims';

const SEED_KEYS = ['000_552dc560a453afa8', '001_a4564d29494e56b0', '002_d367ca68bff82dc3', '003_c796c6a1adc09b2d', '004_70e37703d5faa8e3'];
/** Copies of each seed: 5 × 42 = 210, past the size at which a story is regrouped on every import. */
const COPIES = 42;
const FIXTURES = path.join(import.meta.dirname, '../fixtures/stories/articles');

let desk: Desk;
let editor: Actor;

beforeAll(async () => {
  desk = await openDesk();
  editor = toActor(await db.user.findUniqueOrThrow({ where: { email: 'admin@factdesk.test' } }));
}, 120_000);
afterAll(() => closeDesk(desk));

describe('copies of the seeds imported again and again', () => {
  it('all join the seeds’ one story, and do not count as reports in the key statistics', async () => {
    const texts = SEED_KEYS.map((key) => readFileSync(path.join(SEEDS_DIR, `${key}.txt`), 'utf8'));
    for (let round = 0; round < COPIES; round++) {
      for (const [i, text] of texts.entries()) {
        const tag = `copy-${String(round).padStart(2, '0')}`;
        const result = await importArticle({
          actor: editor,
          source: 'upload',
          fileName: `${SEED_KEYS[i]}_${tag}.txt`,
          content: { bytes: Buffer.from(taggedText(text, tag)) },
          confirmNearDuplicate: true,
        });
        expect(result.outcome).toBe('created');
        expect(result.nearDuplicateOf, `copy ${round} of seed ${i} is a confirmed near-duplicate`).not.toBeNull();
      }
    }
    const claims = await db.claim.findMany({ select: { storyId: true } });
    expect(claims).toHaveLength(5 + 5 * COPIES);
    const stories = await db.story.findMany({ where: { size: { gt: 0 } } });
    expect(stories.map((s) => s.size)).toEqual([5 + 5 * COPIES]);
    expect(stories[0]!.size).toBeGreaterThan(NEIGHBOURHOOD_LIMIT);
    expect(new Set(claims.map((c) => c.storyId))).toEqual(new Set([stories[0]!.id]));
    // Each copy's evidence is kept, but only the originals are indexed and counted.
    expect(await db.storyEvidence.count()).toBe(5 + 5 * COPIES);
    expect(await db.storyKeyStat.findUnique({ where: { key: DOCUMENTS_KEY } })).toMatchObject({ df: 5 });
    expect(await db.storyEvidenceKey.groupBy({ by: ['claimId'] }).then((rows) => rows.length)).toBe(5);
  }, 600_000);

  it('leave room for a new report of the same events, placed in the story although it is too large to regroup', async () => {
    const [story] = await db.story.findMany({ where: { size: { gt: 0 } } });
    const result = await importArticle({
      actor: editor,
      source: 'upload',
      fileName: 'defections-es.txt',
      content: { bytes: readFileSync(path.join(FIXTURES, 'defections-es.txt')) },
    });
    expect(result.outcome).toBe('created');
    expect(result.nearDuplicateOf).toBeNull();
    const claim = await db.claim.findUniqueOrThrow({ where: { id: result.claimId! } });
    expect(claim.storyId).toBe(story!.id);
    expect(await db.story.count({ where: { size: { gt: 0 } } })).toBe(1);
  }, 120_000);
});
