// Which address login throttling and the audit trail see for a request.
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../lib/http/client-address';

describe('clientAddress', () => {
  it('uses the socket address unless told to trust a proxy', () => {
    expect(clientAddress({ forwardedFor: '203.0.113.9', socketAddress: '10.0.0.5', trustProxy: false })).toBe('10.0.0.5');
  });

  it('behind a proxy, takes the entry the proxy added, not one the client wrote', () => {
    // nginx with $proxy_add_x_forwarded_for appends the real address to what the client sent.
    expect(clientAddress({ forwardedFor: '203.0.113.9, 198.51.100.7', socketAddress: '10.0.0.2', trustProxy: true })).toBe('198.51.100.7');
    expect(clientAddress({ forwardedFor: '198.51.100.7', socketAddress: '10.0.0.2', trustProxy: true })).toBe('198.51.100.7');
    expect(clientAddress({ forwardedFor: ['203.0.113.9', '198.51.100.7'], socketAddress: '10.0.0.2', trustProxy: true })).toBe('198.51.100.7');
  });

  it('falls back to the socket address when the proxy sent nothing', () => {
    expect(clientAddress({ forwardedFor: undefined, socketAddress: '10.0.0.2', trustProxy: true })).toBe('10.0.0.2');
    expect(clientAddress({ forwardedFor: ' , ', socketAddress: undefined, trustProxy: true })).toBe('unknown');
  });
});
