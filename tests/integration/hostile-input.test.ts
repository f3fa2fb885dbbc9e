// Hostile content in articles, reasons, comments and evidence: stored exactly
// as sent or refused with a clear 400/413 — never a 500 — and rendered as inert
// text in the HTML the server sends. (e2e/security.spec.ts proves the same in a browser.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importArticle } from '../../lib/claims/import-article';
import { db } from '../../lib/db';
import { seedArticles } from '../../seeds/run-seed';
import { endlessChunkedUpload } from '../support/endless-upload';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';
import { type AnyAck, connectSocket, connected, type DeskSocket, emitAny } from '../support/socket-client';

const SCRIPT = '<script>window.__pwned=1;alert("xss")</script>';
const HANDLER = '<img src=x onerror="window.__pwned=2"><svg onload=alert(3)>';
const ATTRIBUTE = '" autofocus onfocus="alert(4)" x="';
const RLO = 'Source: \u202Etxt.exe — check it';
const ODD = 'bell\u0007 zero\u200Bwidth tab\there {{constructor.constructor("alert(5)")()}} 😀 javascript:alert(6)';
const HOSTILE = [SCRIPT, HANDLER, ATTRIBUTE, RLO, ODD];

let desk: Desk;
let claimId: string;
beforeAll(async () => {
  desk = await openDesk({ signIn: 'credentials' });
  claimId = await desk.claimId('002_d367ca68bff82dc3');
}, 120_000);
afterAll(() => closeDesk(desk));

const version = async () => (await db.claim.findUniqueOrThrow({ where: { id: claimId } })).version;
const verdict = async (patch: Record<string, unknown>) =>
  desk.call('reviewer', 'POST', `/api/claims/${claimId}/verdict`, {
    status: 'disputed',
    reason: 'ok',
    evidence: [],
    expectedVersion: await version(),
    ...patch,
  });
const comment = (body: unknown) => desk.call('reviewer', 'POST', `/api/claims/${claimId}/comments`, body);
type ErrorBody = { error: { code: string; message: string } };
const emitWithAck = (socket: DeskSocket, event: string, payload: unknown) => emitAny(socket, event, payload, 5_000);

/** The page as HTML, with markup from the payloads nowhere as real tags or attributes. */
async function expectInertHtml(p: string) {
  const res = await desk.call('viewer', 'GET', p);
  expect(res.status, p).toBe(200);
  const html = await res.text();
  expect(html).not.toContain('<script>window.__pwned');
  expect(html).not.toMatch(/<img[^>]*onerror=/i);
  expect(html).not.toMatch(/<svg[^>]*onload=/i);
  expect(html).not.toMatch(/\sonfocus="alert/);
  return html;
}

describe('hostile text is stored faithfully and rendered inert', () => {
  it('reason and evidence labels', async () => {
    const reason = HOSTILE.join('\n');
    const evidence = HOSTILE.map((label, i) => ({ url: `https://example.org/${i}?q=<b>"x"</b>`, label }));
    const res = await verdict({ reason, evidence });
    expect(res.status).toBe(200);
    const claim = (await (await desk.call('viewer', 'GET', `/api/claims/${claimId}`)).json()) as { reason: string; evidence: { url: string; label: string }[] };
    expect(claim.reason).toBe(reason);
    expect(claim.evidence.map((e) => e.label)).toEqual(HOSTILE);
    expect(claim.evidence[0]!.url).toBe('https://example.org/0?q=<b>"x"</b>');
    const html = await expectInertHtml(`/claims/${claimId}`);
    expect(html).toContain('&lt;script&gt;window.__pwned=1;alert(&quot;xss&quot;)&lt;/script&gt;');
  });

  it('comments', async () => {
    for (const body of HOSTILE) {
      const res = await comment({ body });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { body: string }).body).toBe(body);
    }
    const { comments } = (await (await desk.call('viewer', 'GET', `/api/claims/${claimId}/comments`)).json()) as { comments: { body: string }[] };
    expect(comments.map((c) => c.body)).toEqual(expect.arrayContaining(HOSTILE));
    await expectInertHtml(`/claims/${claimId}`);
    await expectInertHtml('/audit');
  });

  it('articles imported with markup and bidi controls', async () => {
    const raw = `${SCRIPT} ${RLO}\n\n${HANDLER}\n\n${ATTRIBUTE}\n\n${ODD}\n`;
    const { claimId: hostileId } = await importArticle({ actor: null, source: 'seed', fileName: 'hostile_article.txt', content: { text: raw } });
    const claim = (await (await desk.call('viewer', 'GET', `/api/claims/${hostileId}`)).json()) as { title: string; body: string; boilerplate: string | null };
    expect(claim.body + (claim.boilerplate ?? '')).toBe(raw);
    await expectInertHtml(`/claims/${hostileId}`);
    await expectInertHtml(`/?q=${encodeURIComponent('window.__pwned')}`);
  });

  it('the audit chain still verifies over all of it', async () => {
    expect(await (await desk.call('editor', 'GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });
  });
});

describe('refused with a clear 400 or 413, never a 500, and nothing written', () => {
  async function expectRefused(res: Response, status: number, message: RegExp) {
    expect(res.status).toBe(status);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.message).toMatch(message);
    return body;
  }

  let eventsBefore: number;
  beforeAll(async () => {
    eventsBefore = await db.auditEvent.count();
  });
  afterAll(async () => {
    expect(await db.auditEvent.count()).toBe(eventsBefore);
  });

  it('javascript:, data: and other non-http evidence links', async () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      '  javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
    ]) {
      await expectRefused(
        await verdict({ evidence: [{ url, label: 'x' }] }),
        400,
        /^evidence\.0\.url: Evidence links must be http:\/\/ or https:\/\/ addresses\.$/,
      );
    }
  });

  it('1 MB strings: 413 naming the limit; over a field limit but under the body limit: 400 naming the field', async () => {
    const mb = 'x'.repeat(1024 * 1024);
    expect((await expectRefused(await verdict({ reason: mb }), 413, /at most 256 KB/)).error.code).toBe('payload_too_large');
    await expectRefused(await comment({ body: mb }), 413, /at most 256 KB/);
    await expectRefused(await verdict({ reason: 'x'.repeat(100_000) }), 400, /^reason: The reason is limited to 2000 characters\.$/);
    await expectRefused(await comment({ body: 'x'.repeat(5001) }), 400, /^body: Comments are limited to 5000 characters\.$/);
    await expectRefused(await verdict({ evidence: [{ url: 'https://example.org', label: 'x'.repeat(201) }] }), 400, /^evidence\.0\.label: .*200 characters/);
  });

  it('a body streamed without Content-Length is cut off at the limit: 413, then the connection closes', async () => {
    // A raw socket, so the answer can be read while the client is still sending.
    const { port } = desk.app;
    const answer = await endlessChunkedUpload({
      port,
      head: `POST /api/claims/${claimId}/comments HTTP/1.1\r\nHost: localhost:${port}\r\ncookie: ${desk.cookies.reviewer}\r\ncontent-type: application/json\r\n`,
      firstChunk: '{"body":"',
      fill: 'x',
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('The request is too large: at most 256 KB of JSON is accepted.');
  });

  it('NUL characters in every text field', async () => {
    await expectRefused(await verdict({ reason: 'before\u0000after' }), 400, /^reason: Text cannot contain NUL characters \(U\+0000\)\.$/);
    await expectRefused(await verdict({ evidence: [{ url: 'https://example.org', label: 'a\u0000' }] }), 400, /^evidence\.0\.label: Text cannot contain NUL/);
    await expectRefused(await verdict({ evidence: [{ url: 'https://example.org/\u0000' }] }), 400, /^evidence\.0\.url: /);
    await expectRefused(await comment({ body: '\u0000' }), 400, /^body: Text cannot contain NUL/);
  });

  it('NUL in query parameters', async () => {
    await expectRefused(await desk.call('viewer', 'GET', '/api/claims?q=a%00b'), 400, /^q: Text cannot contain NUL/);
    await expectRefused(await desk.call('viewer', 'GET', '/api/claims?cursor=%00'), 400, /^cursor: Text cannot contain NUL/);
    await expectRefused(await desk.call('viewer', 'GET', '/api/audit?actor=%00'), 400, /^actor: Text cannot contain NUL/);
    await expectRefused(await desk.call('viewer', 'GET', '/api/export?format=csv&reviewer=%00'), 400, /^reviewer: Text cannot contain NUL/);
    // Pages ignore filters they cannot use and say so, instead of failing.
    for (const p of ['/?q=a%00b', '/audit?actor=%00']) expect((await desk.call('viewer', 'GET', p)).status, p).toBe(200);
  });

  it('invalid Unicode: unpaired surrogates in JSON and invalid UTF-8 bytes', async () => {
    await expectRefused(await comment('{"body":"broken \\ud800 surrogate"}'), 400, /^body: Text must be valid Unicode/);
    const bytes = Buffer.concat([Buffer.from('{"body":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const res = await fetch(`${desk.app.baseUrl}/api/claims/${claimId}/comments`, {
      method: 'POST',
      headers: { cookie: desk.cookies.reviewer, 'content-type': 'application/json' },
      body: bytes,
    });
    await expectRefused(res, 400, /^The request body is not valid UTF-8 text\.$/);
    await expectRefused(await comment('{"body": '), 400, /^Request body must be valid JSON\.$/);
  });

  it('the socket verdict path applies the same rules', async () => {
    const socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.reviewer });
    try {
      await connected(socket);
      const reply = await emitWithAck(socket, 'verdict:set', {
        claimId,
        status: 'verified',
        reason: 'x\u0000y',
        evidence: [],
        expectedVersion: await version(),
      });
      expect(reply).toEqual({
        ok: false,
        error: {
          code: 'invalid_input',
          message: 'reason: Text cannot contain NUL characters (U+0000).',
          issues: [{ path: 'reason', message: 'Text cannot contain NUL characters (U+0000).' }],
        },
      });
    } finally {
      socket.close();
    }
  });
});

describe('one verdict contract on both entry points', () => {
  // The socket used to check only claimId before reading the session, and its
  // acks carried no `issues`: the same bad verdict must be refused the same way.
  const BAD: Record<string, unknown>[] = [
    { status: 'maybe' },
    { reason: '' },
    { reason: 'r'.repeat(2001) },
    { evidence: [{ url: 'javascript:alert(1)' }] },
    { evidence: 'not a list' },
    { expectedVersion: undefined },
    { expectedVersion: 0, status: 'nope', reason: 7 },
    { status: 'verified', reReviewAt: '2027-01-01' },
    { reReviewAt: 'soon', status: 'outdated' },
  ];

  it('every refused verdict gets the same code, message and issues over HTTP and over the socket, and writes nothing', async () => {
    const before = await version();
    const events = await db.auditEvent.count();
    const socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.reviewer });
    try {
      await connected(socket);
      for (const patch of BAD) {
        const body = { status: 'disputed', reason: 'ok', evidence: [], expectedVersion: before, ...patch };
        const res = await desk.call('reviewer', 'POST', `/api/claims/${claimId}/verdict`, body);
        const http = (await res.json()) as { error: AnyAck['error'] };
        expect(res.status, JSON.stringify(patch)).toBe(400);
        expect(http.error?.issues?.length, JSON.stringify(patch)).toBeGreaterThan(0);
        const reply = await emitWithAck(socket, 'verdict:set', { claimId, ...body });
        expect(reply, JSON.stringify(patch)).toEqual({ ok: false, error: http.error });
      }
    } finally {
      socket.close();
    }
    expect(await version()).toBe(before);
    expect(await db.auditEvent.count()).toBe(events);
  });
});

describe('bad input never gets a 500: a 400 naming the field, and nothing written', () => {
  const DASHES = '-'.repeat(36);
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const AN_ID = '00000000-0000-4000-8000-000000000000';

  async function expectRefused(res: Response, message: RegExp) {
    const text = await res.text();
    expect(res.status, text).toBe(400);
    const body = JSON.parse(text) as ErrorBody;
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toMatch(message);
  }

  let eventsBefore: number;
  let versionBefore: number;
  beforeAll(async () => {
    eventsBefore = await db.auditEvent.count();
    versionBefore = await version();
  });
  afterAll(async () => {
    expect(await db.auditEvent.count()).toBe(eventsBefore);
    expect(await version()).toBe(versionBefore);
  });

  it('a claims-list cursor whose id part is not an id, and every other cursor the API did not make', async () => {
    const cursors = [
      b64('2026-01-01T00:00:00.000Z|not-an-id'), // the reported one
      b64(`2026-01-01T00:00:00.000Z|${DASHES}`),
      b64(`2026-01-01T00:00:00.000Z|${AN_ID}|extra`),
      b64(`2026-01-01|${AN_ID}`), // a date Date() accepts, but not the form the API writes
      b64(`1|${AN_ID}`),
      b64(`0000-01-01T00:00:00.000Z|${AN_ID}`), // PostgreSQL has no year 0
      b64(`+275760-09-13T00:00:00.000Z|${AN_ID}`),
      b64('|'),
      b64('garbage'),
      '!!!!',
      'a',
      `${b64(`2026-01-01T00:00:00.000Z|${AN_ID}`)}.`,
    ];
    for (const cursor of cursors) {
      await expectRefused(await desk.call('viewer', 'GET', `/api/claims?cursor=${encodeURIComponent(cursor)}`), /^cursor: Not a cursor this API returned/);
    }
    // The cursors the API hands out still page.
    const first = (await (await desk.call('viewer', 'GET', '/api/claims?limit=1')).json()) as { nextCursor: string };
    expect((await desk.call('viewer', 'GET', `/api/claims?limit=1&cursor=${first.nextCursor}`)).status).toBe(200);
  });

  it('36 dashes (and other non-ids) where an id is expected: path, query, body and socket', async () => {
    for (const bad of [DASHES, '0'.repeat(36), `{${AN_ID}}`, `${AN_ID}0`, 'g'.repeat(8) + AN_ID.slice(8)]) {
      const id = encodeURIComponent(bad);
      for (const [method, p, body] of [
        ['GET', `/api/claims/${id}`, undefined],
        ['GET', `/api/claims/${id}/comments`, undefined],
        ['GET', `/api/claims/${id}/audit`, undefined],
        ['POST', `/api/claims/${id}/comments`, { body: 'x' }],
        ['POST', `/api/claims/${id}/verdict`, { status: 'disputed', reason: 'x', evidence: [], expectedVersion: 1 }],
        ['POST', `/api/claims/${id}/assignment`, { userId: null }],
      ] as const) {
        await expectRefused(await desk.call('editor', method, p, body), /^id: claim ids are UUIDs; this one is malformed\.$/);
      }
      await expectRefused(await desk.call('editor', 'GET', `/api/audit?claimId=${id}`), /^claimId: claimId must be a UUID\.$/);
      await expectRefused(await desk.call('editor', 'GET', `/api/export?format=csv&ids=${id}`), /^ids: ".*" is not a claim id\.$/);
      await expectRefused(
        await desk.call('editor', 'POST', `/api/claims/${claimId}/assignment`, { userId: bad }),
        /^userId: userId must be a user id or null\.$/,
      );
    }
    const socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.editor });
    try {
      await connected(socket);
      for (const [event, payload] of [
        ['presence:view', { claimId: DASHES }],
        ['presence:writing', { claimId: DASHES, what: 'comment' }],
        ['verdict:set', { claimId: DASHES, status: 'disputed', reason: 'x', evidence: [], expectedVersion: 1 }],
      ] as const) {
        expect(await emitWithAck(socket, event, payload), event).toEqual({
          ok: false,
          error: {
            code: 'invalid_input',
            message: 'claimId: claim ids are UUIDs; this one is malformed.',
            issues: [{ path: 'claimId', message: 'claim ids are UUIDs; this one is malformed.' }],
          },
        });
      }
    } finally {
      socket.close();
    }
  });

  it('an id of any UUID version PostgreSQL can hold is an id: unknown ones are 404, not 400', async () => {
    for (const id of ['12345678-1234-1234-1234-123456789abc', 'ABCDEF01-2345-6789-ABCD-EF0123456789', '00000000-0000-0000-0000-000000000000']) {
      expect((await desk.call('editor', 'GET', `/api/claims/${id}`)).status, id).toBe(404);
    }
  });

  it('expectedVersion beyond the 32-bit integer range, and other numbers that are not a version', async () => {
    for (const expectedVersion of [2 ** 31, 2 ** 32, 2 ** 53, 1e300]) {
      await expectRefused(await verdict({ expectedVersion }), /^expectedVersion: /);
    }
    await expectRefused(await verdict({ expectedVersion: 2 ** 31 }), /^expectedVersion: expectedVersion is larger than any claim version\.$/);
    await expectRefused(await verdict({ expectedVersion: 0 }), /^expectedVersion: expectedVersion must be 1 or more\.$/);
    await expectRefused(await verdict({ expectedVersion: 1.5 }), /^expectedVersion: expectedVersion must be a whole number\.$/);
    await expectRefused(await verdict({ expectedVersion: '1' }), /^expectedVersion: /);
    const overflowing = '{"status":"disputed","reason":"x","evidence":[],"expectedVersion":1e400}'; // JSON.parse gives Infinity
    await expectRefused(await desk.call('reviewer', 'POST', `/api/claims/${claimId}/verdict`, overflowing), /^expectedVersion: /);
    // The largest version a claim can have is still a version: a conflict, not an error.
    expect((await verdict({ expectedVersion: 2 ** 31 - 1 })).status).toBe(409);
    const socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.reviewer });
    try {
      await connected(socket);
      const reply = await emitWithAck(socket, 'verdict:set', { claimId, status: 'disputed', reason: 'x', evidence: [], expectedVersion: 2 ** 31 });
      expect(reply).toEqual({
        ok: false,
        error: {
          code: 'invalid_input',
          message: 'expectedVersion: expectedVersion is larger than any claim version.',
          issues: [{ path: 'expectedVersion', message: 'expectedVersion is larger than any claim version.' }],
        },
      });
    } finally {
      socket.close();
    }
  });

  it('dates PostgreSQL cannot store: year 0 and before, after 9999', async () => {
    for (const d of ['0000-01-01', '0000-12-31T23:00:00Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:00:00-14:00']) {
      await expectRefused(
        await desk.call('editor', 'GET', `/api/audit?after=${encodeURIComponent(d)}`),
        /^after: Dates must fall between the years 1000 and 9999\.$/,
      );
      await expectRefused(await desk.call('editor', 'GET', `/api/audit?before=${encodeURIComponent(d)}`), /^before: Dates must fall between/);
      await expectRefused(await verdict({ status: 'outdated', reReviewAt: d }), /^reReviewAt: Dates must fall between/);
    }
    await expectRefused(await desk.call('editor', 'GET', '/api/export?format=csv&from=0000-01-01'), /^from: Dates must fall between/);
    await expectRefused(await desk.call('editor', 'GET', '/api/audit?after=2026-02-30'), /^after: after must be a date \(YYYY-MM-DD\)\.$/);
  });

  it('a path whose percent-escapes are not UTF-8: 400 before Next.js answers 500 (vercel/next.js#92527)', async () => {
    for (const p of ['/api/claims/%', '/api/claims/%E9/comments', '/api/claims/%ED%A0%80/verdict', '/api/%zz', '/api/auth/%']) {
      const res = await desk.call('editor', p.endsWith('verdict') ? 'POST' : 'GET', p, p.endsWith('verdict') ? { expectedVersion: 1 } : undefined);
      expect(res.status, p).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'invalid_input', message: 'The URL path is not valid percent-encoded UTF-8.' } });
    }
    const page = await desk.call('viewer', 'GET', '/claims/%');
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('not valid percent-encoded UTF-8');
  });

  it("next-auth's endpoints: a callbackUrl or callback cookie that is not an address, and JSON that does not parse", async () => {
    for (const p of [
      '/api/auth/session?callbackUrl=0',
      '/api/auth/csrf?callbackUrl=javascript%3Aalert(1)',
      '/api/auth/providers?callbackUrl=%2F%2Fa%3A99999',
    ]) {
      await expectRefused(await fetch(`${desk.app.baseUrl}${p}`), /^callbackUrl: must be a path on this site or an http\(s\) address\.$/);
    }
    // A hostile copy after the good cookie is the one next-auth would read.
    const withCookie = await fetch(`${desk.app.baseUrl}/api/auth/session`, { headers: { cookie: `${desk.cookies.editor}; next-auth.callback-url=0` } });
    expect(withCookie.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^next-auth\.callback-url=; Path=\/; Max-Age=0/));
    await expectRefused(withCookie, /callback cookie is not a usable address/);
    // A callbackUrl form or JSON field that is not a URL goes through next-auth's redirect callback: no throw.
    for (const [contentType, body] of [
      ['application/x-www-form-urlencoded', 'callbackUrl=2026-13-01&json=true'],
      ['application/json', '{"callbackUrl":-1}'],
    ]) {
      const res = await fetch(`${desk.app.baseUrl}/api/auth/signout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': contentType!, cookie: desk.cookies.editor },
        body,
      });
      expect(res.status, body).toBeLessThan(500);
    }
    await expectRefused(
      await fetch(`${desk.app.baseUrl}/api/auth/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: desk.cookies.editor },
        body: '{',
      }),
      /^Request body must be valid JSON\.$/,
    );
  });
});

describe('filters that take an email or an id treat id-shaped text as text', () => {
  it('36 dashes as the audit actor or the export reviewer: an empty result, not a 500', async () => {
    const audit = await desk.call('editor', 'GET', `/api/audit?actor=${'-'.repeat(36)}`);
    expect(audit.status).toBe(200);
    expect(((await audit.json()) as { events: unknown[] }).events).toEqual([]);
    const exported = await desk.call('editor', 'GET', `/api/export?format=json&reviewer=${'-'.repeat(36)}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('x-export-count')).toBe('0');
  });
});

describe('article import refuses files it cannot store faithfully', () => {
  it('a NUL character: a clear error, nothing imported', async () => {
    await expect(
      importArticle({ actor: null, source: 'seed', fileName: 'nul_article.txt', content: { text: 'Headline\n\nText\u0000more about the soldiers\n' } }),
    ).rejects.toThrow('It contains a NUL character (U+0000) at character 14, which text cannot hold.');
    expect(await db.claim.findUnique({ where: { sourceKey: 'nul_article' } })).toBeNull();
  });

  // Issue 11: legacy encodings are decoded, not refused (this file was refused before as "not valid UTF-8").
  it('a seed saved in Latin-1: decoded faithfully, not refused and not mangled', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'factdesk-seeds-'));
    const text = 'Café e pão: militares venezuelanos cruzam a fronteira\n\nA notícia, sem alterações.\n';
    try {
      writeFileSync(path.join(dir, 'latin1_article.txt'), Buffer.from(text, 'latin1'));
      expect((await seedArticles(dir)).created).toEqual(['latin1_article']);
      const claim = await db.claim.findUniqueOrThrow({ where: { sourceKey: 'latin1_article' }, include: { source: true } });
      expect(claim.body + (claim.boilerplate ?? '')).toBe(text);
      expect(claim.source).toMatchObject({ encoding: 'windows-1252', byteLength: Buffer.byteLength(text, 'latin1') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bytes that are text in no encoding: a clear error naming the file, nothing imported', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'factdesk-seeds-'));
    try {
      writeFileSync(
        path.join(dir, 'noise_article.txt'),
        Uint8Array.from({ length: 600 }, (_, i) => 0x80 + ((i * 7919 + 13) % 128)),
      );
      await expect(seedArticles(dir)).rejects.toThrow(
        'Seed file "noise_article.txt" cannot be imported: its bytes are not valid text in any encoding Factdesk can read; save it as UTF-8 and import it again.',
      );
      expect(await db.claim.findUnique({ where: { sourceKey: 'noise_article' } })).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Issue 29, findings 1 and 2: hostile input is refused without stalling the desk.
// Each test shows it by order, not by time: a health check sent after the hostile
// request has gone out is answered before the hostile request is.
describe('hostile input never stalls the desk', () => {
  const DEEP_PAGE = `<html><body>${'<div>'.repeat(3000)}Soldiers crossed the bridge at dawn, the ministry said.${'</div>'.repeat(3000)}</body></html>`;

  async function written() {
    const [claims, events] = await Promise.all([db.claim.count(), db.auditEvent.count()]);
    return { claims, events };
  }

  /** Sends a whole request over http.request and resolves once its last byte has gone out. */
  function sendWhole(body: string, headers: Record<string, string>, order: string[]) {
    let sent!: () => void;
    const gone = new Promise<void>((resolve) => (sent = resolve));
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${desk.app.baseUrl}/api/articles`, { method: 'POST', headers: { cookie: desk.cookies.editor, ...headers } }, (res) => {
        order.push('hostile');
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end(body, sent);
    });
    return { gone, answer };
  }

  it('a preview of 50 pages nested 3,000 levels deep: each refused in one sentence, nothing written, and a later health check answers first', async () => {
    const before = await written();
    const order: string[] = [];
    const body = JSON.stringify({
      preview: true,
      articles: Array.from({ length: 50 }, (_, i) => ({ text: DEEP_PAGE, format: 'html', name: `deep-${i}.html` })),
    });
    const hostile = sendWhole(body, { 'content-type': 'application/json' }, order);
    await hostile.gone;
    const health = await fetch(`${desk.app.baseUrl}/api/health`);
    order.push('health');
    expect(health.status).toBe(200);
    const { status, text } = await hostile.answer;
    expect(order).toEqual(['health', 'hostile']);
    expect(status, text.slice(0, 300)).toBe(200);
    const { results } = JSON.parse(text) as { results: { outcome: string; reason: string | null; message?: string }[] };
    expect(results).toHaveLength(50);
    for (const r of results) {
      expect(r).toMatchObject({ outcome: 'refused', reason: 'too_deep', message: 'This page is nested too deeply to read: over 256 levels.' });
    }
    expect(await written()).toEqual(before);
  }, 180_000);

  it('an import of a page nested 3,000 levels deep is refused in one sentence and writes nothing (not a 500)', async () => {
    const before = await written();
    const res = await desk.call('editor', 'POST', '/api/articles', { articles: [{ text: DEEP_PAGE, format: 'html' }] });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: { outcome: string; message?: string }[] };
    expect(results).toEqual([expect.objectContaining({ outcome: 'refused', message: 'This page is nested too deeply to read: over 256 levels.' })]);
    expect(await written()).toEqual(before);
  }, 120_000);

  it('an upload of 300,000 tiny file parts is refused at the 51st, before the client has sent the rest, and a later health check answers first', async () => {
    const boundary = 'factdeskhostileboundary';
    const part = (i: number) => `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a${i}.txt"\r\ncontent-type: text/plain\r\n\r\nx\r\n`;
    const chunk = (from: number, to: number) => {
      const text = Array.from({ length: to - from }, (_, k) => part(from + k)).join('');
      return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
    };
    const order: string[] = [];
    const socket = net.connect(desk.app.port, '127.0.0.1');
    socket.on('error', () => {}); // the server closes while we may still write
    let received = '';
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const answered = new Promise<void>((resolve) =>
      socket.on('data', (d) => {
        if (received === '') order.push('hostile');
        received += d.toString();
        resolve();
      }),
    );
    const head = `POST /api/articles HTTP/1.1\r\nhost: localhost:${desk.app.port}\r\ncookie: ${desk.cookies.editor}\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\ntransfer-encoding: chunked\r\n\r\n`;
    // The first 50 parts are within the limits: the server reads them and waits for more.
    await new Promise<void>((resolve) => socket.write(head + chunk(0, 50), () => resolve()));
    const health = await fetch(`${desk.app.baseUrl}/api/health`);
    order.push('health');
    expect(health.status).toBe(200);

    // The 51st part alone is over the limit: the server answers without waiting for the rest.
    // The client gives it time to (on a loaded machine the parse may lag behind a fast loopback
    // writer), and only then sends the other 299,949, as a hostile client would.
    await new Promise<void>((resolve) => socket.write(chunk(50, 51), () => resolve()));
    await Promise.race([answered, closed, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    const PARTS = 300_000;
    let all = true;
    for (let from = 51; from < PARTS; from += 1000) {
      if (received !== '' || socket.destroyed) {
        all = false;
        break;
      }
      if (!socket.write(chunk(from, Math.min(PARTS, from + 1000)))) {
        await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), answered, closed]);
      }
    }
    if (all && !socket.destroyed) {
      socket.write(`0\r\n\r\n`);
      order.push('whole body sent');
    }
    await Promise.race([answered, closed]);
    // The whole answer (a small JSON body) follows its first bytes closely.
    for (let i = 0; i < 50 && !received.includes('per request.'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    expect(order).toEqual(['health', 'hostile']);
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(received).toContain('file: At most 50 files per request.');
  }, 180_000);

  it('a third import in flight for one account is refused with 429 and a sentence', async () => {
    // Two uploads that have sent their head and part of their body: each holds one of the account's slots.
    const open = [0, 1].map(() => {
      const socket = net.connect(desk.app.port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(
        `POST /api/articles HTTP/1.1\r\nhost: localhost:${desk.app.port}\r\ncookie: ${desk.cookies.reviewer}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"articles":[`,
      );
      return socket;
    });
    try {
      // A round trip through the server after both heads: their handlers have started.
      for (let i = 0; i < 3; i++) await fetch(`${desk.app.baseUrl}/api/health`);
      const third = await desk.call('reviewer', 'POST', '/api/articles', {
        preview: true,
        articles: [{ text: 'Ferry crews vote to accept the new roster, the union said on Monday.' }],
      });
      expect(third.status).toBe(429);
      expect(((await third.json()) as ErrorBody).error.message).toBe('You already have 2 imports in progress. Wait for one to finish, then try again.');
      expect(third.headers.get('retry-after')).toBe('5');
    } finally {
      for (const socket of open) socket.destroy();
    }
  });
});
