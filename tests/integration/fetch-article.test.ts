// The article fetcher against a real local web server (issue 11, "From a
// URL"): its limits (time, size, type, status, redirects) and its SSRF rules —
// loopback, private, link-local and metadata addresses are refused after DNS
// resolution, on every redirect, and at connect time. The per-hop tests give
// the fetcher an address check that lets only this test's server (127.0.0.1)
// through, so a redirect from it to another refused address exercises the
// product's own check on that hop.
import { readFileSync } from 'node:fs';
import type { LookupAddress } from 'node:dns';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AddressCheck, publicAddressesOnly } from '../../lib/articles/address-policy';
import {
  FETCH_MAX_BYTES,
  FETCH_MAX_REDIRECTS,
  FETCH_TIMEOUT_MS,
  FETCH_USER_AGENT,
  type FetchArticleOptions,
  fetchArticle,
} from '../../lib/articles/fetch-article';
import { config } from '../../lib/env';
import { AppError } from '../../lib/errors';
import { endless, page, type PageServer, redirect, silent, stalls, startPageServer } from '../support/page-server';

const HTML = readFileSync(path.join(import.meta.dirname, '../fixtures/pages/news-jsonld.html'));
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0]);
const MB = 1024 * 1024;

let server: PageServer;

/** This test's server (and only it) may be reached; every other address is judged as in production. */
const onlyTestServer: AddressCheck = (address) => (address === '127.0.0.1' ? null : publicAddressesOnly(address));
const local: FetchArticleOptions = { checkAddress: onlyTestServer };

beforeAll(async () => {
  server = await startPageServer({
    '/article': page(HTML),
    '/plain': page('Plain text article.', { 'content-type': 'text/plain; charset=utf-8' }),
    '/untyped-html': page(HTML, {}),
    '/untyped-binary': page(PNG, {}),
    '/png': page(PNG, { 'content-type': 'image/png' }),
    '/pdf': page('%PDF-1.7', { 'content-type': 'application/pdf' }),
    '/gone': page('Gone.', { 'content-type': 'text/plain' }, 410),
    '/broken': page('Oops.', { 'content-type': 'text/plain' }, 500),
    // Far more than the limit, so the server is still writing when the fetcher stops reading.
    '/big': endless(64 * MB),
    '/declared-big': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(6 * MB) });
      res.write('<html>');
    },
    '/silent': silent,
    '/stalls': stalls,
    '/to-article': redirect('/article', 301),
    '/to-private': redirect('http://10.0.0.1/article'),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/iam/security-credentials/', 307),
    '/to-v6-loopback': redirect((s) => `http://[::1]:${s.port}/article`),
    '/to-mapped-loopback': redirect((s) => `http://[::ffff:127.0.0.1]:${s.port}/article`),
    '/to-dual-name': redirect((s) => `http://dual.test:${s.port}/article`),
    '/to-file': redirect('file:///etc/passwd'),
    '/no-location': (_req, res) => {
      res.writeHead(302);
      res.end();
    },
    '/loop': redirect('/loop'),
    ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`/chain/${i + 1}`, redirect(i === 0 ? '/article' : `/chain/${i}`)])),
  });
});
afterAll(() => server.close());

/** The refusal fetchArticle threw: its reason and sentence. */
async function refusal(url: string, options: FetchArticleOptions = {}): Promise<{ reason: unknown; message: string }> {
  try {
    await fetchArticle(url, options);
  } catch (e) {
    if (e instanceof AppError) return { reason: e.details?.reason, message: e.message };
    throw e;
  }
  throw new Error(`${url} was fetched`);
}

const hits = (p: string) => server.requests.filter((r) => r.path === p).length;

describe('fetching a page', () => {
  it('reads HTML with its Content-Type and identifies itself', async () => {
    const fetched = await fetchArticle(server.url('/article'), local);
    expect(Buffer.from(fetched.bytes).equals(HTML)).toBe(true);
    expect(fetched.mediaType).toBe('text/html; charset=utf-8');
    expect(fetched.finalUrl).toBe(server.url('/article'));
    expect(server.requests.at(-1)).toEqual({ path: '/article', userAgent: FETCH_USER_AGENT });
    expect(FETCH_USER_AGENT).toBe('Factdesk/1.0 (+article import)');
  });

  it('reads plain text, and a page without Content-Type when its bytes are text', async () => {
    expect((await fetchArticle(server.url('/plain'), local)).mediaType).toBe('text/plain; charset=utf-8');
    const untyped = await fetchArticle(server.url('/untyped-html'), local);
    expect(untyped.mediaType).toBeNull();
    expect(untyped.bytes.length).toBe(HTML.length);
  });

  it('follows redirects, checking each, and names the final address', async () => {
    expect((await fetchArticle(server.url('/to-article'), local)).finalUrl).toBe(server.url('/article'));
    const before = hits('/chain/5');
    expect((await fetchArticle(server.url('/chain/5'), local)).finalUrl).toBe(server.url('/article'));
    expect(hits('/chain/5')).toBe(before + 1);
  });
});

describe('the limits', () => {
  it('more than 5 redirects: refused at the sixth, which is not followed', async () => {
    const before = hits('/article');
    expect(await refusal(server.url('/chain/6'), local)).toEqual({
      reason: 'fetch_failed',
      message: 'The page redirected more than 5 times, so Factdesk stopped following it.',
    });
    // /chain/6 → … → /chain/1 are five redirects; /chain/1's (the sixth) is not followed.
    expect(hits('/article')).toBe(before);
    expect((await refusal(server.url('/loop'), local)).reason).toBe('fetch_failed');
  });

  it('a server that never answers: refused at the time-out', async () => {
    expect(await refusal(server.url('/silent'), { ...local, timeoutMs: 300 })).toEqual({
      reason: 'fetch_timeout',
      message: 'The page did not answer within 0.3 seconds.',
    });
  });

  it('a body that stops coming: the one deadline covers the body too', async () => {
    expect((await refusal(server.url('/stalls'), { ...local, timeoutMs: 300 })).reason).toBe('fetch_timeout');
  });

  it('the limits are those of the issue: 10 s, 5 MB, 5 redirects', () => {
    expect([FETCH_TIMEOUT_MS, FETCH_MAX_BYTES, FETCH_MAX_REDIRECTS]).toEqual([10_000, 5 * MB, 5]);
  });

  it('over 5 MB, streamed: refused, and reading stops at the limit', async () => {
    expect(await refusal(server.url('/big'), local)).toEqual({
      reason: 'fetch_too_large',
      message: `The page at 127.0.0.1:${server.port} is larger than 5 MB, the most Factdesk fetches.`,
    });
    await expect.poll(() => server.cutOff).toContain('/big');
  });

  it('over 5 MB by its Content-Length: refused before the body is read', async () => {
    expect((await refusal(server.url('/declared-big'), local)).reason).toBe('fetch_too_large');
  });

  it('not HTML or text: refused by its type, or by its bytes when it has none', async () => {
    expect(await refusal(server.url('/png'), local)).toEqual({
      reason: 'fetch_not_html',
      message: `The page at 127.0.0.1:${server.port} is image/png, and Factdesk imports only HTML and plain text.`,
    });
    expect((await refusal(server.url('/pdf'), local)).message).toMatch(/is application\/pdf, and Factdesk imports only HTML and plain text\.$/);
    expect((await refusal(server.url('/untyped-binary'), local)).reason).toBe('fetch_not_html');
  });

  it('an HTTP error status: refused, naming it', async () => {
    expect(await refusal(server.url('/nothing-here'), local)).toEqual({
      reason: 'fetch_http_status',
      message: `The server at 127.0.0.1:${server.port} answered 404 Not Found.`,
    });
    expect((await refusal(server.url('/gone'), local)).message).toMatch(/answered 410 Gone\.$/);
    expect((await refusal(server.url('/broken'), local)).message).toMatch(/answered 500 Internal Server Error\.$/);
    expect((await refusal(server.url('/no-location'), local)).message).toMatch(/answered 302 Found\.$/);
  });

  it('only http and https, at the start and on a redirect', async () => {
    expect((await refusal('ftp://example.org/a.txt')).reason).toBe('fetch_refused_address');
    expect((await refusal('file:///etc/passwd')).reason).toBe('fetch_refused_address');
    expect(await refusal(server.url('/to-file'), local)).toEqual({
      reason: 'fetch_refused_address',
      message: 'The page redirected to a file: address, and Factdesk fetches only http and https pages.',
    });
  });

  it('a name that does not resolve: refused, saying so', async () => {
    expect(await refusal('http://no-such-host.invalid/')).toEqual({
      reason: 'fetch_failed',
      message: 'The address no-such-host.invalid could not be found (DNS), so the page was not fetched.',
    });
  });
});

describe('SSRF: addresses Factdesk does not fetch', () => {
  it('runs these tests with IMPORT_ALLOW_PRIVATE_NETWORKS unset', () => {
    expect(config().IMPORT_ALLOW_PRIVATE_NETWORKS).toBe(false);
  });

  const refused: [string, (s: PageServer) => string, RegExp][] = [
    ['127.0.0.1', (s) => s.url('/article'), /^127\.0\.0\.1 is a loopback address, which Factdesk does not fetch\.$/],
    [
      'localhost',
      (s) => `http://localhost:${s.port}/article`,
      /^localhost resolves to a loopback address \((127\.0\.0\.1|::1)\), which Factdesk does not fetch\.$/,
    ],
    ['[::1]', (s) => `http://[::1]:${s.port}/article`, /^::1 is a loopback address, which Factdesk does not fetch\.$/],
    ['[::ffff:127.0.0.1]', (s) => `http://[::ffff:127.0.0.1]:${s.port}/article`, /^::ffff:7f00:1 is a loopback address/],
    ['127.1 (short form)', (s) => `http://127.1:${s.port}/article`, /^127\.0\.0\.1 is a loopback address/],
    ['2130706433 (decimal form)', (s) => `http://2130706433:${s.port}/article`, /^127\.0\.0\.1 is a loopback address/],
    ['10.0.0.5', () => 'http://10.0.0.5/article', /^10\.0\.0\.5 is a private address, which Factdesk does not fetch\.$/],
    ['192.168.0.10', () => 'http://192.168.0.10/', /^192\.168\.0\.10 is a private address/],
    ['100.64.1.1 (CGNAT)', () => 'http://100.64.1.1/', /^100\.64\.1\.1 is a private address/],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/', /^169\.254\.169\.254 is a cloud metadata address, which Factdesk does not fetch\.$/],
    ['[fd00:ec2::254]', () => 'http://[fd00:ec2::254]/latest/meta-data/', /^fd00:ec2::254 is a cloud metadata address/],
    ['[fe80::1]', () => 'http://[fe80::1]/', /^fe80::1 is a link-local address/],
    ['0.0.0.0', (s) => `http://0.0.0.0:${s.port}/article`, /^0\.0\.0\.0 is an unspecified address/],
  ];

  for (const [what, url, sentence] of refused) {
    it(`${what}: refused, and nothing is requested`, async () => {
      const before = server.requests.length;
      const { reason, message } = await refusal(url(server));
      expect(reason).toBe('fetch_refused_address');
      expect(message).toMatch(sentence);
      expect(server.requests.length).toBe(before);
    });
  }

  it('a name resolving to a private address is refused, whatever its name', async () => {
    const resolve = (): Promise<LookupAddress[]> => Promise.resolve([{ address: '10.0.0.5', family: 4 }]);
    expect(await refusal('http://news.example/article', { resolve })).toEqual({
      reason: 'fetch_refused_address',
      message: 'news.example resolves to a private address (10.0.0.5), which Factdesk does not fetch.',
    });
  });

  it('a name with one public and one private address is refused: every address is checked', async () => {
    const before = server.requests.length;
    const resolve = (): Promise<LookupAddress[]> =>
      Promise.resolve([
        { address: '127.0.0.1', family: 4 }, // allowed by this test's check: the test server
        { address: '10.0.0.7', family: 4 },
      ]);
    expect((await refusal(`http://dual.test:${server.port}/article`, { ...local, resolve })).message).toBe(
      'dual.test resolves to a private address (10.0.0.7), which Factdesk does not fetch.',
    );
    expect(server.requests.length).toBe(before);
  });

  it('DNS rebinding: the address checked is the address connected to (one resolution per connection)', async () => {
    // The first answer is allowed (here 127.0.0.2 stands for a public address,
    // where nothing listens); a second lookup would give the test server's.
    // A fetcher that checked one lookup and connected after another would reach the server.
    const answers = ['127.0.0.2', '127.0.0.1'];
    let lookups = 0;
    const resolve = (): Promise<LookupAddress[]> => Promise.resolve([{ address: answers[Math.min(lookups++, 1)]!, family: 4 }]);
    const check: AddressCheck = (address) => (address === '127.0.0.2' ? null : publicAddressesOnly(address));
    const before = server.requests.length;
    const { reason, message } = await refusal(`http://rebind.test:${server.port}/article`, { checkAddress: check, resolve });
    expect(lookups).toBe(1);
    expect(server.requests.length).toBe(before);
    expect(reason).toBe('fetch_failed');
    expect(message).toBe(`The server at rebind.test:${server.port} refused the connection.`);
  });

  describe('on a redirect from an allowed page, the next hop is checked', () => {
    const hop: [string, string, RegExp][] = [
      [
        '/to-private',
        'a private address',
        /^The page redirected to http:\/\/10\.0\.0\.1\/article, and 10\.0\.0\.1 is a private address, which Factdesk does not fetch\.$/,
      ],
      [
        '/to-metadata',
        'the metadata address',
        /^The page redirected to http:\/\/169\.254\.169\.254\/latest\/meta-data\/iam\/security-credentials\/, and 169\.254\.169\.254 is a cloud metadata address/,
      ],
      ['/to-v6-loopback', 'IPv6 loopback', /, and ::1 is a loopback address, which Factdesk does not fetch\.$/],
      ['/to-mapped-loopback', 'IPv4-mapped loopback', /, and ::ffff:7f00:1 is a loopback address/],
    ];
    for (const [from, what, sentence] of hop) {
      it(`${from} → ${what}: refused; the redirect itself was the only request`, async () => {
        const before = server.requests.length;
        const { reason, message } = await refusal(server.url(from), local);
        expect(reason).toBe('fetch_refused_address');
        expect(message).toMatch(sentence);
        expect(server.requests.slice(before).map((r) => r.path)).toEqual([from]);
      });
    }

    it('/to-dual-name → a name that also resolves privately: refused at the lookup of that hop', async () => {
      const resolve = (hostname: string): Promise<LookupAddress[]> =>
        Promise.resolve(
          hostname === 'dual.test'
            ? [
                { address: '127.0.0.1', family: 4 },
                { address: '169.254.169.254', family: 4 },
              ]
            : [],
        );
      const before = server.requests.length;
      const { reason, message } = await refusal(server.url('/to-dual-name'), { ...local, resolve });
      expect(reason).toBe('fetch_refused_address');
      expect(message).toBe(
        `The page redirected to http://dual.test:${server.port}/article, and dual.test resolves to a cloud metadata address (169.254.169.254), which Factdesk does not fetch.`,
      );
      expect(server.requests.slice(before).map((r) => r.path)).toEqual(['/to-dual-name']);
    });
  });
});
