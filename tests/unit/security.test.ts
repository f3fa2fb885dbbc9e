// Pure security helpers: the page CSP, the sign-in redirect target, storable text.
import { describe, expect, it } from 'vitest';
import { decodeBytes } from '../../lib/articles/decode-bytes';
import { parseArticle } from '../../lib/articles/parse-article';
import { safeCallbackPath } from '../../lib/auth/safe-callback';
import { newNonce, pageCsp } from '../../lib/http/security-headers';
import { safeHref } from '../../lib/utils/format';
import { unstorableTextReason } from '../../lib/validation/text';
import { commentInputSchema, verdictInputSchema } from '../../lib/validation/verdicts';

describe('page CSP', () => {
  const base = { nonce: 'abc', dev: false, host: 'desk.example:8443', https: true };

  it('production: nonce + strict-dynamic for scripts, nothing inline or eval', () => {
    const csp = pageCsp(base);
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("style-src 'self' 'nonce-abc'");
    expect(csp).toContain("connect-src 'self' ws://desk.example:8443 wss://desk.example:8443");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('upgrade-insecure-requests');
  });

  it('development relaxes eval and inline styles only', () => {
    const csp = pageCsp({ ...base, dev: true, https: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic' 'unsafe-eval'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('a hostile Host header cannot add directives', () => {
    for (const host of ["evil.example; script-src 'unsafe-inline'", 'a b', 'x\ny', '', null]) {
      expect(pageCsp({ ...base, host })).toContain("connect-src 'self';");
    }
    expect(pageCsp({ ...base, host: '[::1]:3000' })).toContain('ws://[::1]:3000');
  });

  it('nonces are 128 random bits and never repeat', () => {
    const nonces = new Set(Array.from({ length: 1000 }, newNonce));
    expect(nonces.size).toBe(1000);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe('sign-in redirect target', () => {
  it('keeps paths on this site', () => {
    expect(safeCallbackPath('/claims/1?status=verified#x')).toBe('/claims/1?status=verified#x');
    expect(safeCallbackPath('/')).toBe('/');
  });

  it('sends anything that a browser would resolve to another origin to /', () => {
    for (const url of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/..//evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'evil',
      '',
      undefined,
      null,
    ]) {
      expect(safeCallbackPath(url), String(url)).toBe('/');
    }
  });
});

describe('evidence links', () => {
  it('only http(s) links are rendered as links', () => {
    expect(safeHref('https://example.org/a')).toBe('https://example.org/a');
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>', 'vbscript:x', 'not a url']) expect(safeHref(url)).toBe('#');
  });

  it('the API schema refuses every non-http(s) scheme', () => {
    for (const url of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'https://']) {
      const r = verdictInputSchema.safeParse({ status: 'verified', reason: 'r', evidence: [{ url }], expectedVersion: 1 });
      expect(r.success, url).toBe(false);
    }
  });
});

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps everything else as given', () => {
    expect(unstorableTextReason('a\u0000b')).toMatch(/NUL/);
    expect(unstorableTextReason('a\uD800b')).toMatch(/surrogate/);
    expect(unstorableTextReason('b\uDC00')).toMatch(/surrogate/);
    const hostile = '<script>alert(1)</script> <img src=x onerror=alert(1)> \u202Egnp.exe \u0007 😀 \u200B';
    expect(unstorableTextReason(hostile)).toBeNull();
    expect(commentInputSchema.parse({ body: hostile }).body).toBe(hostile);
  });

  it('names the field in the message', () => {
    const r = commentInputSchema.safeParse({ body: 'x\u0000' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['body'], message: 'Text cannot contain NUL characters (U+0000).' });
  });
});

describe('article files', () => {
  it('an article with a NUL byte is refused with a clear message', () => {
    expect(() => parseArticle('bad.txt', 'Title\n\nBody with a \u0000 in it.')).toThrow(
      /"bad\.txt" cannot be imported: Text cannot contain NUL characters \(U\+0000\)\. First at character 19\./,
    );
  });

  // Legacy encodings are now decoded (issue 11); what no encoding reads is still refused, never replaced.
  it('bytes are decoded faithfully or refused, never imported with replacement characters', () => {
    expect(decodeBytes(Buffer.from('Café com pão e notícias\n', 'latin1')).text).toBe('Café com pão e notícias\n');
    expect(decodeBytes(Buffer.from('Café\n', 'utf8')).text).toBe('Café\n');
    const noise = Uint8Array.from({ length: 600 }, (_, i) => 0x80 + ((i * 7919 + 13) % 128));
    expect(() => decodeBytes(noise)).toThrow(/not valid text in any encoding/);
  });

  it('markup in an article is kept as text', () => {
    const raw = '<script>alert(1)</script> headline\n\nBody <b onmouseover=alert(1)>bold</b>\n';
    const a = parseArticle('markup.txt', raw);
    expect(a.body + (a.boilerplate ?? '')).toBe(raw);
  });
});
