// Client-sent request metadata is bounded and normalised before it reaches the
// database or a log (issue 9): the class of hostile values, not one example.
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../lib/http/client-address';
import { ipAddressFrom, isLoopbackAddress, isNormalRequestId, MAX_REQUEST_ID_LENGTH, requestIdFrom } from '../../lib/request-meta';
import { liveCount, THROTTLE } from '../../lib/auth/login-throttle';
import { credentialsSchema } from '../../lib/validation/users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it('keeps short plain tokens as sent (UUIDs, hex ids, dotted/colon trace ids)', () => {
    for (const id of ['5f0c2a6e-1f7b-4c11-9a40-3f3c7d0e9b12', 'a'.repeat(32), 'trace-2026.12:abc_1', 'x', 'a'.repeat(MAX_REQUEST_ID_LENGTH)]) {
      expect(requestIdFrom(id)).toBe(id);
    }
  });

  it('replaces anything long, empty, with controls, NUL, whitespace, non-ASCII or markup by a fresh UUID', () => {
    const hostile = [
      'a'.repeat(MAX_REQUEST_ID_LENGTH + 1),
      'r'.repeat(100_000),
      '',
      '   ',
      'nul\u0000id',
      'bell\u0007',
      'line\r\nInjected: yes',
      'tab\there',
      'del\u007f',
      'café',
      'ид-запроса',
      '😀',
      'rlo\u202eevil',
      '<script>alert(1)</script>',
      'quote\'"',
      'a b',
    ];
    for (const value of hostile) {
      const id = requestIdFrom(value);
      expect(id, JSON.stringify(value).slice(0, 40)).toMatch(UUID);
      expect(isNormalRequestId(id)).toBe(true);
    }
    expect(requestIdFrom(undefined)).toMatch(UUID);
    expect(requestIdFrom(null)).toMatch(UUID);
  });

  it('several headers: the first copy counts (node gives an array, fetch joins with ", ")', () => {
    expect(requestIdFrom(['first', 'second'])).toBe('first');
    expect(requestIdFrom('first, second')).toBe('first');
    expect(requestIdFrom(['x'.repeat(500), 'second'])).toMatch(UUID);
    expect(requestIdFrom([])).toMatch(UUID);
  });
});

describe('ipAddressFrom / isLoopbackAddress', () => {
  it('accepts IPv4 and IPv6 addresses, lower-cased, without a zone id', () => {
    expect(ipAddressFrom('203.0.113.9')).toBe('203.0.113.9');
    expect(ipAddressFrom(' 2001:DB8::1 ')).toBe('2001:db8::1');
    expect(ipAddressFrom('fe80::1%eth0')).toBe('fe80::1');
  });

  it('refuses everything else', () => {
    for (const value of [
      '',
      'unknown',
      'localhost',
      '999.1.1.1',
      '1.2.3',
      '203.0.113.9:443',
      '203.0.113.9, 10.0.0.1',
      'x'.repeat(1000),
      '1.2.3.4\u0000',
      '<script>',
      '::ffff:999.0.0.1',
      undefined,
      null,
    ]) {
      expect(ipAddressFrom(value), String(value).slice(0, 30)).toBeNull();
    }
  });

  it('loopback is 127.0.0.0/8, ::1 and IPv4-mapped 127.x; nothing else', () => {
    for (const ip of ['127.0.0.1', '127.255.255.254', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.9.9.9'])
      expect(isLoopbackAddress(ip), ip).toBe(true);
    for (const ip of [
      '128.0.0.1',
      '126.255.255.255',
      '10.0.0.1',
      '192.168.1.2',
      '0.0.0.0',
      '::',
      '::2',
      '::ffff:10.0.0.1',
      'fe80::1',
      '2001:db8::1',
      'unknown',
      '',
      'localhost',
      '127.0.0.1.evil',
    ]) {
      expect(isLoopbackAddress(ip), ip).toBe(false);
    }
  });
});

describe('clientAddress with a trusted proxy', () => {
  it('ignores a forwarded entry that is not an IP address and uses the socket address', () => {
    for (const forwarded of ['not-an-ip', '198.51.100.7<script>', 'x'.repeat(5000), '999.1.1.1', '198.51.100.7 extra', '198.51.100.7\u0000']) {
      expect(clientAddress({ forwardedFor: forwarded, socketAddress: '10.0.0.2', trustProxy: true })).toBe('10.0.0.2');
    }
    expect(clientAddress({ forwardedFor: ['203.0.113.1', 'garbage'], socketAddress: '10.0.0.2', trustProxy: true })).toBe('10.0.0.2');
    expect(clientAddress({ forwardedFor: '2001:DB8::7', socketAddress: '10.0.0.2', trustProxy: true })).toBe('2001:db8::7');
  });

  it('never returns a socket address that is not an IP', () => {
    expect(clientAddress({ forwardedFor: undefined, socketAddress: 'weird', trustProxy: false })).toBe('unknown');
  });
});

describe('typed email', () => {
  it('is bounded to 254 characters and refuses controls, NUL and non-ASCII', () => {
    const ok = `${'a'.repeat(64)}@${'b'.repeat(180)}.test`;
    expect(ok.length).toBeLessThanOrEqual(254);
    expect(credentialsSchema.safeParse({ email: ok, password: 'x' }).success).toBe(true);
    for (const email of [
      `${'a'.repeat(250)}@factdesk.test`,
      'a'.repeat(1_000_000),
      'nul\u0000@x.test',
      'bell\u0007@x.test',
      'ünï@x.test',
      'a@x.test\r\nBcc: b@y.test',
      '<s>@x.test',
    ]) {
      expect(credentialsSchema.safeParse({ email, password: 'x' }).success, email.slice(0, 30)).toBe(false);
    }
  });
});

describe('liveCount', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  it('counts attempts inside the window, and nothing after the window or the lock has ended', () => {
    expect(liveCount(null, now)).toBe(0);
    expect(liveCount({ failures: 3, windowStart: minutesAgo(1), lockedUntil: null }, now)).toBe(3);
    expect(liveCount({ failures: 3, windowStart: minutesAgo(THROTTLE.windowMinutes + 1), lockedUntil: null }, now)).toBe(0);
    expect(liveCount({ failures: 5, windowStart: minutesAgo(30), lockedUntil: new Date(now.getTime() + 60_000) }, now)).toBe(5);
    expect(liveCount({ failures: 5, windowStart: minutesAgo(1), lockedUntil: minutesAgo(0.5) }, now)).toBe(0);
  });
});
