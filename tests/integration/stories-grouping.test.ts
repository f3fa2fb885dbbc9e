// Grouping on import (issue 12), against the real database and app server:
// the seeds become one story by themselves, the labelled articles of
// tests/fixtures/stories/ are grouped as labelled (the hard negatives in
// stories of their own), boilerplate is never evidence, every grouping is an
// audited change that reaches a socket client live and on replay, the key
// counts stay exact when a seed's text changes, and editors' pins and apart
// pairs hold against later imports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toAuditRecord } from '../../lib/audit/to-record';
import { verifyAuditChain } from '../../lib/audit/verify-chain';
import type { Actor } from '../../lib/auth/permissions';
import { toActor } from '../../lib/auth/to-actor';
import { bulkImportClaims } from '../../lib/claims/bulk-import';
import { importArticle } from '../../lib/claims/import-article';
import { setVerdict } from '../../lib/claims/set-verdict';
import { db } from '../../lib/db';
import { latestSeq, replayChanges } from '../../lib/history/replay-changes';
import { STORIES_VERSION } from '../../lib/stories/config';
import { extractEvidence } from '../../lib/stories/extract-evidence';
import { groupUngrouped } from '../../lib/stories/desk/backfill';
import { refreshStories } from '../../lib/stories/desk/refresh-stories';
import { DOCUMENTS_KEY } from '../../lib/stories/desk/save-evidence';
import { nameKeys, storedNameKeys } from '../../lib/stories/desk/stored-evidence';
import { SEEDS_DIR } from '../../seeds/run-seed';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';
import { collect, connectSocket, connected } from '../support/socket-client';

const ROOT = path.join(import.meta.dirname, '../..');
const labels = z
  .object({ articles: z.array(z.object({ id: z.string(), path: z.string(), language: z.string(), story: z.string() })) })
  .parse(JSON.parse(readFileSync(path.join(ROOT, 'tests/fixtures/stories/labels.json'), 'utf8'))).articles;
const SEED_KEYS = ['000_552dc560a453afa8', '001_a4564d29494e56b0', '002_d367ca68bff82dc3', '003_c796c6a1adc09b2d', '004_70e37703d5faa8e3'];
/** Imported through the HTTP API while a socket client listens. */
const LIVE = 'defections-es';
/** Imported last, after an editor's pins and apart pairs are written. */
const HELD = ['ethiopian-crash-ru', 'notre-dame-ru'];

let desk: Desk;
let editor: Actor;
/** Labelled article id → claim id. */
const claimOf = new Map<string, string>();

const storyOf = async (labelId: string) => (await db.claim.findUniqueOrThrow({ where: { id: claimOf.get(labelId)! } })).storyId;
const fixture = (id: string) => labels.find((a) => a.id === id)!;

async function importFixture(id: string) {
  const a = fixture(id);
  const result = await importArticle({
    actor: editor,
    source: 'upload',
    fileName: path.basename(a.path),
    content: { bytes: readFileSync(path.join(ROOT, a.path)) },
    confirmNearDuplicate: true,
  });
  expect(result.outcome, id).toBe('created');
  expect(result.article.language, id).toBe(a.language);
  claimOf.set(id, result.claimId!);
}

beforeAll(async () => {
  desk = await openDesk();
  editor = toActor(await db.user.findUniqueOrThrow({ where: { email: 'admin@factdesk.test' } }));
  for (const key of SEED_KEYS) claimOf.set(`seed-${key.slice(0, 3)}`, await desk.claimId(key));
}, 120_000);
afterAll(() => closeDesk(desk));

describe('the seeds', () => {
  it('form exactly one story by themselves, with no editor action', async () => {
    const claims = await db.claim.findMany({ select: { storyId: true, storyPinned: true } });
    expect(claims).toHaveLength(5);
    expect(new Set(claims.map((c) => c.storyId)).size).toBe(1);
    expect(claims.every((c) => !c.storyPinned)).toBe(true);
    const stories = await db.story.findMany();
    expect(stories).toHaveLength(1);
    expect(stories[0]).toMatchObject({ id: claims[0]!.storyId, size: 5, decided: 0, customTitle: null, mergedIntoId: null });
    // Named by its event: the seeds are undated and name no day together.
    expect(stories[0]!.title).toBe('Defections · Cúcuta');
    expect(await db.storySuggestion.count()).toBe(0);
  });

  it('never take evidence from their trailing boilerplate', async () => {
    const seeds = await db.claim.findMany({ where: { boilerplate: { not: null } }, include: { storyEvidence: true } });
    expect(seeds.length).toBeGreaterThan(0);
    let boilerplateOnly = 0;
    for (const seed of seeds) {
      const body = new Set(extractEvidence({ id: seed.id, body: seed.body, language: seed.language }).items.map((i) => i.key));
      const scraped = extractEvidence({ id: seed.id, body: seed.boilerplate!, language: seed.language }).items.filter((i) => !body.has(i.key));
      boilerplateOnly += scraped.length;
      const stored = new Set((await db.storyEvidenceKey.findMany({ where: { claimId: seed.id } })).map((k) => k.key));
      expect(scraped.filter((i) => stored.has(i.key)).map((i) => i.surface)).toEqual([]);
      // What each link says this article wrote is in its body.
      const links = await db.storyLink.findMany({ where: { OR: [{ a: seed.id }, { b: seed.id }] } });
      expect(links.length).toBeGreaterThan(0);
      const text = seed.body.normalize('NFC');
      for (const link of links) {
        const side = link.a === seed.id ? 0 : 1;
        for (const s of z.array(z.object({ surfaces: z.tuple([z.string(), z.string()]) })).parse(link.shared)) {
          expect(text, `${seed.sourceKey}: "${s.surfaces[side]}"`).toContain(s.surfaces[side]);
        }
      }
    }
    // The check had something to refuse: the scraped headlines name other places and people.
    expect(boilerplateOnly).toBeGreaterThan(3);
  });
});

describe('an import through the API', () => {
  it('reaches a socket client live: the import, then the grouping with the stories and claims it changed', async () => {
    const socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.viewer });
    await connected(socket);
    const inbox = collect(socket);
    const since = await latestSeq();
    const seedStory = await storyOf('seed-000');
    const res = await desk.call('editor', 'POST', '/api/articles', {
      articles: [{ text: readFileSync(path.join(ROOT, fixture(LIVE).path), 'utf8'), source: 'paste' }],
    });
    expect(res.status).toBe(200);
    // Then its figures (issue 13), in sequence order (the socket.io adapter may deliver a large change later).
    await inbox.waitFor(3);
    socket.close();
    const changes = [...inbox.changes].sort((a, b) => a.event.seq - b.event.seq);
    const [imported, grouped] = changes;
    expect(changes.map((c) => c.event.action)).toEqual(['article.imported', 'story.grouped', 'figure.extracted']);
    const claimId = imported!.event.claimId!;
    claimOf.set(LIVE, claimId);
    expect(imported!.event.seq).toBeGreaterThan(since);
    expect(grouped!.event).toMatchObject({ seq: imported!.event.seq + 1, claimId, after: { storyId: seedStory, created: false, moves: [] } });
    expect(grouped!.claim).toMatchObject({ id: claimId, storyId: seedStory });
    expect(grouped!.claims).toEqual([expect.objectContaining({ id: claimId, storyId: seedStory })]);
    expect(grouped!.stories?.[0]).toMatchObject({ id: seedStory, size: 6, decided: 0, languages: ['en', 'bg', 'es', 'pt'] });
    expect(await storyOf(LIVE)).toBe(seedStory);
  });
});

describe('the labelled articles', () => {
  it('are grouped on import as labelled, the hard negatives in stories of their own', async () => {
    for (const a of labels) if (!claimOf.has(a.id) && !HELD.includes(a.id)) await importFixture(a.id);
    const storyByLabel = new Map<string, Set<string | null>>();
    for (const a of labels.filter((x) => !HELD.includes(x.id))) {
      storyByLabel.set(a.story, (storyByLabel.get(a.story) ?? new Set()).add(await storyOf(a.id)));
    }
    // Each labelled story is one desk story, and no two share one.
    expect(Object.fromEntries([...storyByLabel].map(([label, ids]) => [label, ids.size]))).toEqual(
      Object.fromEntries([...storyByLabel.keys()].map((l) => [l, 1])),
    );
    const ids = [...storyByLabel.values()].map((s) => [...s][0]);
    expect(new Set(ids).size).toBe(storyByLabel.size);
    const defections = [...storyByLabel.get('defections')!][0];
    for (const negative of ['blackout', 'swearing-in', 'aid-concert', 'guaido-return', 'bogota-bomb']) {
      expect([...storyByLabel.get(negative)!][0], negative).not.toBe(defections);
    }
    // The stories' own columns match their members.
    for (const story of await db.story.findMany({ include: { _count: { select: { claims: true } } } })) {
      expect(story.size, story.id).toBe(story._count.claims);
    }
    expect(await db.story.count()).toBe(storyByLabel.size);
  }, 120_000);

  it('leave every pending suggestion between stories of the thresholds, never two for one pair', async () => {
    const suggestions = await db.storySuggestion.findMany({ where: { status: 'pending' } });
    const pairs = suggestions.map((s) => `${s.storyAId} ${s.storyBId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const s of suggestions) {
      expect(s.storyAId < s.storyBId).toBe(true);
      expect(s.score).toBeGreaterThanOrEqual(0.12);
    }
    const pending = await db.story.findMany();
    const counted = new Map<string, number>();
    for (const s of suggestions) for (const id of [s.storyAId, s.storyBId]) counted.set(id, (counted.get(id) ?? 0) + 1);
    const replayed = (await replayChanges({ since: 0 })).changes.flatMap((c) => c.stories ?? []);
    expect(replayed.length).toBeGreaterThan(0);
    for (const story of pending) expect(counted.get(story.id) ?? 0, story.title).toBe(replayed.find((r) => r.id === story.id)?.pendingSuggestions ?? 0);
  });
});

describe('the audit trail and replay', () => {
  it('holds one story.grouped event per import, each readable, and the chain verifies', async () => {
    const rows = await db.auditEvent.findMany({ where: { action: 'story.grouped' }, orderBy: { seq: 'asc' } });
    expect(rows).toHaveLength(await db.claim.count());
    for (const row of rows) {
      const record = toAuditRecord(row);
      expect(record.action).toBe('story.grouped');
      if (record.action !== 'story.grouped') continue;
      const claim = await db.claim.findUniqueOrThrow({ where: { id: record.claimId } });
      // Each grouping follows its article's import directly.
      const previous = await db.auditEvent.findUniqueOrThrow({ where: { seq: BigInt(record.seq - 1) } });
      expect([previous.action, previous.claimId]).toEqual(['article.imported', claim.id]);
    }
    const verdict = await verifyAuditChain();
    expect(verdict.ok).toBe(true);
  });

  it('replays story changes with the stories and claims they touched', async () => {
    const { changes } = await replayChanges({ since: 0 });
    const grouped = changes.filter((c) => c.event.action === 'story.grouped');
    expect(grouped.length).toBeGreaterThan(10);
    for (const change of grouped) {
      if (change.event.action !== 'story.grouped') continue;
      expect(change.stories?.[0]?.id ?? null).toBe(change.event.after.storyId);
      expect(change.claims?.map((c) => c.id)).toContain(change.event.claimId);
    }
    const live = grouped.find((c) => c.event.claimId === claimOf.get(LIVE))!;
    expect(live.stories?.[0]).toMatchObject({ id: await storyOf('seed-000'), size: 8 });
  });
});

describe('verdicts', () => {
  it('keep the story decided count in step', async () => {
    const claimId = claimOf.get('brexit-vote-en')!;
    const storyId = (await storyOf('brexit-vote-en'))!;
    const before = await db.story.findUniqueOrThrow({ where: { id: storyId } });
    await setVerdict({ actor: editor, claimId, verdict: { status: 'verified', reason: 'Hansard.', evidence: [], expectedVersion: 1 } });
    expect(await db.story.findUniqueOrThrow({ where: { id: storyId } })).toMatchObject({ decided: before.decided + 1, version: before.version });
    await setVerdict({ actor: editor, claimId, verdict: { status: 'disputed', reason: 'A later count.', evidence: [], expectedVersion: 2 } });
    expect((await db.story.findUniqueOrThrow({ where: { id: storyId } })).decided).toBe(before.decided + 1);
    await setVerdict({ actor: editor, claimId, verdict: { status: 'unreviewed', reason: 'Back to the queue.', evidence: [], expectedVersion: 3 } });
    expect((await db.story.findUniqueOrThrow({ where: { id: storyId } })).decided).toBe(before.decided);
  });
});

describe("editors' decisions against later imports", () => {
  it('a pinned article stays where an editor put it; an apart pair never shares a story again, nor a suggestion', async () => {
    // An editor moved the English crash report into the Brumadinho story: both stories' articles are pinned.
    const moved = claimOf.get('ethiopian-crash-en')!;
    const crashStory = (await storyOf('ethiopian-crash-en'))!;
    const damStory = (await storyOf('brumadinho-en'))!;
    await db.claim.update({ where: { id: moved }, data: { storyId: damStory } });
    await db.claim.updateMany({ where: { storyId: { in: [crashStory, damStory] } }, data: { storyPinned: true } });
    // And split the Notre-Dame story in two (apart pairs across; left unpinned, so only the pairs hold them).
    const fire = (await storyOf('notre-dame-ar'))!;
    const sideA = [claimOf.get('notre-dame-ar')!, claimOf.get('notre-dame-en')!];
    const sideB = [claimOf.get('notre-dame-es')!, claimOf.get('notre-dame-pt')!];
    const split = await db.story.create({ data: { title: 'split off' } });
    await db.claim.updateMany({ where: { id: { in: sideB } }, data: { storyId: split.id } });
    await db.storyApart.createMany({ data: sideA.flatMap((x) => sideB.map((y) => ({ a: x < y ? x : y, b: x < y ? y : x, cause: 'split' }))) });
    await db.$transaction((tx) => refreshStories(tx, [crashStory, damStory, fire, split.id]));

    for (const id of HELD) await importFixture(id);

    // The new crash report joins its story; the moved one stays in the dam story.
    expect(await storyOf('ethiopian-crash-ru')).toBe(crashStory);
    expect(await storyOf('ethiopian-crash-en')).toBe(damStory);
    for (const id of ['brumadinho-bg', 'brumadinho-en', 'brumadinho-es', 'brumadinho-pt']) expect(await storyOf(id), id).toBe(damStory);
    // The new fire report joins one side; the two sides stay apart and are not suggested to each other.
    const sides = [
      new Set(await Promise.all(['notre-dame-ar', 'notre-dame-en'].map(storyOf))),
      new Set(await Promise.all(['notre-dame-es', 'notre-dame-pt'].map(storyOf))),
    ];
    expect(sides.map((s) => s.size)).toEqual([1, 1]);
    const [a, b] = sides.map((s) => [...s][0]!);
    expect(a).not.toBe(b);
    expect([a, b]).toContain(await storyOf('notre-dame-ru'));
    const between = await db.storySuggestion.count({
      where: {
        status: 'pending',
        OR: [
          { storyAId: a, storyBId: b },
          { storyAId: b, storyBId: a },
        ],
      },
    });
    expect(between).toBe(0);
  }, 60_000);
});

describe('key counts', () => {
  it('stay exact when a seed is imported again with changed text', async () => {
    const seedId = claimOf.get('seed-004')!;
    const story = await storyOf('seed-004');
    const raw = readFileSync(path.join(SEEDS_DIR, `${SEED_KEYS[4]}.txt`), 'utf8');
    const sentence = 'A correspondent in Maracaibo confirmed the figures to the agency.';
    const changed = raw.replace(/\n/, `\n${sentence}\n`);
    const result = await importArticle({ actor: null, source: 'seed', fileName: `${SEED_KEYS[4]}.txt`, content: { text: changed } });
    expect(result.outcome).toBe('updated');
    expect(await storyOf('seed-004')).toBe(story);
    // Its grouping, then its figures (issue 13).
    const [figures, last] = (await db.auditEvent.findMany({ orderBy: { seq: 'desc' }, take: 2 })).map(toAuditRecord);
    expect(figures).toMatchObject({ action: 'figure.extracted', claimId: seedId });
    expect(last).toMatchObject({ action: 'story.grouped', claimId: seedId });

    // story_key_stats as if every article's evidence had been counted from scratch.
    const expected = new Map<string, { df: number; nameDf: number }>();
    const bump = (key: string, field: 'df' | 'nameDf') => {
      const e = expected.get(key) ?? { df: 0, nameDf: 0 };
      e[field]++;
      expected.set(key, e);
    };
    for (const k of await db.storyEvidenceKey.findMany()) bump(k.key, 'df');
    const evidence = await db.storyEvidence.findMany();
    for (const e of evidence) for (const key of storedNameKeys(e.evidence)) bump(key, 'nameDf');
    expected.set(DOCUMENTS_KEY, { df: evidence.length, nameDf: 0 });
    const stored = new Map((await db.storyKeyStat.findMany()).map((s) => [s.key, { df: s.df, nameDf: s.nameDf }]));
    expect(stored.size).toBe(expected.size);
    expect(Object.fromEntries([...expected].filter(([k, v]) => stored.get(k)?.df !== v.df || stored.get(k)?.nameDf !== v.nameDf))).toEqual({});
    expect(evidence.length).toBe(await db.claim.count());
    // The new sentence is the seed's evidence now.
    const added = nameKeys(extractEvidence({ id: seedId, body: sentence, language: 'en' }));
    expect(added.length).toBeGreaterThan(0);
    expect(storedNameKeys(evidence.find((e) => e.claimId === seedId)!.evidence)).toEqual(expect.arrayContaining(added));
  });
});

describe('start-up backfill', () => {
  it('groups claims without a story and redoes evidence of another STORIES_VERSION, as an import would', async () => {
    // Claims from before stories (bulk-imported without grouping), and an article whose evidence an older rule set wrote.
    const brexit = fixture('brexit-vote-es');
    const body = readFileSync(path.join(ROOT, brexit.path), 'utf8');
    await bulkImportClaims({ claims: [{ sourceKey: 'backfill-brexit', title: 'Brexit, otra vez', body, language: 'es' }], group: false });
    const fresh = await db.claim.findUniqueOrThrow({ where: { sourceKey: 'backfill-brexit' } });
    expect(fresh.storyId).toBeNull();
    const old = claimOf.get('sudan-coup-en')!;
    await db.storyEvidence.update({ where: { claimId: old }, data: { version: STORIES_VERSION + 1 } });
    const sudan = await storyOf('sudan-coup-en');

    const since = await latestSeq();
    const progress: number[] = [];
    expect(await groupUngrouped({ onProgress: (done) => progress.push(done) })).toEqual({ grouped: 2 });
    expect(progress).toEqual([1, 2]);
    expect((await db.claim.findUniqueOrThrow({ where: { id: fresh.id } })).storyId).toBe(await storyOf('brexit-vote-en'));
    expect(await storyOf('sudan-coup-en')).toBe(sudan);
    expect((await db.storyEvidence.findUniqueOrThrow({ where: { claimId: old } })).version).toBe(STORIES_VERSION);
    const events = await db.auditEvent.findMany({ where: { seq: { gt: BigInt(since) } } });
    expect(events.map((e) => [e.action, e.claimId]).sort()).toEqual(
      [
        ['story.grouped', fresh.id],
        ['story.grouped', old],
      ].sort(),
    );
    // Nothing left: a second start does nothing.
    expect(await groupUngrouped()).toEqual({ grouped: 0 });
    expect((await verifyAuditChain()).ok).toBe(true);
  });

  it('re-titles each story once when the rules change: an old title gives way, the same event keeps its title, an editor title stays', async () => {
    const titleOf = async (labelId: string) =>
      db.story.findUniqueOrThrow({ where: { id: (await storyOf(labelId))! }, select: { title: true, customTitle: true } });
    const staleRules = (labelIds: string[]) =>
      db.storyEvidence.updateMany({ where: { claimId: { in: labelIds.map((id) => claimOf.get(id)!) } }, data: { version: STORIES_VERSION - 1 } });
    const eventTitle = /^Defections · Cúcuta( · 23 Feb)?$/u;
    expect((await titleOf('seed-000')).title).toMatch(eventTitle);

    // A title from before event titles, on the seeds' story; an editor's title on Sudan's.
    await db.story.update({ where: { id: (await storyOf('seed-000'))! }, data: { title: 'Cúcuta, Guaidó, Migración Colombia — 23 de fevereiro' } });
    await db.story.update({ where: { id: (await storyOf('sudan-coup-en'))! }, data: { customTitle: 'Bashir falls' } });
    await staleRules(['seed-001', 'sudan-coup-pt']);
    expect(await groupUngrouped()).toEqual({ grouped: 2 });
    expect((await titleOf('seed-000')).title).toMatch(eventTitle);
    expect((await titleOf('sudan-coup-en')).customTitle).toBe('Bashir falls');

    // The same event (kind and place) under another day: a regrouping keeps the stored title.
    const same = 'Defections · Cúcuta · 22 Feb 2019';
    await db.story.update({ where: { id: (await storyOf('seed-000'))! }, data: { title: same } });
    await staleRules(['seed-002']);
    expect(await groupUngrouped()).toEqual({ grouped: 1 });
    expect((await titleOf('seed-000')).title).toBe(same);
    expect((await verifyAuditChain()).ok).toBe(true);
  });
});
