// Which hosts and origins a desk accepts, for each way of listening
// (lib/http/allowed-hosts.ts). The real server is tested in
// tests/integration/network-access.test.ts.
import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { computeNetworkAccess, hostOf, isLoopbackHost } from '../../lib/http/allowed-hosts';

const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null, ...(family === 'IPv6' ? { scopeid: 0 } : {}) }) as os.NetworkInterfaceInfo;

const interfaces = {
  lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
  eth0: [nic('192.168.1.20', 'IPv4'), nic('fd00::20', 'IPv6'), nic('fe80::1', 'IPv6')],
};
const base = { port: 3000, allowedHosts: [], allowedOrigins: [], interfaces };

describe('computeNetworkAccess', () => {
  it('loopback (the default): only loopback names, and it says so', () => {
    const access = computeNetworkAccess({ ...base, host: '127.0.0.1' });
    expect([...access.hosts]).toEqual(['localhost', '127.0.0.1']);
    expect(access.urls).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(access.loopbackOnly).toBe(true);
  });

  it('HOST=0.0.0.0: loopback plus every IPv4 interface address', () => {
    const access = computeNetworkAccess({ ...base, host: '0.0.0.0' });
    expect([...access.hosts]).toEqual(['localhost', '127.0.0.1', '192.168.1.20']);
    expect(access.origins.has('http://192.168.1.20:3000')).toBe(true);
    expect(access.loopbackOnly).toBe(false);
  });

  it('HOST=::: IPv6 addresses too, in brackets, without link-local ones (browsers cannot use their zone id)', () => {
    const access = computeNetworkAccess({ ...base, host: '::' });
    expect([...access.hosts]).toEqual(['localhost', '127.0.0.1', '[::1]', '192.168.1.20', '[fd00::20]']);
    expect(access.origins.has('http://[fd00::20]:3000')).toBe(true);
  });

  it('a specific address: that address only', () => {
    expect([...computeNetworkAccess({ ...base, host: '192.168.1.20' }).hosts]).toEqual(['192.168.1.20']);
  });

  it('ALLOWED_HOSTS and ALLOWED_ORIGINS add to the list; origins are on our port only', () => {
    const access = computeNetworkAccess({ ...base, host: '0.0.0.0', allowedHosts: ['desk.lan'], allowedOrigins: ['https://desk.example.org'] });
    expect(access.hosts.has('desk.lan')).toBe(true);
    expect([...access.origins]).toContain('http://desk.lan:3000');
    expect([...access.origins]).toContain('https://desk.example.org');
    expect(access.origins.has('http://desk.lan:3001')).toBe(false);
    expect(access.origins.has('https://desk.lan:3000')).toBe(false);
  });

  it('port 80 origins have no port, as browsers send them', () => {
    expect(computeNetworkAccess({ ...base, port: 80, host: '127.0.0.1' }).origins.has('http://127.0.0.1')).toBe(true);
  });

  it('NEXTAUTH_URL: that one host (plus ALLOWED_HOSTS), not loopback or interfaces', () => {
    const access = computeNetworkAccess({ ...base, host: '0.0.0.0', nextauthUrl: 'https://Desk.Example.org/', allowedHosts: ['desk.lan'] });
    expect(access.canonical).toBe('https://desk.example.org');
    expect([...access.hosts]).toEqual(['desk.example.org', 'desk.lan']);
    expect(access.origins.has('https://desk.example.org')).toBe(true);
    expect(access.origins.has('http://localhost:3000')).toBe(false);
    expect(access.urls[0]).toBe('https://desk.example.org');
  });
});

describe('hostOf (Host header → host name)', () => {
  it.each([
    ['localhost:3000', 'localhost'],
    ['LOCALHOST', 'localhost'],
    ['localhost.:3000', 'localhost'],
    ['127.0.0.1:3000', '127.0.0.1'],
    ['[::1]:3000', '[::1]'],
    ['Desk.LAN', 'desk.lan'],
  ])('%s → %s', (header, host) => expect(hostOf(header)).toBe(host));

  it.each(['', 'evil.example/x', 'user@localhost', 'local host', 'localhost:3000#x', 'a\\b', '[fe80::1%25eth0]', 'x'.repeat(400)])('refuses %j', (header) =>
    expect(hostOf(header)).toBeNull(),
  );

  it('is undefined-safe', () => expect(hostOf(undefined)).toBeNull());
});

describe('isLoopbackHost', () => {
  it.each(['localhost', '127.0.0.1', '127.8.0.1', '::1', '[::1]'])('%s is loopback', (h) => expect(isLoopbackHost(h)).toBe(true));
  it.each(['0.0.0.0', '::', '192.168.1.20', 'localhost.evil.example', '127.0.0.1.evil.example'])('%s is not', (h) => expect(isLoopbackHost(h)).toBe(false));
});
