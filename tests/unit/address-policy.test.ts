// The article fetcher's address rules (SSRF): which addresses are public, and
// what the default and the test-only policy refuse.
import { describe, expect, it } from 'vitest';
import { classifyAddress, privateNetworksAllowed, publicAddressesOnly } from '../../lib/articles/address-policy';

const CASES: [string, ReturnType<typeof classifyAddress>][] = [
  ['8.8.8.8', 'public'],
  ['93.184.216.34', 'public'],
  ['2606:4700:4700::1111', 'public'],
  ['::ffff:8.8.8.8', 'public'],
  ['64:ff9b::808:808', 'public'], // NAT64 of 8.8.8.8
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['10.0.0.5', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'private'], // CGNAT
  ['100.127.255.255', 'private'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['169.254.1.1', 'link-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['169.254.169.254', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['192.0.2.1', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['2001:db8::1', 'reserved'],
  ['not an address', 'reserved'],
  // IPv6 forms that carry an IPv4 address are judged by it.
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['::127.0.0.1', 'loopback'], // IPv4-compatible
  ['64:ff9b::a00:1', 'private'], // NAT64 of 10.0.0.1
  ['2002:7f00:1::', 'loopback'], // 6to4 of 127.0.0.1
  ['2002:a9fe:a9fe::', 'metadata'], // 6to4 of 169.254.169.254
];

describe('classifyAddress', () => {
  it.each(CASES)('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('the policies', () => {
  it('by default only public addresses may be fetched', () => {
    for (const [address, kind] of CASES) expect(publicAddressesOnly(address), address).toBe(kind === 'public' ? null : kind);
  });

  it('IMPORT_ALLOW_PRIVATE_NETWORKS lets loopback, private and link-local through, never metadata or the unroutable', () => {
    for (const address of ['127.0.0.1', '::1', '10.0.0.5', '192.168.1.1', 'fd12::1', '169.254.1.1', '8.8.8.8'])
      expect(privateNetworksAllowed(address), address).toBeNull();
    for (const address of ['169.254.169.254', 'fd00:ec2::254', '::ffff:169.254.169.254', '0.0.0.0', '224.0.0.1', '255.255.255.255', '240.0.0.1']) {
      expect(privateNetworksAllowed(address), address).not.toBeNull();
    }
  });
});
