// Fetches an article's page for import by URL (issue 11), within limits: 10 s
// in all, 5 MB, http/https only, HTML or plain text only, at most 5 redirects,
// each followed here so every hop is checked. No connection is ever made to a
// loopback, private, link-local or metadata address (SSRF): the address is
// checked after DNS resolution, inside the connection's own lookup, so what was
// checked is what is connected to (a name that resolves differently the next
// time cannot swap it), and once more on the connected socket. Every failure is
// an import refusal with one sentence.
import 'server-only';
import { promises as dns, type LookupAddress } from 'node:dns';
import { STATUS_CODES } from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch, type Response } from 'undici';
import { config } from '../env';
import { isAppError } from '../errors';
import { type AddressCheck, type AddressKind, describeAddressKind, privateNetworksAllowed, publicAddressesOnly } from './address-policy';
import { importRefusal } from './import-refusal';

export const FETCH_TIMEOUT_MS = 10_000;
export const FETCH_MAX_BYTES = 5 * 1024 * 1024;
export const FETCH_MAX_REDIRECTS = 5;
export const FETCH_USER_AGENT = 'Factdesk/1.0 (+article import)';

export type FetchedPage = {
  bytes: Uint8Array;
  /** The Content-Type the server sent, or null (the pipeline then decides by sniffing). */
  mediaType: string | null;
  /** The address the page was finally read from, after redirects. */
  finalUrl: string;
};

export type FetchArticleOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Which addresses may be connected to; by default public ones (and private ones with IMPORT_ALLOW_PRIVATE_NETWORKS). */
  checkAddress?: AddressCheck;
  /** DNS resolution (all addresses of a name); tests give names addresses of their own. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
};

const ACCEPTED_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/plain']);
// Types that say nothing about the content: the bytes decide.
const UNTYPED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A connection the address check refused (raised inside the connector, read back from fetch's `cause`). */
class RefusedAddressError extends Error {
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly kind: Exclude<AddressKind, 'public'>,
  ) {
    super(`${hostname} → ${address} is ${describeAddressKind(kind)}`);
  }
}

const defaultResolve = (hostname: string) => dns.lookup(hostname, { all: true });

/** A DNS lookup for net.connect that refuses the name when any address it resolves to is refused. */
function checkedLookup(check: AddressCheck, resolve: NonNullable<FetchArticleOptions['resolve']>): LookupFunction {
  return (hostname, options, callback) => {
    const answer = (found: LookupAddress[]) => {
      const addresses = found.filter((a) => !options.family || a.family === options.family);
      for (const { address } of addresses) {
        const kind = check(address);
        if (kind) {
          callback(new RefusedAddressError(hostname, address, kind), '');
          return;
        }
      }
      const first = addresses[0];
      if (!first) callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      else if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    };
    resolve(hostname).then(answer, (error: unknown) => {
      callback(error instanceof Error ? error : new Error(String(error)), '');
    });
  };
}

/** undici's connector with the address checked at every step of making the connection. */
function guardedAgent(check: AddressCheck, resolve: NonNullable<FetchArticleOptions['resolve']>, timeoutMs: number): Agent {
  const connect = buildConnector({ lookup: checkedLookup(check, resolve), timeout: timeoutMs });
  return new Agent({
    connect: (options, callback) => {
      // net.connect skips the lookup for an address literal: check it here.
      const literalKind = isIP(options.hostname) ? check(options.hostname) : null;
      if (literalKind) {
        callback(new RefusedAddressError(options.hostname, options.hostname, literalKind), null);
        return;
      }
      connect(options, (...result) => {
        const [error, socket] = result;
        if (error) {
          callback(error, null);
          return;
        }
        // The address actually connected to, checked once more.
        const remote = socket.remoteAddress ?? '';
        const kind = check(remote);
        if (!kind) {
          callback(null, socket);
          return;
        }
        socket.destroy();
        callback(new RefusedAddressError(options.hostname, remote, kind), null);
      });
    },
  });
}

const hostOf = (url: URL) => url.host;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} seconds`;
const refuseAddress = (sentence: string) => importRefusal('fetch_refused_address', sentence);

function refusedAddressSentence(e: RefusedAddressError, via: string | null): string {
  const what = describeAddressKind(e.kind);
  const subject = e.hostname === e.address ? `${e.address} is ${what}` : `${e.hostname} resolves to ${what} (${e.address})`;
  return via ? `The page redirected to ${via}, and ${subject}, which Factdesk does not fetch.` : `${subject}, which Factdesk does not fetch.`;
}

/** Why fetching `url` failed, in one sentence, from what fetch threw. */
function fetchFailure(e: unknown, url: URL, via: string | null, timedOut: boolean, timeoutMs: number) {
  if (timedOut) return importRefusal('fetch_timeout', `The page did not answer within ${seconds(timeoutMs)}.`);
  const cause: unknown = e instanceof Error && e.cause ? e.cause : e;
  if (cause instanceof RefusedAddressError) return refuseAddress(refusedAddressSentence(cause, via));
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  const host = hostOf(url);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA' || code === 'EAI_NONAME') {
    return importRefusal('fetch_failed', `The address ${url.hostname} could not be found (DNS), so the page was not fetched.`);
  }
  if (code === 'ECONNREFUSED') return importRefusal('fetch_failed', `The server at ${host} refused the connection.`);
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return importRefusal('fetch_failed', `The server at ${host} closed the connection before sending the page.`);
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT')
    return importRefusal('fetch_timeout', `The page did not answer within ${seconds(timeoutMs)}.`);
  if (/CERT|TLS|SSL/u.test(code)) return importRefusal('fetch_failed', `The secure connection to ${host} failed (${code}), so the page was not fetched.`);
  const detail = cause instanceof Error ? cause.message : String(cause);
  return importRefusal('fetch_failed', `The page at ${host} could not be fetched (${detail.slice(0, 200)}).`);
}

function statusRefusal(status: number, url: URL) {
  const text = STATUS_CODES[status];
  return importRefusal('fetch_http_status', `The server at ${hostOf(url)} answered ${status}${text ? ` ${text}` : ''}.`);
}

// The WHATWG MIME-sniffing "binary data bytes": no text format contains them.
// eslint-disable-next-line no-control-regex -- control bytes are what it looks for
const BINARY_BYTES = /[\x00-\x08\x0B\x0E-\x1A\x1C-\x1F]/u;

/** For a page sent without a useful Content-Type: does it look like text at all? (UTF-16 with a BOM is text.) */
function looksLikeText(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  return !BINARY_BYTES.test(Buffer.from(bytes.subarray(0, 1445)).toString('latin1'));
}

/** Reads the body, stopping as soon as it passes maxBytes. */
async function readAtMost(body: Response['body'], maxBytes: number, url: URL): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (the throw) cancels the stream.
  for await (const chunk of body) {
    const bytes: unknown = chunk;
    if (!(bytes instanceof Uint8Array)) throw new TypeError('the response body is not bytes');
    size += bytes.byteLength;
    if (size > maxBytes) throw tooLarge(url, maxBytes);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

const tooLarge = (url: URL, maxBytes: number) =>
  importRefusal('fetch_too_large', `The page at ${hostOf(url)} is larger than ${maxBytes / 1024 / 1024} MB, the most Factdesk fetches.`);

function parseStart(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw importRefusal('fetch_failed', `${url.slice(0, 200)} is not a web address.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw refuseAddress(`Factdesk fetches only http and https pages, not ${parsed.protocol} addresses.`);
  }
  return parsed;
}

export async function fetchArticle(url: string, options: FetchArticleOptions = {}): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FETCH_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? FETCH_MAX_REDIRECTS;
  const check = options.checkAddress ?? (config().IMPORT_ALLOW_PRIVATE_NETWORKS ? privateNetworksAllowed : publicAddressesOnly);

  let current = parseStart(url);
  const controller = new AbortController();
  // One deadline for everything: every hop, the headers and the whole body.
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const agent = guardedAgent(check, options.resolve ?? defaultResolve, timeoutMs);
  let via: string | null = null;
  try {
    for (let redirects = 0; ; redirects++) {
      if (current.username || current.password) throw refuseAddress('Factdesk does not fetch addresses that carry a user name or password.');
      let response: Response;
      try {
        response = await fetch(current, {
          dispatcher: agent,
          redirect: 'manual',
          signal: controller.signal,
          headers: { 'user-agent': FETCH_USER_AGENT, accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1' },
        });
      } catch (e) {
        throw fetchFailure(e, current, via, controller.signal.aborted, timeoutMs);
      }

      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (!location) throw statusRefusal(response.status, current);
        if (redirects >= maxRedirects) {
          throw importRefusal('fetch_failed', `The page redirected more than ${maxRedirects} times, so Factdesk stopped following it.`);
        }
        const next = new URL(location, current);
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw refuseAddress(`The page redirected to a ${next.protocol} address, and Factdesk fetches only http and https pages.`);
        }
        current = next;
        via = next.href;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw statusRefusal(response.status, current);
      }

      const mediaType = response.headers.get('content-type');
      const [type = ''] = (mediaType ?? '').split(';').map((s) => s.trim().toLowerCase());
      if (!UNTYPED.has(type) && !ACCEPTED_TYPES.has(type)) {
        await response.body?.cancel().catch(() => undefined);
        throw importRefusal('fetch_not_html', `The page at ${hostOf(current)} is ${type}, and Factdesk imports only HTML and plain text.`);
      }
      if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge(current, maxBytes);
      }
      let bytes: Uint8Array;
      try {
        bytes = await readAtMost(response.body, maxBytes, current);
      } catch (e) {
        if (isAppError(e)) throw e;
        throw fetchFailure(e, current, via, controller.signal.aborted, timeoutMs);
      }
      if (UNTYPED.has(type) && !looksLikeText(bytes)) {
        throw importRefusal('fetch_not_html', `The page at ${hostOf(current)} is not HTML or text: it holds binary data.`);
      }
      return { bytes, mediaType: UNTYPED.has(type) ? null : mediaType, finalUrl: current.href };
    }
  } finally {
    clearTimeout(timer);
    void agent.destroy().catch(() => undefined);
  }
}
