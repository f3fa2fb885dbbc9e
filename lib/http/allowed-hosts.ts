// Which addresses this desk answers to. A browser may load it, post to it and
// open its websocket only under one of these hosts: any other Host header is a
// DNS-rebinding page or a wrong address (docs/SECURITY.md, "Network access").
// Computed once per process from HOST, PORT, NEXTAUTH_URL, ALLOWED_HOSTS,
// ALLOWED_ORIGINS and this machine's interface addresses.
import 'server-only';
import { isIP } from 'node:net';
import os from 'node:os';
import { config } from '../env';

export type NetworkAccess = {
  /** NEXTAUTH_URL's origin when it is set: the one address the desk is published at. */
  canonical: string | null;
  /** Host names (lowercase, IPv6 in brackets) accepted in the Host header, on any port. */
  hosts: ReadonlySet<string>;
  /** Origins that may write and open websockets: each host on our port, plus ALLOWED_ORIGINS. */
  origins: ReadonlySet<string>;
  /** Where people can open the desk (banner, refusal pages), most local first. */
  urls: readonly string[];
  /** HOST is a loopback address: no other machine can reach the server. */
  loopbackOnly: boolean;
};

type Interfaces = ReturnType<typeof os.networkInterfaces>;

export type NetworkAccessOptions = {
  host: string;
  port: number;
  nextauthUrl?: string;
  allowedHosts: readonly string[];
  allowedOrigins: readonly string[];
  interfaces: Interfaces;
};

const bare = (host: string) => host.replace(/^\[|\]$/g, '');

export function isLoopbackHost(host: string): boolean {
  const h = bare(host.toLowerCase());
  return h === 'localhost' || h === '::1' || (isIP(h) === 4 && h.startsWith('127.'));
}

/** An address as it is written in a URL: IPv6 in brackets, names lowercase. */
function urlHost(address: string): string {
  const a = bare(address.toLowerCase());
  return isIP(a) === 6 ? `[${a}]` : a;
}

function interfaceHosts(interfaces: Interfaces, ipv6: boolean): string[] {
  const hosts: string[] = [];
  for (const addresses of Object.values(interfaces)) {
    for (const a of addresses ?? []) {
      if (a.internal) continue;
      // Link-local IPv6 needs a zone id (fe80::1%eth0), which browsers do not take in URLs.
      if (a.family === 'IPv6' && (!ipv6 || /^fe[89ab]/i.test(a.address))) continue;
      hosts.push(urlHost(a.address));
    }
  }
  return hosts;
}

// The hosts a server listening on `host` can be reached under from a browser.
function reachableHosts(host: string, interfaces: Interfaces): string[] {
  const listen = bare(host.toLowerCase());
  if (listen === '0.0.0.0') return ['localhost', '127.0.0.1', ...interfaceHosts(interfaces, false)];
  if (listen === '::') return ['localhost', '127.0.0.1', '[::1]', ...interfaceHosts(interfaces, true)];
  if (listen === 'localhost') return ['localhost', '127.0.0.1', '[::1]'];
  if (isLoopbackHost(listen)) return ['localhost', urlHost(listen)];
  return [urlHost(listen)];
}

const originOf = (scheme: string, host: string, port: number) =>
  `${scheme}://${host}${(scheme === 'http' && port === 80) || (scheme === 'https' && port === 443) ? '' : `:${port}`}`;

export function computeNetworkAccess(options: NetworkAccessOptions): NetworkAccess {
  const { port } = options;
  const canonical = options.nextauthUrl ? new URL(options.nextauthUrl) : null;
  const own = canonical ? [canonical.hostname.toLowerCase()] : reachableHosts(options.host, options.interfaces);
  const hosts = [...new Set([...own, ...options.allowedHosts.map(urlHost)])];
  const extraUrls = options.allowedHosts.map((h) => originOf('http', urlHost(h), port));
  const urls = canonical ? [canonical.origin, ...extraUrls] : hosts.map((h) => originOf('http', h, port));
  return {
    canonical: canonical?.origin ?? null,
    hosts: new Set(hosts),
    origins: new Set([...urls, ...options.allowedOrigins]),
    urls: [...new Set(urls)],
    loopbackOnly: isLoopbackHost(options.host),
  };
}

/**
 * The host name of a Host (or X-Forwarded-Host) header, lowercase, without
 * port or trailing dot; null when it is not a plain host[:port].
 */
export function hostOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || value.length > 300 || /[\s/\\?#@%]/.test(value)) return null;
  try {
    const url = new URL(`http://${value}`);
    return url.hostname.toLowerCase().replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

let cached: NetworkAccess | undefined;

/** This process's allowed hosts and origins, computed on first use. */
export function networkAccess(): NetworkAccess {
  if (cached) return cached;
  const settings = config();
  cached = computeNetworkAccess({
    host: settings.HOST,
    port: settings.PORT,
    nextauthUrl: settings.NEXTAUTH_URL,
    allowedHosts: settings.ALLOWED_HOSTS,
    allowedOrigins: settings.ALLOWED_ORIGINS,
    interfaces: os.networkInterfaces(),
  });
  return cached;
}

export function isAllowedHost(header: string | string[] | undefined): boolean {
  const host = hostOf(header);
  return host !== null && networkAccess().hosts.has(host);
}

export function isAllowedOrigin(origin: string): boolean {
  return networkAccess().origins.has(origin);
}

/** What a request for a host we do not answer to is told (one sentence or two, plain text). */
export function wrongHostMessage(host: string | null): string {
  const access = networkAccess();
  if (access.canonical) return `This desk is served at ${access.canonical}. Open it there.`;
  const named = host ? `"${host}"` : 'this address';
  const hint = host ? ` (ALLOWED_HOSTS=${host})` : '';
  return `This desk does not answer to ${named}. Open it at ${access.urls.join(', ')}, or add the name to ALLOWED_HOSTS${hint} and restart it.`;
}
