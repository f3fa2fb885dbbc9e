// Editor decisions on stories through the HTTP API of the real app: reading
// stories, confirm, reject, move, split, merge and rename, each version-checked,
// audited and broadcast; refusals (400 naming the field, 403, 404, 409) write
// nothing; and no decision is undone by grouping when articles close to both
// sides are imported afterwards.
//
// The desk: the five seeds (one story), the blackout's five articles and
// Guaidó's return's five (tests/fixtures/stories). Grouped on import, that is
// three stories and two pending suggestions: seeds–blackout and return–blackout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAuditRecord } from '../../lib/audit/to-record';
import { verifyAuditChain } from '../../lib/audit/verify-chain';
import { db } from '../../lib/db';
import { STORY_CONFIG } from '../../lib/stories/config';
import type { ClaimStoryDto, StoryDetail, StorySummary } from '../../lib/validation/stories';
import { loadStorySet, type StorySetArticle } from '../fixtures/stories/labelled-set';
import { closeDesk, type Desk, openDesk, type Role } from '../support/fixtures';
import { collect, connectSocket, connected, type DeskSocket } from '../support/socket-client';

let desk: Desk;
const set = loadStorySet().articles;
const fixture = (id: string): StorySetArticle => {
  const article = set.find((a) => a.id === id);
  if (!article) throw new Error(`no fixture ${id}`);
  return article;
};
const seedKey = (id: string) => fixture(id).path.replace(/^seeds\/|\.txt$/g, '');

/** claim ids by fixture id */
const claim: Record<string, string> = {};
/** The three stories as grouped on import. */
let seeds: string;
let blackout: string;
let comeback: string;

async function importText(text: string, name: string): Promise<string> {
  const res = await desk.call('editor', 'POST', '/api/articles', { articles: [{ text, name, confirmNearDuplicate: true }] });
  expect(res.status).toBe(200);
  const [result] = ((await res.json()) as { results: Array<{ outcome: string; claimId: string }> }).results;
  expect(result?.outcome, name).toBe('created');
  return result!.claimId;
}

const storyOf = async (claimId: string) => (await db.claim.findUniqueOrThrow({ where: { id: claimId }, select: { storyId: true } })).storyId!;
const membersOf = async (storyId: string) =>
  (await db.claim.findMany({ where: { storyId }, select: { id: true }, orderBy: { id: 'asc' } })).map((c) => c.id).sort();
const version = async (storyId: string) => (await db.story.findUniqueOrThrow({ where: { id: storyId } })).version;
const decide = (role: Role, storyId: string, decision: string, body: unknown) => desk.call(role, 'POST', `/api/stories/${storyId}/${decision}`, body);
const pendingBetween = (x: string, y: string) =>
  db.storySuggestion.count({
    where: {
      status: 'pending',
      OR: [
        { storyAId: x, storyBId: y },
        { storyAId: y, storyBId: x },
      ],
    },
  });
const lastEvent = () => db.auditEvent.findFirstOrThrow({ orderBy: { seq: 'desc' } });
const ids = (...fixtures: string[]) => fixtures.map((f) => claim[f]!).sort();

async function getStory(id: string): Promise<StoryDetail> {
  const res = await desk.call('viewer', 'GET', `/api/stories/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { story: StoryDetail }).story;
}

async function decided(role: Role, storyId: string, decision: string, body: unknown): Promise<StoryDetail> {
  const res = await decide(role, storyId, decision, body);
  const answer = (await res.json()) as { story: StoryDetail; error?: { message: string } };
  expect(res.status, answer.error?.message).toBe(200);
  return answer.story;
}

/** The best stored link between an article and any member of a story. */
async function bestLinkTo(claimId: string, storyId: string): Promise<number> {
  const [row] = await db.$queryRaw<[{ best: number | null }]>`
    SELECT max(k.score) AS best FROM story_links k JOIN claims c ON c.id = (CASE WHEN k.a = ${claimId}::uuid THEN k.b ELSE k.a END)
    WHERE (k.a = ${claimId}::uuid OR k.b = ${claimId}::uuid) AND c.story_id = ${storyId}::uuid`;
  return row.best ?? 0;
}

beforeAll(async () => {
  desk = await openDesk();
  for (const a of set.filter((x) => x.path.startsWith('seeds/'))) claim[a.id] = await desk.claimId(seedKey(a.id));
  for (const a of set.filter((x) => x.story === 'blackout' || x.story === 'guaido-return')) claim[a.id] = await importText(a.text, a.id);
  seeds = await storyOf(claim['seed-000']!);
  blackout = await storyOf(claim['blackout-en']!);
  comeback = await storyOf(claim['guaido-return-en']!);
}, 180_000);
afterAll(() => closeDesk(desk));

const SEEDS = ['seed-000', 'seed-001', 'seed-002', 'seed-003', 'seed-004'];
const BLACKOUT = ['blackout-en', 'blackout-es', 'blackout-pt', 'blackout-ru', 'blackout-ar'];
const COMEBACK = ['guaido-return-en', 'guaido-return-es', 'guaido-return-pt', 'guaido-return-ru', 'guaido-return-ar'];

describe('reading stories', () => {
  it('the desk grouped the three stories on import, and GET /api/stories lists them with their sizes', async () => {
    expect(await membersOf(seeds)).toEqual(ids(...SEEDS));
    expect(await membersOf(blackout)).toEqual(ids(...BLACKOUT));
    expect(await membersOf(comeback)).toEqual(ids(...COMEBACK));
    const res = await desk.call('viewer', 'GET', '/api/stories?limit=100');
    expect(res.status).toBe(200);
    const { stories } = (await res.json()) as { stories: StorySummary[] };
    expect(stories.map((s) => [s.id, s.size]).sort()).toEqual(
      [
        [seeds, 5],
        [blackout, 5],
        [comeback, 5],
      ].sort(),
    );
    const page = (await (await desk.call('viewer', 'GET', '/api/stories?limit=2')).json()) as { stories: StorySummary[]; nextCursor: string };
    const rest = (await (await desk.call('viewer', 'GET', `/api/stories?limit=2&cursor=${page.nextCursor}`)).json()) as { stories: StorySummary[] };
    expect([...page.stories, ...rest.stories].map((s) => s.id)).toEqual(stories.map((s) => s.id));
  });

  it('GET /api/stories?q= finds titles whatever the case and accents, and takes % and _ literally', async () => {
    const search = async (q: string) =>
      ((await (await desk.call('viewer', 'GET', `/api/stories?${new URLSearchParams({ q })}`)).json()) as { stories: StorySummary[] }).stories.map((s) => s.id);
    const stories = await db.story.findMany({ where: { size: { gt: 0 } } });
    const accented = stories.find((s) => /[À-ž]/.test(s.title))!;
    const word = accented.title.split(/[\s,—]+/).find((w) => /[À-ž]/.test(w))!;
    expect(await search(word.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase())).toContain(accented.id);
    expect(await search(word)).toContain(accented.id);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('a story lists its articles, what they share in both scripts, its suggestions read from this story, and the thresholds', async () => {
    const story = await getStory(seeds);
    expect(story.articles.map((a) => a.claimId).sort()).toEqual(ids(...SEEDS));
    expect(story.languages.sort()).toEqual(['bg', 'en', 'pt']);
    expect(story.thresholds).toEqual({ join: STORY_CONFIG.joinThreshold, suggest: STORY_CONFIG.suggestThreshold });
    // One item, every spelling: "Juan Guaidó", "Хуан Гуайдо".
    const guaido = story.evidence.find((e) => e.surfaces.some((s) => s.includes('Гуайдо')));
    expect(guaido?.surfaces.some((s) => s.includes('Guaidó'))).toBe(true);

    const [suggestion] = story.suggestions;
    expect(story.suggestions).toHaveLength(1);
    expect(suggestion!.otherStory.id).toBe(blackout);
    expect(suggestion!.score).toBeGreaterThanOrEqual(STORY_CONFIG.suggestThreshold);
    expect(suggestion!.score).toBeLessThan(STORY_CONFIG.joinThreshold);
    const body = (id: string) => set.find((a) => claim[a.id] === id)!.body;
    for (const pair of suggestion!.pairs) {
      // First surface as written in this story's article, second in the other story's.
      expect(ids(...SEEDS)).toContain(pair.claimId);
      expect(ids(...BLACKOUT)).toContain(pair.otherClaimId);
      for (const shared of pair.shared.filter((s) => s.kind === 'name')) {
        expect(body(pair.claimId)).toContain(shared.surfaces[0]);
        expect(body(pair.otherClaimId)).toContain(shared.surfaces[1]);
      }
    }
    // The same suggestion read from the blackout's side is turned round.
    const fromBlackout = (await getStory(blackout)).suggestions.find((s) => s.id === suggestion!.id)!;
    expect(fromBlackout.pairs.map((p) => [p.otherClaimId, p.claimId])).toEqual(suggestion!.pairs.map((p) => [p.claimId, p.otherClaimId]));
  });

  it("GET /api/claims/{id} names the claim's story and what each other article shares with it", async () => {
    const res = await desk.call('viewer', 'GET', `/api/claims/${claim['seed-003']}`);
    const detail = (await res.json()) as { storyId: string; story: ClaimStoryDto };
    expect(detail.storyId).toBe(seeds);
    expect(detail.story.story).toMatchObject({ id: seeds, size: 5 });
    expect(detail.story.others.map((o) => o.claimId).sort()).toEqual(ids('seed-000', 'seed-001', 'seed-002', 'seed-004'));
    const bulgarian = fixture('seed-003').body;
    for (const other of detail.story.others) {
      expect(other.score).toBeGreaterThan(0);
      for (const shared of other.shared.filter((s) => s.kind === 'name')) expect(bulgarian).toContain(shared.surfaces[0]);
    }
  });

  it('unknown and malformed story ids: 404 and 400', async () => {
    const unknown = await desk.call('viewer', 'GET', '/api/stories/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const malformed = await desk.call('viewer', 'GET', '/api/stories/not-a-story');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { message: string } }).error.message).toMatch(/^id: /);
  });
});

describe('refusals write nothing', () => {
  it('reviewers and viewers get 403 for every decision', async () => {
    const before = await db.auditEvent.count();
    const suggestionId = (await getStory(seeds)).suggestions[0]!.id;
    const v = await version(seeds);
    const bodies: Record<string, unknown> = {
      confirm: { suggestionId, expectedVersion: v },
      reject: { suggestionId, expectedVersion: v },
      move: { claimId: claim['seed-001'], toStoryId: null, expectedVersion: v },
      split: { claimIds: [claim['seed-001']], expectedVersion: v },
      merge: { otherStoryId: comeback, expectedVersion: v, otherVersion: await version(comeback) },
      rename: { title: 'Not yours to rename', expectedVersion: v },
    };
    for (const role of ['reviewer', 'viewer'] as const) {
      for (const [decision, body] of Object.entries(bodies)) {
        const res = await decide(role, seeds, decision, body);
        expect(res.status, `${role} ${decision}`).toBe(403);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
      }
    }
    expect(await db.auditEvent.count()).toBe(before);
    expect(await version(seeds)).toBe(v);
    expect(await db.claim.count({ where: { storyPinned: true } })).toBe(0);
  });

  it('bad bodies get a 400 that names the field', async () => {
    const before = await db.auditEvent.count();
    const v = await version(seeds);
    const suggestionId = (await getStory(seeds)).suggestions[0]!.id;
    const cases: Array<[string, unknown, RegExp]> = [
      ['move', { claimId: 'not-an-id', toStoryId: null, expectedVersion: v }, /^claimId: /],
      ['move', { claimId: '00000000-0000-4000-8000-000000000000', toStoryId: null, expectedVersion: v }, /^claimId: No article/],
      ['move', { claimId: claim['blackout-en'], toStoryId: null, expectedVersion: v }, /^claimId: This article is not in this story/],
      ['move', { claimId: claim['seed-001'], toStoryId: seeds, expectedVersion: v }, /^toStoryId: /],
      ['move', { claimId: claim['seed-001'], toStoryId: '00000000-0000-4000-8000-000000000000', expectedVersion: v }, /^toStoryId: No story/],
      ['split', { claimIds: ids(...SEEDS), expectedVersion: v }, /^claimIds: At least one article must stay/],
      ['split', { claimIds: [claim['seed-001'], claim['blackout-en']], expectedVersion: v }, /^claimIds\.1: /],
      ['split', { claimIds: [], expectedVersion: v }, /^claimIds: /],
      ['merge', { otherStoryId: seeds, expectedVersion: v, otherVersion: v }, /^otherStoryId: A story cannot be merged with itself/],
      ['merge', { otherStoryId: comeback, expectedVersion: v }, /^otherVersion: /],
      ['confirm', { suggestionId: '00000000-0000-4000-8000-000000000000', expectedVersion: v }, /^suggestionId: /],
      ['confirm', { suggestionId: 'nope', expectedVersion: v }, /^suggestionId: /],
      ['rename', { title: 'x'.repeat(201), expectedVersion: v }, /^title: /],
      ['rename', { title: 'No version' }, /^expectedVersion: /],
      ['reject', { suggestionId, expectedVersion: 'one' }, /^expectedVersion: /],
      ['rename', '{not json', /JSON/],
    ];
    for (const [decision, body, field] of cases) {
      const res = await decide('editor', seeds, decision, body);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(res.status, `${decision} ${JSON.stringify(body).slice(0, 120)}`).toBe(400);
      expect(error.code).toBe('invalid_input');
      expect(error.message).toMatch(field);
    }
    const malformed = await decide('editor', 'not-a-story', 'rename', { title: 'x', expectedVersion: 1 });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { message: string } }).error.message).toMatch(/^id: /);
    expect(await db.auditEvent.count()).toBe(before);
    expect(await version(seeds)).toBe(v);
  });

  it('an unknown story or decision is 404; a stale version is 409 with the story as it is', async () => {
    const before = await db.auditEvent.count();
    expect((await decide('editor', '00000000-0000-4000-8000-000000000000', 'rename', { title: 'x', expectedVersion: 1 })).status).toBe(404);
    expect((await decide('editor', seeds, 'delete', { expectedVersion: 1 })).status).toBe(404);
    const v = await version(seeds);
    const res = await decide('editor', seeds, 'rename', { title: 'Stale', expectedVersion: v + 1 });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string }; current: StoryDetail };
    expect(body.error.code).toBe('conflict');
    expect(body.error.message).toMatch(new RegExp(`you saw version ${v + 1}, it is now version ${v}`));
    expect(body.current).toMatchObject({ id: seeds, version: v, size: 5 });
    expect(body.current.articles).toHaveLength(5);
    expect(await db.auditEvent.count()).toBe(before);
  });
  it('ten simultaneous decisions on one version: exactly one applies, nine get 409, one audit event', async () => {
    const before = await db.auditEvent.count();
    const v = await version(comeback);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => decide('editor', comeback, 'rename', { title: `Attempt ${i}`, expectedVersion: v })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await db.auditEvent.count()).toBe(before + 1);
    expect(await version(comeback)).toBe(v + 1);
    await decided('editor', comeback, 'rename', { title: null, expectedVersion: v + 1 });
  });
});

describe('reject', () => {
  it('keeps every pair across the two stories apart, pins both and records it', async () => {
    const suggestionId = (await getStory(seeds)).suggestions[0]!.id;
    const story = await decided('editor', seeds, 'reject', { suggestionId, expectedVersion: await version(seeds), note: 'A blackout is not a defection.' });
    expect(story.suggestions).toEqual([]);
    expect(story.articles.every((a) => a.pinned)).toBe(true);
    expect(await db.storySuggestion.findUniqueOrThrow({ where: { id: suggestionId } })).toMatchObject({ status: 'rejected' });
    expect(await db.storyApart.count({ where: { cause: 'rejected' } })).toBe(25);
    expect(await db.claim.count({ where: { storyId: blackout, storyPinned: true } })).toBe(5);
    const event = toAuditRecord(await lastEvent());
    expect(event).toMatchObject({
      action: 'story.suggestion_rejected',
      reason: 'A blackout is not a defection.',
      before: { storyId: seeds, otherStoryId: blackout },
      after: { storyId: seeds, otherStoryId: blackout, suggestionId, apartPairs: 25 },
    });
  });

  it('a decided suggestion cannot be decided again', async () => {
    const { id } = await db.storySuggestion.findFirstOrThrow({ where: { status: 'rejected' } });
    for (const decision of ['confirm', 'reject']) {
      const res = await decide('editor', seeds, decision, { suggestionId: id, expectedVersion: await version(seeds) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^suggestionId: This suggestion was already rejected/);
    }
  });

  it('articles close to both stories imported afterwards never join them or suggest them again', async () => {
    const bridge = await importText(`${fixture('seed-002').body}\n\n${fixture('blackout-en').body}`, 'seeds-and-blackout');
    claim['bridge-1'] = bridge;
    for (const id of ['defections-es', 'defections-ru']) claim[id] = await importText(fixture(id).text, id);
    expect(await bestLinkTo(bridge, seeds)).toBeGreaterThanOrEqual(STORY_CONFIG.joinThreshold);
    expect(await bestLinkTo(bridge, blackout)).toBeGreaterThanOrEqual(STORY_CONFIG.joinThreshold);
    expect(await membersOf(seeds)).toEqual(expect.arrayContaining(ids(...SEEDS)));
    expect(await membersOf(blackout)).toEqual(expect.arrayContaining(ids(...BLACKOUT)));
    expect(await storyOf(claim['seed-000']!)).not.toBe(await storyOf(claim['blackout-en']!));
    expect(await pendingBetween(seeds, blackout)).toBe(0);
    expect(await db.storySuggestion.count({ where: { status: 'pending', OR: [{ storyAId: seeds }, { storyBId: seeds }] } })).toBe(0);
  });
});

describe('confirm and split', () => {
  it("confirm: the other story's articles join, the other story leads to this one", async () => {
    const { suggestions } = await getStory(blackout);
    const suggestion = suggestions.find((s) => s.otherStory.id === comeback)!;
    const before = await membersOf(blackout);
    const story = await decided('editor', blackout, 'confirm', { suggestionId: suggestion.id, expectedVersion: await version(blackout) });
    expect(story.articles.map((a) => a.claimId).sort()).toEqual([...before, ...ids(...COMEBACK)].sort());
    expect(story.articles.every((a) => a.pinned)).toBe(true);
    const gone = await desk.call('viewer', 'GET', `/api/stories/${comeback}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: { code: 'story_merged' }, mergedInto: blackout });
    const refused = await decide('editor', comeback, 'rename', { title: 'x', expectedVersion: await version(comeback) });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { code: 'story_merged' }, mergedInto: blackout });
    expect(toAuditRecord(await lastEvent())).toMatchObject({
      action: 'story.suggestion_confirmed',
      before: { storyId: blackout, otherStoryId: comeback },
      after: { storyId: blackout, suggestionId: suggestion.id, claimIds: ids(...COMEBACK) },
    });
  });

  it('split: the articles named leave for a new story, kept apart from the rest', async () => {
    const v = await version(blackout);
    const size = (await membersOf(blackout)).length;
    const title = 'Guaidó flies back to Caracas';
    const story = await decided('editor', blackout, 'split', { claimIds: ids(...COMEBACK), title, expectedVersion: v });
    expect(story.size).toBe(size - 5);
    expect(story.version).toBe(v + 1);
    comeback = await storyOf(claim['guaido-return-en']!);
    expect(await membersOf(comeback)).toEqual(ids(...COMEBACK));
    expect(await db.story.findUniqueOrThrow({ where: { id: comeback } })).toMatchObject({ customTitle: title, size: 5 });
    expect(await db.storyApart.count({ where: { cause: 'split' } })).toBe(5 * (size - 5));
    expect(toAuditRecord(await lastEvent())).toMatchObject({
      action: 'story.split',
      before: { storyId: blackout, version: v, size },
      after: { storyId: blackout, version: v + 1, newStoryId: comeback, claimIds: ids(...COMEBACK) },
    });
  });

  it('an article close to both sides imported after the split never merges them again', async () => {
    const bridge = (claim['bridge-2'] = await importText(`${fixture('guaido-return-en').body}\n\n${fixture('blackout-es').body}`, 'return-and-blackout'));
    expect(await bestLinkTo(bridge, comeback)).toBeGreaterThanOrEqual(STORY_CONFIG.joinThreshold);
    expect(await bestLinkTo(bridge, blackout)).toBeGreaterThanOrEqual(STORY_CONFIG.joinThreshold);
    expect(await membersOf(comeback)).toEqual(expect.arrayContaining(ids(...COMEBACK)));
    expect(await membersOf(blackout)).toEqual(expect.arrayContaining(ids(...BLACKOUT)));
    expect(await storyOf(claim['guaido-return-en']!)).not.toBe(await storyOf(claim['blackout-en']!));
    expect(await pendingBetween(comeback, blackout)).toBe(0);
  });
});

describe('move and merge', () => {
  let alone: string;

  it('move to a new story: the article leaves, kept apart from the articles it left', async () => {
    const v = await version(seeds);
    const others = (await membersOf(seeds)).filter((id) => id !== claim['seed-001']);
    const story = await decided('editor', seeds, 'move', { claimId: claim['seed-001'], toStoryId: null, expectedVersion: v });
    expect(story.articles.map((a) => a.claimId)).not.toContain(claim['seed-001']);
    alone = await storyOf(claim['seed-001']!);
    expect(await membersOf(alone)).toEqual([claim['seed-001']]);
    expect(await db.storyApart.count({ where: { cause: 'moved' } })).toBe(others.length);
    expect(toAuditRecord(await lastEvent())).toMatchObject({
      action: 'story.article_moved',
      claimId: claim['seed-001'],
      before: { storyId: seeds, version: v },
      after: { storyId: alone, created: true },
    });
  });

  it('an article close to the moved one and its old story never takes it back', async () => {
    const bridge = (claim['bridge-3'] = await importText(`${fixture('seed-001').body}\n\n${fixture('seed-000').body}`, 'seed-001-and-000'));
    expect(await bestLinkTo(bridge, alone)).toBeGreaterThanOrEqual(STORY_CONFIG.joinThreshold);
    expect(await bestLinkTo(bridge, seeds)).toBeGreaterThanOrEqual(STORY_CONFIG.joinThreshold);
    expect(await storyOf(claim['seed-001']!)).toBe(alone);
    expect(await membersOf(seeds)).not.toContain(claim['seed-001']);
  });

  it('move to another story; a story a move leaves empty goes, and the answer is the story the article joined', async () => {
    // The article imported beside seed-001 joined it in its new story.
    expect(await membersOf(alone)).toEqual(ids('seed-001', 'bridge-3'));
    const first = await decided('editor', alone, 'move', { claimId: claim['seed-001'], toStoryId: comeback, expectedVersion: await version(alone) });
    expect(first.id).toBe(alone);
    expect(await storyOf(claim['seed-001']!)).toBe(comeback);
    const last = await decided('editor', alone, 'move', { claimId: claim['bridge-3'], toStoryId: comeback, expectedVersion: await version(alone) });
    expect(last.id).toBe(comeback);
    expect(last.articles.map((a) => a.claimId)).toEqual(expect.arrayContaining(ids('seed-001', 'bridge-3')));
    expect(await db.story.findUnique({ where: { id: alone } })).toBeNull();
    expect((await desk.call('viewer', 'GET', `/api/stories/${alone}`)).status).toBe(404);
    // The two were kept apart when seed-001 left; the editor put them together again.
    expect(await db.storyApart.count({ where: { cause: 'moved', OR: [{ a: claim['bridge-3'] }, { b: claim['bridge-3'] }] } })).toBe(0);
  });

  it("merge: checks the other story's version, then takes its articles and forgets their apart pairs", async () => {
    const stale = await decide('editor', seeds, 'merge', {
      otherStoryId: comeback,
      expectedVersion: await version(seeds),
      otherVersion: (await version(comeback)) - 1,
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: { message: string } }).error.message).toMatch(/other story changed/);

    const moved = await membersOf(comeback);
    const story = await decided('editor', seeds, 'merge', {
      otherStoryId: comeback,
      expectedVersion: await version(seeds),
      otherVersion: await version(comeback),
    });
    expect(story.articles.map((a) => a.claimId)).toEqual(expect.arrayContaining(moved));
    // seed-001 was kept apart from the seeds when it moved; the merge put it back with them.
    expect(await db.storyApart.count({ where: { cause: 'moved' } })).toBe(0);
    const gone = await desk.call('viewer', 'GET', `/api/stories/${comeback}`);
    expect(await gone.json()).toMatchObject({ error: { code: 'story_merged' }, mergedInto: seeds });
    expect(toAuditRecord(await lastEvent())).toMatchObject({
      action: 'story.merged',
      before: { storyId: seeds, otherStoryId: comeback },
      after: { claimIds: moved },
    });
  });
});

describe('rename, the audit trail and live changes', () => {
  let socket: DeskSocket;
  afterAll(() => socket.close());

  it('rename sets and resets the title; a viewer sees each decision live with the stories and claims it changed', async () => {
    socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.viewer });
    await connected(socket);
    const live = collect(socket);

    const renamed = await decided('editor', seeds, 'rename', { title: 'Defections at the border', expectedVersion: await version(seeds) });
    expect(renamed).toMatchObject({ title: 'Defections at the border', customTitle: 'Defections at the border' });
    await live.waitFor(1);
    expect(live.changes[0]).toMatchObject({ event: { action: 'story.renamed', after: { title: 'Defections at the border' } } });
    expect(live.changes[0]!.actorName).toBeTruthy();
    expect(live.changes[0]!.stories).toEqual([expect.objectContaining({ id: seeds, title: 'Defections at the border', version: renamed.version })]);

    const reset = await decided('editor', seeds, 'rename', { title: '', expectedVersion: renamed.version });
    expect(reset.customTitle).toBeNull();
    expect(reset.title).toBe(reset.derivedTitle);

    const v = await version(seeds);
    await decided('editor', seeds, 'split', { claimIds: [claim['seed-004']], expectedVersion: v });
    await live.waitFor(3);
    const split = live.changes[2]!;
    expect(split.event.action).toBe('story.split');
    const apartStory = await storyOf(claim['seed-004']!);
    expect(split.claims).toEqual([expect.objectContaining({ id: claim['seed-004'], storyId: apartStory })]);
    expect(split.stories?.map((s) => s.id).sort()).toEqual([seeds, apartStory].sort());
  });

  it('every story event parses into its action, the decisions are all there, and the chain verifies', async () => {
    const rows = await db.auditEvent.findMany({ where: { action: { startsWith: 'story.' } }, orderBy: { seq: 'asc' } });
    const records = rows.map(toAuditRecord);
    expect(records.filter((r) => r.action === 'audit.unreadable')).toEqual([]);
    expect(new Set(records.map((r) => r.action))).toEqual(
      new Set([
        'story.grouped',
        'story.suggestion_confirmed',
        'story.suggestion_rejected',
        'story.article_moved',
        'story.split',
        'story.merged',
        'story.renamed',
      ]),
    );
    expect((await verifyAuditChain()).ok).toBe(true);
  });
});
