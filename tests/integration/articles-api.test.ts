// POST /api/articles against the real app server (issue 11 part B): every way
// in (JSON paste, JSON api, multipart upload of several files, URL), every bad
// input (one sentence each, nothing written), request errors (400 naming the
// field, 413), exact and near duplicates, preview, who may import, and the
// audit event each import writes. URLs come from a local page server: one app
// server runs with IMPORT_ALLOW_PRIVATE_NETWORKS unset (those URLs are refused),
// a second with it set (they import).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../lib/db';
import { toAuditRecord } from '../../lib/audit/to-record';
import type { AuditEvent } from '../../lib/generated/prisma/client';
import { type ArticleImportOutcome, type ArticleImportResponse, articleImportResponseSchema } from '../../lib/validation/articles';
import { SEEDS_DIR } from '../../seeds/run-seed';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { type AppServer, login, startAppServer, stopStarted } from '../support/app-server';
import { endlessChunkedUpload } from '../support/endless-upload';
import { closeDesk, type Desk, EMAIL, openDesk, type Role } from '../support/fixtures';
import { page, type PageServer, redirect, startPageServer } from '../support/page-server';

const PAGES = path.join(import.meta.dirname, '../fixtures/pages');
const SEED_EN = '001_a4564d29494e56b0';
const seedText = (key: string) => readFileSync(path.join(SEEDS_DIR, `${key}.txt`), 'utf8');
const fixture = (name: string) => readFileSync(path.join(PAGES, name));
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const MB = 1024 * 1024;

// Articles of our own, on subjects no seed or fixture shares.
const HARBOUR = [
  'Harbour pilots in Valparaíso stop work over night shifts',
  '',
  'Harbour pilots in Valparaíso stopped guiding container ships into port on Tuesday, saying that night shifts had doubled since March without any new hires.',
  '',
  'The port authority said twelve vessels were waiting at anchor and that talks with the pilots association would resume on Thursday morning.',
].join('\n');
const BEES = [
  'Beekeepers in Alentejo count losses after a dry spring',
  '',
  'Beekeepers across Alentejo reported losing nearly a third of their hives after the driest spring in two decades, according to the regional cooperative.',
  '',
  'The cooperative asked the ministry of agriculture for emergency feed subsidies and for a study of the pesticides sprayed on nearby orchards.',
].join('\n');
const LIBRARY = [
  'City library reopens its reading room after repairs',
  '',
  'The central library reopened its nineteenth-century reading room on Saturday after eighteen months of repairs to the roof and the heating.',
  '',
  'Librarians said the restored skylight lets readers work without lamps until late afternoon, and that the card catalogue will stay on display.',
].join('\n');
const TRAINS = [
  'Night trains return to the northern coast line',
  '',
  'The regional rail operator restored two night trains on the northern coast line on Friday, five years after the service was cut for lack of passengers.',
  '',
  'Tickets for the first month sold out within hours, the operator said, and a third sleeper carriage will be added before the summer holidays.',
].join('\n');
const MARKET = [
  'Fish market moves to the old tram depot',
  '',
  'The municipal fish market will move to the old tram depot next spring, the council decided on Wednesday after a year of complaints about the current hall.',
  '',
  'Stallholders welcomed the larger space but asked for cold storage to be finished before the move, and for the rents to stay frozen for two years.',
].join('\n');

const ORCHARD = [
  'Cherry growers hire pickers from the city',
  '',
  'Cherry growers in the valley advertised for pickers in the city for the first time this year, after the seasonal workers they rely on did not arrive.',
  '',
  'Students and retired teachers answered the call, and the growers association said the harvest would end a week later than usual but without losses.',
].join('\n');

let desk: Desk;
let open: AppServer; // IMPORT_ALLOW_PRIVATE_NETWORKS=1
let openEditorCookie: string;
let pages: PageServer;
let seedClaimId: string;

beforeAll(async () => {
  pages = await startPageServer({
    '/story': page(fixture('news-jsonld.html')),
    '/moved': redirect('/story', 301),
    '/plain-story': page(ORCHARD, { 'content-type': 'text/plain; charset=utf-8' }),
    '/photo': page(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), { 'content-type': 'image/png' }),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
  });
  desk = await openDesk({ signIn: 'credentials' });
  seedClaimId = await desk.claimId(SEED_EN);
  open = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, IMPORT_ALLOW_PRIVATE_NETWORKS: '1' });
  const session = await login(open.baseUrl, EMAIL.editor, DEMO_PASSWORD);
  expect(session.ok).toBe(true);
  openEditorCookie = session.cookie;
}, 180_000);

afterAll(async () => {
  // Started in this order: the page server first, so it is there whenever the others are.
  await stopStarted(open);
  await closeDesk(desk);
  await pages.close();
});

/** Everything an import writes. */
async function written() {
  const [claims, events, sources, fingerprints] = await Promise.all([
    db.claim.count(),
    db.auditEvent.count(),
    db.articleSource.count(),
    db.articleFingerprint.count(),
  ]);
  return { claims, events, sources, fingerprints };
}

const postJson = (role: Role | null, body: unknown) => desk.call(role, 'POST', '/api/articles', body);

type Part = { name: string; content: string | Uint8Array; type?: string };
function postForm(role: Role | null, files: Part[], fields: Record<string, string> = {}, baseUrl = desk.app.baseUrl, cookie?: string) {
  const form = new FormData();
  for (const f of files) form.append('file', new File([typeof f.content === 'string' ? f.content : Buffer.from(f.content)], f.name, { type: f.type ?? '' }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return fetch(`${baseUrl}/api/articles`, { method: 'POST', headers: { cookie: cookie ?? (role ? desk.cookies[role] : '') }, body: form });
}

/** A 200 answer, checked against the schema the page reads it with. */
async function answer(res: Response): Promise<ArticleImportResponse> {
  const text = await res.text();
  expect(res.status, text.slice(0, 500)).toBe(200);
  return articleImportResponseSchema.parse(JSON.parse(text));
}

async function only(res: Response): Promise<ArticleImportOutcome> {
  const { results } = await answer(res);
  expect(results).toHaveLength(1);
  return results[0]!;
}

type ErrorBody = { error: { code: string; message: string; issues?: { path: string }[] } };
async function refusedRequest(res: Response, status: number): Promise<ErrorBody['error']> {
  expect(res.status).toBe(status);
  return ((await res.json()) as ErrorBody).error;
}

/** One sentence: a capital or a digit first, one full stop at the end, no line breaks, no second sentence. */
function expectOneSentence(message: string | null) {
  expect(message).toMatch(/^[A-Z0-9][^\n]*\.$/u);
  expect(message).not.toMatch(/[.!?]\s+[A-Z]/u);
}

const importedEvent = (claimId: string) => db.auditEvent.findFirstOrThrow({ where: { claimId, action: 'article.imported' } });

/** An article.imported event's payload, read through the audit contract. */
function articleAuditPayload(row: AuditEvent) {
  const event = toAuditRecord(row);
  if (event.action !== 'article.imported') throw new Error(`expected article.imported, got ${event.action}`);
  return event.after;
}

describe('every way in', () => {
  it('a JSON paste: created, with its preview fields, its source and its audit event', async () => {
    const before = await written();
    const editor = await db.user.findUniqueOrThrow({ where: { email: EMAIL.editor } });
    const result = await only(await postJson('editor', { articles: [{ text: HARBOUR, source: 'paste', name: 'Pasted by the night desk' }] }));
    expect(result).toMatchObject({ index: 0, name: 'Pasted by the night desk', outcome: 'created', written: true, reason: null, message: null });
    expect(result.article).toMatchObject({
      title: 'Harbour pilots in Valparaíso stop work over night shifts',
      language: 'en',
      languageFrom: 'detected',
      direction: 'ltr',
      format: 'text/plain',
      encoding: 'utf-8',
      byteLength: Buffer.byteLength(HARBOUR),
      sha256: sha256(HARBOUR),
      boilerplate: null,
    });
    expect(HARBOUR.startsWith(result.article!.excerpt)).toBe(true);
    expect(await written()).toEqual({
      claims: before.claims + 1,
      // article.imported, story.grouped and figure.extracted
      events: before.events + 3,
      sources: before.sources + 1,
      fingerprints: before.fingerprints + 1,
    });

    const claim = await db.claim.findUniqueOrThrow({ where: { id: result.claimId! }, include: { source: true } });
    expect(claim.title).toBe(result.article!.title);
    expect(claim.source).toMatchObject({ kind: 'paste', name: 'Pasted by the night desk', byteLength: Buffer.byteLength(HARBOUR), sha256: sha256(HARBOUR) });
    const event = await importedEvent(claim.id);
    expect(event.actorId).toBe(editor.id);
    expect(articleAuditPayload(event).source).toMatchObject({
      kind: 'paste',
      name: 'Pasted by the night desk',
      byteLength: Buffer.byteLength(HARBOUR),
      sha256: sha256(HARBOUR),
    });
  });

  it('a JSON article from a script: source "api" by default, corrections win over detection', async () => {
    const result = await only(
      await postJson('reviewer', {
        articles: [
          {
            text: BEES,
            overrides: {
              headline: 'Dry spring kills a third of hives',
              language: 'pt',
              outlet: 'Rádio Sul',
              url: 'https://radio.example/bees',
              publishedAt: '2026-04-02',
            },
          },
        ],
      }),
    );
    expect(result).toMatchObject({ outcome: 'created', name: null });
    expect(result.article).toMatchObject({
      title: 'Dry spring kills a third of hives',
      language: 'pt',
      languageFrom: 'override',
      languageConfidence: 1,
      outlet: 'Rádio Sul',
      articleUrl: 'https://radio.example/bees',
      publishedAt: '2026-04-02T00:00:00.000Z',
    });
    const reviewer = await db.user.findUniqueOrThrow({ where: { email: EMAIL.reviewer } });
    const event = await importedEvent(result.claimId!);
    expect(event.actorId).toBe(reviewer.id);
    expect(articleAuditPayload(event).source).toMatchObject({ kind: 'api', name: null, sha256: sha256(BEES) });
  });

  it('a JSON page as HTML: extracted like an uploaded page', async () => {
    const html = fixture('opengraph-only.html').toString('utf8');
    const result = await only(await postJson('editor', { articles: [{ text: html, format: 'html' }] }));
    expect(result.outcome).toBe('created');
    expect(result.article?.format).toBe('text/html');
    expect(result.article?.excerpt).not.toContain('<');
  });

  it('a multipart upload of several files: one outcome each, in order, with their file names, encodings and SHA-256', async () => {
    const before = await written();
    // The fixture is kept in UTF-8; sent as the windows-1251 page it declares itself to be.
    const cyrillic = iconv.encode(fixture('windows-1251.html').toString('utf8'), 'windows-1251');
    const arabic = fixture('arabic-rtl.html');
    const res = await postForm('editor', [
      { name: 'library.txt', content: LIBRARY, type: 'text/plain' },
      { name: 'novosti.html', content: cyrillic, type: 'text/html' },
      { name: 'akhbar.htm', content: arabic },
      { name: 'market.md', content: MARKET, type: 'application/octet-stream' },
    ]);
    const body = await answer(res);
    expect(body.preview).toBe(false);
    expect(body.counts).toEqual({ created: 4, updated: 0, unchanged: 0, duplicate: 0, near_duplicate: 0, refused: 0 });
    expect(body.results.map((r) => [r.index, r.name, r.outcome])).toEqual([
      [0, 'library.txt', 'created'],
      [1, 'novosti.html', 'created'],
      [2, 'akhbar.htm', 'created'],
      [3, 'market.md', 'created'],
    ]);
    const [library, novosti, akhbar, market] = body.results;
    expect(novosti!.article).toMatchObject({
      encoding: 'windows-1251',
      language: 'bg',
      format: 'text/html',
      byteLength: cyrillic.length,
      sha256: sha256(cyrillic),
    });
    expect(akhbar!.article).toMatchObject({ language: 'ar', direction: 'rtl', sha256: sha256(arabic) });
    expect(market!.article?.format).toBe('text/markdown');
    expect(await written()).toMatchObject({ claims: before.claims + 4, events: before.events + 12 });

    for (const [result, bytes] of [
      [library!, Buffer.from(LIBRARY)],
      [novosti!, cyrillic],
      [akhbar!, arabic],
    ] as const) {
      const event = await importedEvent(result.claimId!);
      expect(articleAuditPayload(event).source).toMatchObject({ kind: 'upload', name: result.name, byteLength: bytes.length, sha256: sha256(bytes) });
      const source = await db.articleSource.findUniqueOrThrow({ where: { claimId: result.claimId! } });
      expect(Buffer.from(source.original).equals(bytes)).toBe(true);
    }
  });

  it('a multipart upload of one file takes corrections', async () => {
    const text = `${TRAINS}\n\nThe operator will publish the winter timetable in October.`;
    const result = await only(
      await postForm('editor', [{ name: 'trains.txt', content: text }], { headline: 'Sleeper trains are back', language: 'en', outlet: 'Coast Courier' }),
    );
    expect(result.article).toMatchObject({ title: 'Sleeper trains are back', languageFrom: 'override', outlet: 'Coast Courier' });
  });

  it('a URL: fetched (following its redirect), created, named by the URL, audited with the final address', async () => {
    const before = await written();
    const url = pages.url('/moved');
    const res = await fetch(`${open.baseUrl}/api/articles`, {
      method: 'POST',
      headers: { cookie: openEditorCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ articles: [{ url }] }),
    });
    const result = await only(res);
    expect(result).toMatchObject({ name: url, outcome: 'created', written: true });
    expect(result.article).toMatchObject({
      title: 'Venezuelan soldiers cross into Colombia as aid stand-off drags on',
      byline: 'Maria Alvarez, Tom Hughes',
      format: 'text/html',
      sha256: sha256(fixture('news-jsonld.html')),
    });
    expect(pages.requests.filter((r) => r.path === '/story').at(-1)?.userAgent).toBe('Factdesk/1.0 (+article import)');
    const event = await importedEvent(result.claimId!);
    expect(articleAuditPayload(event).source).toMatchObject({ kind: 'url', name: pages.url('/story'), byteLength: fixture('news-jsonld.html').length });
    expect(await written()).toMatchObject({ claims: before.claims + 1, events: before.events + 3 });
  });

  it('URLs that fail: refused with the reason, nothing written, and the other articles still imported', async () => {
    const before = await written();
    const res = await fetch(`${open.baseUrl}/api/articles`, {
      method: 'POST',
      headers: { cookie: openEditorCookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        articles: [{ url: pages.url('/missing') }, { url: pages.url('/photo') }, { url: pages.url('/to-metadata') }, { url: pages.url('/plain-story') }],
      }),
    });
    const { results, counts } = await answer(res);
    expect(results.map((r) => [r.outcome, r.reason])).toEqual([
      ['refused', 'fetch_http_status'],
      ['refused', 'fetch_not_html'],
      ['refused', 'fetch_refused_address'],
      ['created', null],
    ]);
    expect(results[0]!.message).toBe(`The server at 127.0.0.1:${pages.port} answered 404 Not Found.`);
    expect(results[2]!.message).toMatch(
      /^The page redirected to http:\/\/169\.254\.169\.254\/latest\/meta-data\/, and 169\.254\.169\.254 is a cloud metadata address/,
    );
    for (const r of results.slice(0, 3)) expectOneSentence(r.message);
    expect(counts).toMatchObject({ created: 1, refused: 3 });
    expect(await written()).toMatchObject({ claims: before.claims + 1, events: before.events + 3 });
  });
});

describe('SSRF: with IMPORT_ALLOW_PRIVATE_NETWORKS unset, local and private addresses are refused', () => {
  const targets = (p: PageServer) => [
    p.url('/story'),
    `http://localhost:${p.port}/story`,
    `http://[::1]:${p.port}/story`,
    'http://10.0.0.5/story',
    'http://169.254.169.254/latest/meta-data/',
  ];

  it('every one refused, one sentence each, nothing fetched, nothing written', async () => {
    const before = await written();
    const requests = pages.requests.length;
    const urls = targets(pages);
    const { results } = await answer(await postJson('editor', { articles: urls.map((url) => ({ url })) }));
    expect(results.map((r) => [r.name, r.outcome, r.reason])).toEqual(urls.map((url) => [url, 'refused', 'fetch_refused_address']));
    expect(results.map((r) => r.message)).toEqual([
      '127.0.0.1 is a loopback address, which Factdesk does not fetch.',
      expect.stringMatching(/^localhost resolves to a loopback address \((127\.0\.0\.1|::1)\), which Factdesk does not fetch\.$/),
      '::1 is a loopback address, which Factdesk does not fetch.',
      '10.0.0.5 is a private address, which Factdesk does not fetch.',
      '169.254.169.254 is a cloud metadata address, which Factdesk does not fetch.',
    ]);
    expect(pages.requests.length).toBe(requests);
    expect(await written()).toEqual(before);
  });
});

describe('bad input: one sentence per file, nothing written', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0]);
  const noise = Uint8Array.from({ length: 600 }, (_, i) => 0x80 + ((i * 7919 + 13) % 128));

  it('empty, binary, unsupported type, over 2 MB, undecodable, no extension', async () => {
    const before = await written();
    const res = await postForm('editor', [
      { name: 'empty.txt', content: '' },
      { name: 'photo.txt', content: png, type: 'image/png' },
      { name: 'report.pdf', content: '%PDF-1.7 …', type: 'application/pdf' },
      { name: 'big.txt', content: new Uint8Array(2 * MB + 1).fill(0x61) },
      { name: 'noise.txt', content: noise },
      { name: 'README', content: LIBRARY },
      // …and one good file among them, imported as usual.
      { name: 'fine.txt', content: `${MARKET}\n\nThe first stalls open on a Monday.` },
    ]);
    const { results, counts } = await answer(res);
    expect(results.map((r) => [r.name, r.outcome, r.reason, r.written])).toEqual([
      ['empty.txt', 'refused', 'empty', false],
      ['photo.txt', 'refused', 'binary', false],
      ['report.pdf', 'refused', 'unsupported_type', false],
      ['big.txt', 'refused', 'too_large', false],
      ['noise.txt', 'refused', 'undecodable', false],
      ['README', 'refused', 'unsupported_type', false],
      ['fine.txt', 'near_duplicate', null, false], // it resembles the market article imported above
    ]);
    expect(results.map((r) => r.message).slice(0, 6)).toEqual([
      'It is empty: there is no text to import.',
      expect.stringMatching(/^It is not a text file: it holds binary data/),
      'Only .txt, .md, .html and .htm files can be imported, and this is a .pdf file.',
      'It is too large to upload: 2.1 MB, and the limit is 2 MB per file.',
      'Its bytes are not valid text in any encoding Factdesk can read; save it as UTF-8 and import it again.',
      'Only .txt, .md, .html and .htm files can be imported, and this file name has no extension.',
    ]);
    for (const r of results.slice(0, 6)) {
      expectOneSentence(r.message);
      expect(r).toMatchObject({ claimId: null, article: null, duplicateOf: null, nearDuplicates: [] });
    }
    expect(counts).toMatchObject({ refused: 6, near_duplicate: 1, created: 0 });
    expect(await written()).toEqual(before);
  });

  it('a paste of 2 characters, a blank paste, a NUL: refused per article', async () => {
    const before = await written();
    const { results } = await answer(await postJson('editor', { articles: [{ text: 'ok', source: 'paste' }, { text: ' \n ' }, { text: `${LIBRARY}\u0000` }] }));
    expect(results.map((r) => [r.outcome, r.reason])).toEqual([
      ['refused', 'too_short'],
      ['refused', 'empty'],
      ['refused', 'unstorable'],
    ]);
    expect(results[0]!.message).toBe('It is too short to be an article: it has 2 letters, and an article needs at least 20.');
    for (const r of results) expectOneSentence(r.message);
    expect(await written()).toEqual(before);
  });
});

describe('malformed requests: 400 naming the field, nothing written', () => {
  const cases: [string, () => Promise<Response>, RegExp][] = [
    ['bad JSON', () => postJson('editor', '{"articles": [{"text": '), /^Request body must be valid JSON\.$/],
    ['no articles', () => postJson('editor', { articles: [] }), /^articles: Send at least one article\.$/],
    ['no articles field', () => postJson('editor', {}), /^articles: articles must be a list of articles\.$/],
    [
      '51 articles',
      () => postJson('editor', { articles: Array.from({ length: 51 }, () => ({ text: LIBRARY })) }),
      /^articles: At most 50 articles per request\.$/,
    ],
    ['an article that is neither text nor URL', () => postJson('editor', { articles: [{ body: LIBRARY }] }), /^articles\.0\.text: /],
    [
      'both text and url',
      () => postJson('editor', { articles: [{ text: LIBRARY, url: 'https://example.org/' }] }),
      /^articles\.0: Give an article either "text" or a "url", not both\.$/,
    ],
    [
      'a URL that is not http(s)',
      () => postJson('editor', { articles: [{ url: 'file:///etc/passwd' }] }),
      /^articles\.0\.url: Addresses must be http:\/\/ or https:\/\/ URLs\.$/,
    ],
    [
      'a bad override',
      () => postJson('editor', { articles: [{ text: LIBRARY, overrides: { language: 'English' } }] }),
      /^articles\.0\.overrides\.language: Language: a 2–3 letter ISO 639 code/,
    ],
    [
      'an unknown override',
      () => postJson('editor', { articles: [{ text: LIBRARY, overrides: { headlne: 'Typo' } }] }),
      /^articles\.0\.overrides: Unrecognized key: "headlne"$/,
    ],
    ['a bad source', () => postJson('editor', { articles: [{ text: LIBRARY, source: 'seed' }] }), /^articles\.0\.source: source must be "paste" or "api"\.$/],
    ['preview not a boolean', () => postJson('editor', { preview: 'yes', articles: [{ text: LIBRARY }] }), /^preview: preview must be true or false\.$/],
    ['multipart without files', () => postForm('editor', [], { preview: '1' }), /^file: Send at least one file\.$/],
    [
      'more than 50 files',
      () =>
        postForm(
          'editor',
          Array.from({ length: 51 }, (_, i) => ({ name: `a${i}.txt`, content: LIBRARY })),
        ),
      /^file: At most 50 files per request\.$/,
    ],
    [
      'a bad multipart override',
      () => postForm('editor', [{ name: 'a.txt', content: LIBRARY }], { publishedAt: 'yesterday' }),
      /^publishedAt: Published date: YYYY-MM-DD/,
    ],
    ['an unknown multipart field', () => postForm('editor', [{ name: 'a.txt', content: LIBRARY }], { title: 'x' }), /Unrecognized key: "title"/],
    [
      'a bad multipart flag',
      () => postForm('editor', [{ name: 'a.txt', content: LIBRARY }], { confirmNearDuplicate: 'maybe' }),
      /^confirmNearDuplicate: confirmNearDuplicate must be "true", "1", "false" or "0"\.$/,
    ],
    [
      'corrections with two files',
      () =>
        postForm(
          'editor',
          [
            { name: 'a.txt', content: LIBRARY },
            { name: 'b.txt', content: BEES },
          ],
          { headline: 'One headline for two articles' },
        ),
      /^headline: Corrections \(headline, outlet, url, publishedAt, language\) apply to one file: send one file per request to set them\.$/,
    ],
    ['a text field named file', () => postForm('editor', [], { file: 'not a file' }), /^file: Each "file" part must be a file/],
    [
      'another content type',
      () => desk.call('editor', 'POST', '/api/articles', LIBRARY, { 'content-type': 'text/plain' }),
      /^Send the articles as application\/json or as multipart\/form-data\.$/,
    ],
    [
      'a multipart body that does not parse',
      () => desk.call('editor', 'POST', '/api/articles', '--nope\r\n\r\n', { 'content-type': 'multipart/form-data; boundary=other' }),
      /^The multipart\/form-data body could not be read/,
    ],
  ];

  it.each(cases)('%s', async (_what, send, message) => {
    const before = await written();
    const error = await refusedRequest(await send(), 400);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(message);
    const field = error.issues?.[0]?.path;
    if (field) expect(error.message.startsWith(`${field}: `)).toBe(true);
    expect(await written()).toEqual(before);
  });
});

/** Sends an editor's POST /api/articles head and the body's first bytes only, and reads the answer until the server closes. */
function sendHeadOnly(headers: string[], firstBytes: string): Promise<string> {
  const head = ['POST /api/articles HTTP/1.1', `host: localhost:${desk.app.port}`, `cookie: ${desk.cookies.editor}`, ...headers, '', firstBytes].join('\r\n');
  return new Promise<string>((resolve) => {
    const socket = net.connect(desk.app.port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => resolve(received));
    socket.write(head);
  });
}

describe('oversized requests: 413', () => {
  // A declared length over the limit is answered before the body is read, and the connection is closed:
  // a client still writing its 6 MB would meet a closed socket (EPIPE), so only the head is sent.
  it('JSON over 6 MB, by Content-Length: refused before the body is read', async () => {
    const before = await written();
    const raw = await sendHeadOnly([`content-type: application/json`, `content-length: ${6 * MB + 1}`], '{"articles":[{"text":"');
    expect(raw).toMatch(/^HTTP\/1\.1 413 /);
    expect(raw).toContain('The request is too large: at most 6 MB of JSON is accepted.');
    expect(await written()).toEqual(before);
  });

  it('JSON streamed without Content-Length: cut off at 6 MB', async () => {
    const answerText = await endlessChunkedUpload({
      port: desk.app.port,
      head: `POST /api/articles HTTP/1.1\r\nhost: localhost:${desk.app.port}\r\ncookie: ${desk.cookies.editor}\r\ncontent-type: application/json\r\n`,
      firstChunk: '{"articles":[{"text":"',
      fill: 'abc',
    });
    expect(answerText).toMatch(/^HTTP\/1\.1 413 /);
    expect(answerText).toContain('at most 6 MB of JSON is accepted');
  });

  it('multipart over 50 × 2 MB + 1 MB, by Content-Length: refused before the body is read', async () => {
    const raw = await sendHeadOnly(['content-type: multipart/form-data; boundary=b', `content-length: ${101 * MB + 1}`], '--b\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 413 /);
    expect(raw).toContain('The request is too large: at most 101 MB is accepted.');
  });
});

describe('duplicates', () => {
  it('an exact duplicate of a seed is not imported again: the answer links the existing claim', async () => {
    const before = await written();
    const result = await only(await postJson('editor', { articles: [{ text: seedText(SEED_EN), source: 'paste' }] }));
    expect(result).toMatchObject({ outcome: 'duplicate', written: false, claimId: seedClaimId, duplicateOf: { claimId: seedClaimId } });
    expect(result.article).not.toBeNull();
    expect(await written()).toEqual(before);
  });

  it('the same upload sent twice: the second is a duplicate of the first', async () => {
    const file = { name: 'library-again.txt', content: `${LIBRARY}\n\nVolunteers will guide visitors on Sundays.` };
    // The library article above is similar: confirm, so this one is imported.
    const first = await only(await postForm('editor', [file], { confirmNearDuplicate: 'true' }));
    expect(first.outcome).toBe('created');
    const before = await written();
    const second = await only(await postForm('editor', [file]));
    expect(second).toMatchObject({ outcome: 'duplicate', written: false, claimId: first.claimId, duplicateOf: { claimId: first.claimId } });
    expect(await written()).toEqual(before);
  });

  it('a near-duplicate (paragraphs reordered) waits for confirmation, then is linked with its similarity', async () => {
    const paragraphs = seedText(SEED_EN).split('\n\n');
    const reordered = [...paragraphs.slice(2), ...paragraphs.slice(0, 2)].join('\n\n');
    const before = await written();
    const waiting = await only(await postJson('editor', { articles: [{ text: reordered, source: 'paste' }] }));
    expect(waiting).toMatchObject({ outcome: 'near_duplicate', written: false, claimId: null, nearDuplicateOf: null });
    expect(waiting.nearDuplicates[0]).toMatchObject({ claimId: seedClaimId });
    expect(waiting.nearDuplicates[0]!.similarity).toBeGreaterThanOrEqual(0.3);
    expect(waiting.nearDuplicates.length).toBeLessThanOrEqual(5);
    expect(await written()).toEqual(before);

    const confirmed = await only(await postJson('editor', { articles: [{ text: reordered, source: 'paste', confirmNearDuplicate: true }] }));
    expect(confirmed).toMatchObject({ outcome: 'created', written: true, nearDuplicateOf: { claimId: seedClaimId } });
    expect(confirmed.nearDuplicateOf!.similarity).toBe(waiting.nearDuplicates[0]!.similarity);
    const claim = await db.claim.findUniqueOrThrow({ where: { id: confirmed.claimId! } });
    expect(claim.nearDuplicateOfId).toBe(seedClaimId);
    expect(claim.nearDuplicateSimilarity).toBe(confirmed.nearDuplicateOf!.similarity);
    expect(articleAuditPayload(await importedEvent(claim.id)).nearDuplicateOf).toEqual({ claimId: seedClaimId, similarity: claim.nearDuplicateSimilarity });
  });
});

describe('preview', () => {
  const text = [
    'Ferry crews vote to accept the new roster',
    '',
    'Crews on the island ferries voted on Monday to accept a new roster that limits shifts to ten hours, ending a dispute that began in the autumn.',
    '',
    'The operator said the first ferries under the new roster would sail at the start of next month, with no change to the published timetable.',
  ].join('\n');

  it('computes the outcome and writes nothing, for JSON and for files', async () => {
    const before = await written();
    const json = await answer(await postJson('editor', { preview: true, articles: [{ text, source: 'paste' }] }));
    expect(json.preview).toBe(true);
    expect(json.results[0]).toMatchObject({ outcome: 'created', written: false, claimId: null });
    expect(json.results[0]!.article?.title).toBe('Ferry crews vote to accept the new roster');
    const form = await answer(await postForm('editor', [{ name: 'ferry.txt', content: text }], { preview: 'true' }));
    expect(form.preview).toBe(true);
    expect(form.results[0]).toMatchObject({ name: 'ferry.txt', outcome: 'created', written: false, claimId: null });
    expect(await written()).toEqual(before);
  });
});

describe('who may import', () => {
  it('viewers get 403 and unauthenticated callers 401, for JSON and files, and nothing is written', async () => {
    const before = await written();
    const article = { articles: [{ text: MARKET }] };
    expect(await refusedRequest(await postJson('viewer', article), 403)).toEqual({ code: 'forbidden', message: 'Your role cannot import articles.' });
    expect((await refusedRequest(await postForm('viewer', [{ name: 'm.txt', content: MARKET }]), 403)).code).toBe('forbidden');
    expect((await refusedRequest(await postJson(null, article), 401)).code).toBe('unauthenticated');
    expect((await refusedRequest(await postForm(null, [{ name: 'm.txt', content: MARKET }]), 401)).code).toBe('unauthenticated');
    expect(await written()).toEqual(before);
  });
});
