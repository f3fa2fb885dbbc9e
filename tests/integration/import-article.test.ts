// The import pipeline against real PostgreSQL (issue 11): every bad input is
// refused in one sentence with nothing written; exact duplicates are not
// imported again; near-duplicates only when confirmed, then linked; the claim,
// its fingerprint, its source snapshot and the audit event commit together;
// "claim created" is published after the commit; the seeder stays idempotent;
// the duplicate lookups use their indexes.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { Server } from 'socket.io';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { exactDuplicateQuery, nearCandidatesQuery } from '../../lib/articles/find-duplicates';
import { FINGERPRINT_VERSION, fingerprint } from '../../lib/articles/fingerprint';
import { type ImportArticleOptions, importArticle } from '../../lib/claims/import-article';
import { listClaimFigures } from '../../lib/figures/desk/list-figures';
import { MAX_IMPORT_BYTES } from '../../lib/articles/prepare-article';
import { verifyAuditChain } from '../../lib/audit/verify-chain';
import { toAuditRecord } from '../../lib/audit/to-record';
import type { Actor } from '../../lib/auth/permissions';
import { toActor } from '../../lib/auth/to-actor';
import { bulkImportClaims } from '../../lib/claims/bulk-import';
import { db, disconnectDb } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { Prisma } from '../../lib/generated/prisma/client';
import { type DeskIo, registerIo } from '../../lib/realtime/io-registry';
import { SEEDS_DIR, seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { type FileResult, importFiles } from '../../scripts/import-articles/import-files';
import { walkPaths } from '../../scripts/import-articles/walk';
import { parseStoredEvidence } from '../../lib/stories/desk/stored-evidence';

const SEED_PT = '000_552dc560a453afa8';
const SEED_EN = '001_a4564d29494e56b0';
const PAGES = path.join(import.meta.dirname, '../fixtures/pages');

let editor: Actor;
let reviewer: Actor;
let viewer: Actor;
let io: DeskIo;
let broadcasts: { event: string; payload: unknown }[] = [];

const seedText = (key: string) => readFileSync(path.join(SEEDS_DIR, `${key}.txt`), 'utf8');
const page = (name: string) => readFileSync(path.join(PAGES, `${name}.html`), 'utf8');
const claimIdOf = async (sourceKey: string) => (await db.claim.findUniqueOrThrow({ where: { sourceKey } })).id;

/** Everything an import can write. */
async function counts() {
  const [claims, events, fingerprints, sources] = await Promise.all([
    db.claim.count(),
    db.auditEvent.count(),
    db.articleFingerprint.count(),
    db.articleSource.count(),
  ]);
  return { claims, events, fingerprints, sources };
}

/** The paragraphs of a seed, reordered: last two swapped with the first two. */
function reordered(text: string): string {
  const paragraphs = text.split('\n\n');
  return [...paragraphs.slice(2), ...paragraphs.slice(0, 2)].join('\n\n');
}

const paste = (text: string, extra: Partial<ImportArticleOptions> = {}): ImportArticleOptions => ({
  actor: editor,
  source: 'paste',
  content: { text },
  ...extra,
});

const ARTICLE = [
  'Four soldiers ask for asylum at the Colombian border',
  '',
  'Four members of the Venezuelan National Guard asked for asylum at a Colombian border post on Monday, officials in Cúcuta said.',
  '',
  'The men arrived on foot shortly after dawn and handed their rifles to the Colombian police, according to a local official.',
  '',
].join('\n');

beforeAll(async () => {
  await seedArticles();
  await seedDemoUsers();
  const actor = async (email: string) => toActor(await db.user.findUniqueOrThrow({ where: { email } }));
  editor = await actor('admin@factdesk.test');
  reviewer = await actor('reviewer@factdesk.test');
  viewer = await actor('viewer@factdesk.test');
  // A socket.io server with no clients: its adapter still sees every broadcast.
  io = new Server();
  registerIo(io);
  vi.spyOn(io.of('/').adapter, 'broadcast').mockImplementation((packet: { data: unknown }) => {
    const [event, payload] = packet.data as [string, unknown];
    broadcasts.push({ event, payload });
  });
}, 120_000);

beforeEach(() => {
  broadcasts = [];
});

afterAll(async () => {
  registerIo(undefined);
  await disconnectDb();
});

describe('bad input: one sentence, nothing written', () => {
  const noise = Uint8Array.from({ length: 600 }, (_, i) => 0x80 + ((i * 7919 + 13) % 128));
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0]);
  const cases: [string, Partial<ImportArticleOptions> & Pick<ImportArticleOptions, 'content'>, string, RegExp][] = [
    [
      'an empty file',
      { source: 'upload', fileName: 'empty.txt', content: { bytes: new Uint8Array() } },
      'empty',
      /^It is empty: there is no text to import\.$/,
    ],
    ['a blank paste', { content: { text: ' \n\t ' } }, 'empty', /^It is empty/],
    [
      'a paste of 2 characters',
      { content: { text: 'ok' } },
      'too_short',
      /^It is too short to be an article: it has 2 letters, and an article needs at least 20\.$/,
    ],
    ['an image renamed .txt', { source: 'upload', fileName: 'photo.txt', content: { bytes: png } }, 'binary', /^It is not a text file: /],
    [
      'bytes no encoding reads',
      { source: 'upload', fileName: 'noise.txt', content: { bytes: noise } },
      'undecodable',
      /^Its bytes are not valid text in any encoding/,
    ],
    [
      'a PDF by its media type',
      { source: 'url', fetchedUrl: 'https://example.org/a.pdf', content: { bytes: new TextEncoder().encode('%PDF-1.7'), mediaType: 'application/pdf' } },
      'unsupported_type',
      /^Only text and HTML can be imported, and this is application\/pdf\.$/,
    ],
    [
      'a Word file by its name',
      { source: 'upload', fileName: 'story.docx', content: { bytes: new TextEncoder().encode('PK...') } },
      'unsupported_type',
      /^Only \.txt, \.md and \.html files can be imported, and this is a \.docx file\.$/,
    ],
    [
      'a file over the limit',
      { source: 'upload', fileName: 'big.txt', content: { bytes: new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x61) } },
      'too_large',
      /^It is too large to import: 5\.0 MB, and the limit is 5 MB\.$/,
    ],
    [
      'a NUL character',
      { content: { text: `${ARTICLE}\u0000` } },
      'unstorable',
      /^It contains a NUL character \(U\+0000\) at character \d+, which text cannot hold\.$/,
    ],
    [
      'a page with no article',
      { source: 'upload', fileName: 'menu.html', content: { bytes: new TextEncoder().encode('<html><body><nav><a href="/">Home</a></nav></body></html>') } },
      'no_article',
      /^No article text was found in the page\.$/,
    ],
    [
      'a seed with a bad name',
      { source: 'seed', fileName: '../etc/passwd.txt', content: { text: ARTICLE } },
      'invalid_name',
      /^A seed file needs a name of letters/,
    ],
  ];

  it.each(cases)('%s', async (_name, options, reason, message) => {
    const before = await counts();
    const error = await importArticle({ actor: editor, source: 'paste', ...options }).then(
      () => {
        throw new Error('expected a refusal');
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    if (!(error instanceof AppError)) return;
    expect(error.details?.reason).toBe(reason);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
    expect(error.status).toBe(reason === 'too_large' ? 413 : 400);
    expect(await counts()).toEqual(before);
    expect(broadcasts).toEqual([]);
  });

  it('an override that does not validate names its field', async () => {
    const before = await counts();
    await expect(importArticle(paste(ARTICLE, { overrides: { language: 'Portuguese' } }))).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'language: Language: a 2–3 letter ISO 639 code such as "pt" or "ar".',
    });
    await expect(importArticle(paste(ARTICLE, { overrides: { url: 'javascript:alert(1)' } }))).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await counts()).toEqual(before);
  });

  it('a viewer may not import, even a preview', async () => {
    const before = await counts();
    for (const preview of [false, true]) {
      await expect(importArticle({ ...paste(ARTICLE), actor: viewer, preview })).rejects.toMatchObject({
        code: 'forbidden',
        message: 'Your role cannot import articles.',
      });
    }
    expect(await counts()).toEqual(before);
  });
});

describe('a new article', () => {
  it('pasted: the claim, its fingerprint, its source and the audit event, in one go', async () => {
    const before = await counts();
    const result = await importArticle(
      paste(ARTICLE, { overrides: { outlet: 'Radio Frontera', publishedAt: '2019-02-25', url: 'https://radio.example/asylum' }, requestId: 'req-import-1' }),
    );
    expect(result).toMatchObject({ outcome: 'created', written: true, duplicateOf: null, nearDuplicates: [], nearDuplicateOf: null });
    const claim = await db.claim.findUniqueOrThrow({ where: { id: result.claimId! }, include: { source: true, fingerprint: true } });
    expect(claim).toMatchObject({
      title: 'Four soldiers ask for asylum at the Colombian border',
      body: ARTICLE,
      boilerplate: null,
      language: 'en',
      outlet: 'Radio Frontera',
      articleUrl: 'https://radio.example/asylum',
      publishedAt: new Date('2019-02-25T00:00:00Z'),
      publishedAtSource: 'form',
      nearDuplicateOfId: null,
      status: 'unreviewed',
    });
    expect(claim.languageConfidence).toBeGreaterThan(0.95);
    const sha = createHash('sha256').update(ARTICLE, 'utf8').digest('hex');
    expect(claim.source).toMatchObject({
      kind: 'paste',
      name: null,
      mediaType: 'text/plain',
      encoding: 'utf-8',
      byteLength: Buffer.byteLength(ARTICLE),
      sha256: sha,
    });
    expect(Buffer.from(claim.source!.original).toString('utf8')).toBe(ARTICLE);
    expect(claim.fingerprint).toMatchObject({ version: FINGERPRINT_VERSION, textHash: fingerprint(ARTICLE).textHash });
    // The story grouping weighs the day it was published, as stored (issue 30).
    const evidence = await db.storyEvidence.findUniqueOrThrow({ where: { claimId: claim.id } });
    expect(parseStoredEvidence(evidence.evidence)?.published).toBe('2019-02-25');
    expect(await counts()).toEqual({
      claims: before.claims + 1,
      // article.imported, story.grouped and figure.extracted
      events: before.events + 3,
      fingerprints: before.fingerprints + 1,
      sources: before.sources + 1,
    });

    const row = await db.auditEvent.findFirstOrThrow({ where: { claimId: claim.id }, orderBy: { seq: 'asc' } });
    const event = toAuditRecord(row);
    expect(event).toMatchObject({
      action: 'article.imported',
      actorId: editor.id,
      actorLabel: editor.email,
      requestId: 'req-import-1',
      before: null,
      reason: null,
      after: {
        sourceKey: claim.sourceKey,
        title: claim.title,
        language: 'en',
        languageConfidence: claim.languageConfidence,
        contentHash: claim.contentHash,
        source: { kind: 'paste', name: null, mediaType: 'text/plain', encoding: 'utf-8', byteLength: Buffer.byteLength(ARTICLE), sha256: sha },
        nearDuplicateOf: null,
      },
    });
    expect(result.event?.seq).toBe(Number(row.seq));
    expect(await verifyAuditChain()).toMatchObject({ ok: true });

    // "Claim created", after the commit: the row was there for the browser to load. Then its grouping, with its story,
    // and its figures, as they are.
    expect(broadcasts).toHaveLength(3);
    expect(broadcasts[0]).toMatchObject({
      event: 'desk:change',
      payload: { event: { action: 'article.imported', seq: Number(row.seq) }, claim: { id: claim.id, title: claim.title, language: 'en' } },
    });
    expect(broadcasts[1]).toMatchObject({
      event: 'desk:change',
      payload: { event: { action: 'story.grouped', seq: Number(row.seq) + 1 }, claim: { id: claim.id }, stories: [{ size: 1 }] },
    });
    expect(broadcasts[2]).toMatchObject({
      event: 'desk:change',
      payload: {
        event: { action: 'figure.extracted', seq: Number(row.seq) + 2 },
        claim: { id: claim.id },
        figures: await listClaimFigures({ claimId: claim.id }),
      },
    });
  });

  it('uploaded as a windows-1251 HTML page: decoded, extracted, its metadata and original bytes kept', async () => {
    const bytes = new Uint8Array(iconv.encode(page('windows-1251'), 'windows-1251'));
    const result = await importArticle({ actor: reviewer, source: 'upload', fileName: 'novini.html', content: { bytes } });
    expect(result.outcome).toBe('created');
    const claim = await db.claim.findUniqueOrThrow({ where: { id: result.claimId! }, include: { source: true } });
    expect(claim).toMatchObject({
      title: 'Над 100 венецуелски военни са дезертирали в Колумбия',
      language: 'bg',
      outlet: 'Новини Днес',
      byline: 'Иван Петров',
      publishedAt: new Date('2019-02-25T00:00:00Z'),
      publishedAtSource: 'page',
    });
    expect(claim.body).toMatch(/^Повече от сто венецуелски военнослужещи/);
    expect(claim.body).not.toContain('<');
    expect(claim.source).toMatchObject({ kind: 'upload', name: 'novini.html', mediaType: 'text/html', encoding: 'windows-1251', byteLength: bytes.length });
    expect(Buffer.from(claim.source!.original).equals(Buffer.from(bytes))).toBe(true);
    const event = toAuditRecord(await db.auditEvent.findFirstOrThrow({ where: { claimId: claim.id }, orderBy: { seq: 'asc' } }));
    expect(event).toMatchObject({
      action: 'article.imported',
      actorId: reviewer.id,
      after: { source: { kind: 'upload', name: 'novini.html', encoding: 'windows-1251', sha256: createHash('sha256').update(bytes).digest('hex') } },
    });
  });

  it('fetched as a right-to-left Arabic page: language from the text, the fetched address kept', async () => {
    const url = 'https://akhbar.example/world/defections';
    const result = await importArticle({
      actor: editor,
      source: 'url',
      fetchedUrl: url,
      content: { bytes: new TextEncoder().encode(page('arabic-rtl')), mediaType: 'text/html; charset=utf-8' },
    });
    const claim = await db.claim.findUniqueOrThrow({ where: { id: result.claimId! }, include: { source: true } });
    expect(claim).toMatchObject({ language: 'ar', articleUrl: url, byline: 'سارة الخطيب', outlet: 'الأخبار اليوم' });
    expect(claim.source).toMatchObject({ kind: 'url', name: url, mediaType: 'text/html' });
  });

  it("an importer's language and headline win over detection and the page", async () => {
    const text = 'Militares venezuelanos cruzam a fronteira e pedem proteção às autoridades colombianas em Cúcuta.\n';
    const result = await importArticle(paste(text, { overrides: { language: 'gl', headline: 'Militares cruzan a fronteira' } }));
    expect(result.article).toMatchObject({ language: 'gl', languageConfidence: 1, languageFrom: 'override', title: 'Militares cruzan a fronteira' });
    expect(await db.claim.findUniqueOrThrow({ where: { id: result.claimId! } })).toMatchObject({
      language: 'gl',
      languageConfidence: 1,
      languageFrom: 'override',
    });
  });
});

describe('published dates and where they came from (issues 30 and 31)', () => {
  const wire = (n: number) =>
    [
      `Source: AFP`,
      '',
      `BOGOTÁ, 23 feb (EFE).- Un grupo de ${n} militares venezolanos cruzó la frontera hacia Colombia por el puente de Tienditas, informó Migración Colombia.`,
      '',
      `Los ${n} uniformados entregaron sus armas a la policía colombiana en la madrugada del sábado, según un comunicado oficial de la entidad migratoria.`,
      '',
    ].join('\n');

  it('an undated article keeps no date, marked "import"; its title skips the credit and the dateline', async () => {
    const result = await importArticle(paste(wire(31)));
    const claim = await db.claim.findUniqueOrThrow({ where: { id: result.claimId! } });
    expect(claim).toMatchObject({
      publishedAt: null,
      publishedAtSource: 'import',
      title: 'Un grupo de 31 militares venezolanos cruzó la frontera hacia Colombia por el puente de Tienditas, informó…',
    });
    // Its import time is not a publication day: the grouping gets none.
    const evidence = await db.storyEvidence.findUniqueOrThrow({ where: { claimId: claim.id } });
    expect(parseStoredEvidence(evidence.evidence)?.published).toBeUndefined();
  });

  it('the CLI takes front matter over its flags, records "cli", and refuses a bad date with nothing written', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'factdesk-dated-'));
    try {
      writeFileSync(path.join(dir, 'a-front.md'), `---\noutlet: El Tiempo\npublished: 2019-02-24\n---\n${wire(32)}`);
      writeFileSync(path.join(dir, 'b-flags.txt'), wire(33));
      writeFileSync(path.join(dir, 'c-bad.txt'), `---\npublished: 24/02/2019\n---\n${wire(34)}`);
      const before = await counts();
      const results: FileResult[] = [];
      await importFiles({
        entries: walkPaths([dir]),
        actor: editor,
        allowNearDuplicates: true,
        dryRun: false,
        defaults: { outlet: 'Radio Frontera', publishedAt: '2019-02-23' },
        onResult: (r) => results.push(r),
      });
      const byName = new Map(results.map((r) => [path.basename(r.path), r]));
      const claimOf = async (name: string) => {
        const r = byName.get(name);
        if (r?.outcome !== 'created' || !r.claimId) throw new Error(`${name}: ${JSON.stringify(r)}`);
        return db.claim.findUniqueOrThrow({ where: { id: r.claimId } });
      };
      expect(await claimOf('a-front.md')).toMatchObject({ outlet: 'El Tiempo', publishedAt: new Date('2019-02-24T00:00:00Z'), publishedAtSource: 'cli' });
      expect(await claimOf('b-flags.txt')).toMatchObject({ outlet: 'Radio Frontera', publishedAt: new Date('2019-02-23T00:00:00Z'), publishedAtSource: 'cli' });
      const bad = byName.get('c-bad.txt');
      expect(bad).toMatchObject({ outcome: 'refused', reason: 'bad_front_matter' });
      expect(bad?.outcome === 'refused' && bad.sentence).toMatch(/^Its front matter cannot be read: published: /);
      // Two claims, and nothing of the refused file.
      expect((await counts()).claims).toBe(before.claims + 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a bad date from the form is one sentence, and nothing is written', async () => {
    const before = await counts();
    const error: unknown = await importArticle(paste(wire(35), { overrides: { publishedAt: '2019-13-01' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'invalid_input' });
    expect(error instanceof AppError && error.message).toMatch(/Published date: YYYY-MM-DD or an ISO date-time\./);
    expect(await counts()).toEqual(before);
  });
});

describe('exact duplicates', () => {
  it('the same text, however spaced or cased, is not imported again: the answer names the claim', async () => {
    const seedId = await claimIdOf(SEED_EN);
    const before = await counts();
    const text = seedText(SEED_EN).replace(/\n\n/g, '\n\n\n').replace('The Colombian', 'THE COLOMBIAN');
    for (const options of [
      paste(text),
      { actor: editor, source: 'upload', fileName: 'copy.txt', content: { bytes: Buffer.from(seedText(SEED_EN)) } } satisfies ImportArticleOptions,
    ]) {
      const result = await importArticle(options);
      expect(result).toMatchObject({ outcome: 'duplicate', written: false, claimId: seedId, duplicateOf: { claimId: seedId } });
    }
    expect(await counts()).toEqual(before);
    expect(broadcasts).toEqual([]);
  });

  it('a copy with look-alike letters from another script is a duplicate (TR #39 skeleton; issue 29)', async () => {
    const seedId = await claimIdOf(SEED_EN);
    const before = await counts();
    // a, e and o swapped for Cyrillic а, е and о: the same page to a reader, other code points to a byte compare.
    const text = seedText(SEED_EN).replace(/a/g, '\u0430').replace(/e/g, '\u0435').replace(/o/g, '\u043e');
    expect(text).not.toBe(seedText(SEED_EN));
    for (const preview of [true, false]) {
      const result = await importArticle(paste(text, { preview }));
      expect(result).toMatchObject({ outcome: 'duplicate', written: false, claimId: seedId, duplicateOf: { claimId: seedId } });
    }
    expect(await counts()).toEqual(before);
  });

  it('the same bytes sent the same way again find their own claim', async () => {
    const text =
      'Brazil reopens the Pacaraima crossing\n\nBrazil reopened its border crossing at Pacaraima on Thursday after a three-day closure ordered from Caracas, state officials in Roraima said.\n';
    const first = await importArticle(paste(text));
    expect(first.outcome).toBe('created');
    const again = await importArticle(paste(text));
    expect(again).toMatchObject({ outcome: 'duplicate', written: false, claimId: first.claimId });
  });
});

describe('near-duplicates', () => {
  it('refused until confirmed, then linked to the claim it resembles with the similarity', async () => {
    const seedId = await claimIdOf(SEED_PT);
    const text = reordered(seedText(SEED_PT));
    const before = await counts();

    const refused = await importArticle({ actor: editor, source: 'upload', fileName: 'reordenado.txt', content: { bytes: Buffer.from(text) } });
    expect(refused).toMatchObject({ outcome: 'near_duplicate', written: false, claimId: null, event: null });
    expect(refused.nearDuplicates[0]).toMatchObject({ claimId: seedId });
    const similarity = refused.nearDuplicates[0]!.similarity;
    expect(similarity).toBeGreaterThanOrEqual(0.3);
    expect(similarity).toBeLessThan(1);
    expect(await counts()).toEqual(before);
    expect(broadcasts).toEqual([]);

    const confirmed = await importArticle({
      actor: editor,
      source: 'upload',
      fileName: 'reordenado.txt',
      content: { bytes: Buffer.from(text) },
      confirmNearDuplicate: true,
    });
    expect(confirmed).toMatchObject({ outcome: 'created', written: true, nearDuplicateOf: { claimId: seedId, similarity } });
    const claim = await db.claim.findUniqueOrThrow({ where: { id: confirmed.claimId! } });
    expect(claim).toMatchObject({ nearDuplicateOfId: seedId, nearDuplicateSimilarity: similarity, language: 'pt' });
    const event = toAuditRecord(await db.auditEvent.findFirstOrThrow({ where: { claimId: claim.id }, orderBy: { seq: 'asc' } }));
    expect(event).toMatchObject({ action: 'article.imported', after: { nearDuplicateOf: { claimId: seedId, similarity } } });
    // The import, its grouping into a story, its figures.
    expect(broadcasts.map((b) => b.event)).toEqual(['desk:change', 'desk:change', 'desk:change']);

    // The confirmed copy is now the same text as a claim: a third copy is an exact duplicate.
    expect((await importArticle(paste(text))).outcome).toBe('duplicate');
  });

  it('another article on the same story is not a near-duplicate', async () => {
    const result = await importArticle({
      actor: editor,
      source: 'upload',
      fileName: 'vale.html',
      content: { bytes: new TextEncoder().encode(page('opengraph-only')) },
    });
    expect(result).toMatchObject({ outcome: 'created', nearDuplicates: [] });
  });
});

describe('preview', () => {
  it('computes everything and writes nothing, saying what an import would do', async () => {
    const before = await counts();
    const fresh = await importArticle(
      paste('Twelve soldiers crossed the Paraguachón crossing into La Guajira on Tuesday night, the governor said.\n', { preview: true }),
    );
    expect(fresh).toMatchObject({ outcome: 'created', written: false, claimId: null, event: null });
    expect(fresh.article).toMatchObject({
      title: 'Twelve soldiers crossed the Paraguachón crossing into La Guajira on Tuesday night, the governor said',
      language: 'en',
    });
    expect(fresh.article.languageConfidence).toBeGreaterThan(0.9);
    expect((await importArticle(paste(seedText(SEED_EN), { preview: true }))).outcome).toBe('duplicate');
    const near = await importArticle(paste(reordered(seedText('002_d367ca68bff82dc3')), { preview: true }));
    expect(near.outcome).toBe('near_duplicate');
    expect(near.nearDuplicates[0]?.claimId).toBe(await claimIdOf('002_d367ca68bff82dc3'));
    expect(await counts()).toEqual(before);
    expect(broadcasts).toEqual([]);
  });
});

describe('the seeder', () => {
  function seedCopy(extra: Record<string, string | Buffer>) {
    const dir = mkdtempSync(path.join(tmpdir(), 'factdesk-seeds-'));
    for (const f of readdirSync(SEEDS_DIR).filter((n) => n.endsWith('.txt'))) copyFileSync(path.join(SEEDS_DIR, f), path.join(dir, f));
    for (const [name, content] of Object.entries(extra)) writeFileSync(path.join(dir, name), content);
    return dir;
  }

  it('stays idempotent: a second run changes nothing', async () => {
    const before = await counts();
    const summary = await seedArticles();
    expect(summary).toMatchObject({ created: [], updated: [], duplicate: [], nearDuplicate: [], fingerprinted: 0 });
    expect(summary.unchanged).toHaveLength(5);
    expect(await counts()).toEqual(before);
  });

  it('reports seeds that duplicate or resemble another claim instead of importing them', async () => {
    const dir = seedCopy({ '900_copy.txt': seedText(SEED_EN), '901_reordered.txt': reordered(seedText('003_c796c6a1adc09b2d').replace(/\n/g, '\n\n')) });
    try {
      const before = await counts();
      const summary = await seedArticles(dir);
      expect(summary.created).toEqual([]);
      expect(summary.duplicate).toEqual([
        { key: '900_copy', of: 'The Colombian authorities reported that 567 Venezuelan soldiers had defected and crossed the border' },
      ]);
      expect(summary.nearDuplicate).toMatchObject([{ key: '901_reordered' }]);
      expect(summary.nearDuplicate[0]!.similarity).toBeGreaterThanOrEqual(0.3);
      expect(await counts()).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fingerprints claims that have none (a desk from before this version) on its next run', async () => {
    const seedId = await claimIdOf(SEED_EN);
    await db.articleFingerprint.delete({ where: { claimId: seedId } });
    await db.articleFingerprint.updateMany({ where: { claimId: await claimIdOf(SEED_PT) }, data: { version: 0 } });
    expect((await seedArticles()).fingerprinted).toBe(2);
    expect(await db.articleFingerprint.findUnique({ where: { claimId: seedId } })).toMatchObject({
      version: FINGERPRINT_VERSION,
      textHash: fingerprint((await db.claim.findUniqueOrThrow({ where: { id: seedId } })).body).textHash,
    });
    expect((await importArticle(paste(seedText(SEED_EN)))).outcome).toBe('duplicate');
  });
});

describe('the duplicate checks read indexes, not the desk', () => {
  it('plans both lookups as index scans on a desk of 3,000 claims', async () => {
    const bodies = [
      'Soldados desertaram para a Colômbia e pediram proteção',
      'Войници дезертираха в Колумбия',
      'Floodwaters recede as aid convoys reach villages',
    ];
    await bulkImportClaims({
      claims: Array.from({ length: 3000 }, (_, i) => ({
        sourceKey: `scale-${i}`,
        title: `Claim ${i}`,
        body: `${bodies[i % 3]} (${i}). Report number ${i} from desk ${i % 17} on day ${i % 31}.`,
        language: 'pt',
      })),
      // Only the duplicate checks are measured here; stories and figures have their own benchmarks.
      group: false,
      figures: false,
    });
    await db.$executeRawUnsafe('ANALYZE article_fingerprints, article_bands');
    const fp = fingerprint(seedText(SEED_EN));
    const plan = async (query: Prisma.Sql) =>
      (await db.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${query}`)).map((r) => r['QUERY PLAN']).join('\n');
    const exact = await plan(exactDuplicateQuery(fp));
    expect(exact).toMatch(/Index Scan using article_fingerprints_text_hash_idx|Bitmap Index Scan on article_fingerprints_text_hash_idx/);
    expect(exact).not.toMatch(/Seq Scan on article_fingerprints/);
    const near = await plan(nearCandidatesQuery(fp));
    // Each band probe a bounded btree read: Limit over an index(-only) scan of
    // article_bands' primary key, never a bitmap (which reads the whole bucket).
    expect(near).toMatch(/Limit\s+\(.*\)\s+->\s+Index (Only )?Scan using article_bands_pkey on article_bands/);
    expect(near).toMatch(/Index Cond: \(band = q\.band\)/);
    expect(near).not.toMatch(/Bitmap|Seq Scan on article_(fingerprints|bands)/);
  });
});
