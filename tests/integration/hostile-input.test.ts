// Hostile content in articles, reasons, comments and evidence: stored exactly
// as sent or refused with a clear 400/413 — never a 500 — and rendered as inert
// text in the HTML the server sends. (e2e/security.spec.ts proves the same in a browser.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importArticle } from '../../lib/claims/import-article';
import { db, disconnectDb } from '../../lib/db';
import { seedArticles } from '../../seeds/run-seed';
import { type Desk, openDesk } from '../support/fixtures';
import { connectSocket, connected } from '../support/socket-client';

const SCRIPT = '<script>window.__pwned=1;alert("xss")</script>';
const HANDLER = '<img src=x onerror="window.__pwned=2"><svg onload=alert(3)>';
const ATTRIBUTE = '" autofocus onfocus="alert(4)" x="';
const RLO = 'Source: \u202Etxt.exe — check it';
const ODD = 'bell\u0007 zero\u200Bwidth tab\there {{constructor.constructor("alert(5)")()}} 😀 javascript:alert(6)';
const HOSTILE = [SCRIPT, HANDLER, ATTRIBUTE, RLO, ODD];

let desk: Desk;
let claimId: string;
beforeAll(async () => {
  desk = await openDesk();
  claimId = await desk.claimId('002_d367ca68bff82dc3');
}, 120_000);
afterAll(async () => { await desk?.app.stop(); await disconnectDb(); });

const version = async () => (await db.claim.findUniqueOrThrow({ where: { id: claimId } })).version;
const verdict = async (patch: Record<string, unknown>) =>
  desk.call('reviewer', 'POST', `/api/claims/${claimId}/verdict`, { status: 'disputed', reason: 'ok', evidence: [], expectedVersion: await version(), ...patch });
const comment = (body: unknown) => desk.call('reviewer', 'POST', `/api/claims/${claimId}/comments`, body);
type ErrorBody = { error: { code: string; message: string } };

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
    const { claimId: hostileId } = await importArticle({ fileName: 'hostile_article.txt', raw });
    const claim = (await (await desk.call('viewer', 'GET', `/api/claims/${hostileId}`)).json()) as { title: string; body: string; boilerplate: string | null };
    expect(claim.body + (claim.boilerplate ?? '')).toBe(raw);
    await expectInertHtml(`/claims/${hostileId}`);
    await expectInertHtml(`/?q=${encodeURIComponent('window.__pwned')}`);
  });

  it('the audit chain still verifies over all of it', async () => {
    expect(await (await desk.call('admin', 'GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });
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
  beforeAll(async () => { eventsBefore = await db.auditEvent.count(); });
  afterAll(async () => { expect(await db.auditEvent.count()).toBe(eventsBefore); });

  it('javascript:, data: and other non-http evidence links', async () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(document.cookie)', '  javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox', 'file:///etc/passwd']) {
      await expectRefused(await verdict({ evidence: [{ url, label: 'x' }] }), 400, /^evidence\.0\.url: Evidence links must be http:\/\/ or https:\/\/ addresses\.$/);
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
    const chunk = 'x'.repeat(64 * 1024);
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (d) => (received += d));
      socket.on('error', () => {}); // the server may close while we still write
      socket.on('close', () => resolve(received));
      socket.write(`POST /api/claims/${claimId}/comments HTTP/1.1\r\nHost: localhost:${port}\r\ncookie: ${desk.cookies.reviewer}\r\n` +
        'content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n9\r\n{"body":"\r\n');
      let sent = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || sent++ >= 64) return clearInterval(timer); // 4 MB in all, unless answered first
        socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      }, 5);
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
      const reply = await (socket as unknown as { timeout: (ms: number) => { emitWithAck: (e: string, p: unknown) => Promise<{ ok: boolean; error?: { code: string; message: string } }> } })
        .timeout(5_000).emitWithAck('verdict:set', { claimId, status: 'verified', reason: 'x\u0000y', evidence: [], expectedVersion: await version() });
      expect(reply).toEqual({ ok: false, error: { code: 'invalid_input', message: 'reason: Text cannot contain NUL characters (U+0000).' } });
    } finally {
      socket.close();
    }
  });
});

describe('article import refuses files it cannot store faithfully', () => {
  it('a NUL byte: a clear error, nothing imported', async () => {
    await expect(importArticle({ fileName: 'nul_article.txt', raw: 'Headline\n\nText\u0000more\n' })).rejects.toThrow(
      'Article file "nul_article.txt" cannot be imported: Text cannot contain NUL characters (U+0000). First at character 14.',
    );
    expect(await db.claim.findUnique({ where: { sourceKey: 'nul_article' } })).toBeNull();
  });

  it('a file that is not UTF-8: a clear error naming it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'factdesk-seeds-'));
    try {
      writeFileSync(path.join(dir, 'latin1_article.txt'), Buffer.from('Caf\xe9 headline\n\nBody\n', 'latin1'));
      await expect(seedArticles(dir)).rejects.toThrow('Article file "latin1_article.txt" is not valid UTF-8 text');
      expect(await db.claim.findUnique({ where: { sourceKey: 'latin1_article' } })).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
