// Which network addresses the article fetcher may connect to (SSRF, issue 11):
// public unicast only, unless IMPORT_ALLOW_PRIVATE_NETWORKS lets the tests'
// local pages through. The ranges come from ipaddr.js (IANA's special-purpose
// registries); IPv6 forms that carry an IPv4 address (mapped, compatible,
// NAT64, 6to4) are judged by the IPv4 address they carry.
import 'server-only';
import ipaddr from 'ipaddr.js';

export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'broadcast' | 'reserved';

/** A kind of address the fetcher refuses, or null when it may connect. */
export type AddressCheck = (address: string) => Exclude<AddressKind, 'public'> | null;

// Cloud instance metadata services, which hand out credentials to whoever asks.
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

const IPV4_KINDS: Readonly<Record<string, AddressKind>> = {
  unicast: 'public',
  private: 'private',
  carrierGradeNat: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};
const IPV6_KINDS: Readonly<Record<string, AddressKind>> = {
  unicast: 'public',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
};

const fromParts = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

function classifyIPv4(ip: ipaddr.IPv4): AddressKind {
  if (METADATA.has(ip.toString())) return 'metadata';
  // Anything else special-purpose (documentation, benchmarking, 240/4, AS112…) is no news site.
  return IPV4_KINDS[ip.range()] ?? 'reserved';
}

/** The IPv4 address an IPv6 address stands for, when it is one of the forms that carry one. */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const [p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0, p6 = 0, p7 = 0] = ip.parts;
  const range: string = ip.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return fromParts(p6, p7);
  // 64:ff9b::/96, the well-known NAT64 prefix (64:ff9b:1::/48 is local use: left as reserved).
  if (range === 'rfc6052' && p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0) return fromParts(p6, p7);
  if (range === '6to4') return fromParts(p1, p2);
  // ::a.b.c.d, the deprecated IPv4-compatible form (:: and ::1 have their own ranges).
  if (range === 'unicast' && [p0, p1, p2, p3, p4, p5].every((x) => x === 0)) return fromParts(p6, p7);
  return null;
}

/** What kind of address `address` (an IPv4 or IPv6 literal, no brackets) is; 'reserved' for anything unparsable. */
export function classifyAddress(address: string): AddressKind {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return 'reserved';
  }
  if (ip instanceof ipaddr.IPv4) return classifyIPv4(ip);
  const inner = embeddedIPv4(ip);
  if (inner) return classifyIPv4(inner);
  if (METADATA.has(ip.toRFC5952String())) return 'metadata';
  return IPV6_KINDS[ip.range()] ?? 'reserved';
}

/** The default: public addresses only. */
export const publicAddressesOnly: AddressCheck = (address) => {
  const kind = classifyAddress(address);
  return kind === 'public' ? null : kind;
};

/** For tests serving pages from this machine: loopback, private and link-local too, but never a metadata service. */
export const privateNetworksAllowed: AddressCheck = (address) => {
  const kind = classifyAddress(address);
  return kind === 'public' || kind === 'loopback' || kind === 'private' || kind === 'link-local' ? null : kind;
};

const ARTICLE: Readonly<Record<Exclude<AddressKind, 'public'>, string>> = {
  loopback: 'a loopback address',
  private: 'a private address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  reserved: 'a reserved address',
};

/** "a private address" and the like, for the refusal sentence. */
export function describeAddressKind(kind: Exclude<AddressKind, 'public'>): string {
  return ARTICLE[kind];
}
