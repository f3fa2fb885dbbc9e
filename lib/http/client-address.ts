// The address a request came from, for login throttling and the audit trail.
// Behind our own proxy (TRUST_PROXY=1) it is the last X-Forwarded-For entry,
// the one that proxy added: entries before it are whatever the client sent, so
// taking the first would let anyone choose an address and dodge the
// per-address sign-in limit. Whatever is used must parse as an IP address
// (node:net isIP); anything else falls back to the socket's address.
import 'server-only';
import { ipAddressFrom } from '../request-meta';

export function clientAddress(options: { forwardedFor: string | string[] | undefined; socketAddress: string | undefined; trustProxy: boolean }): string {
  if (options.trustProxy) {
    const header = [options.forwardedFor ?? []].flat().join(',');
    const last = ipAddressFrom(
      header
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .at(-1),
    );
    if (last) return last;
  }
  return ipAddressFrom(options.socketAddress) ?? 'unknown';
}
