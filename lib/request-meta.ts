// Client-sent request metadata, bounded and normalised once before it reaches
// the database or a log line. A header is attacker input: an over-long request
// id once made the sign-in audit insert fail and rolled back the throttle.
// (The user agent is neither stored nor logged anywhere; if it ever is, add
// its normaliser here.)
import 'server-only';
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';

export const MAX_REQUEST_ID_LENGTH = 100;

type HeaderValue = string | string[] | null | undefined;

/** Several copies of a header arrive as an array (node) or joined with ", " (fetch). */
function firstValue(value: HeaderValue): string {
  const first = Array.isArray(value) ? value[0] : value;
  const [head = ''] = (first ?? '').split(',');
  return head.trim();
}

// UUIDs, nginx's $request_id (hex) and most tracing ids fit this; anything else
// (control characters, NUL, non-ASCII, markup, > 100 characters) is replaced.
const REQUEST_ID = new RegExp(`^[A-Za-z0-9._:-]{1,${MAX_REQUEST_ID_LENGTH}}$`);

/** The client's X-Request-Id when it is a plain short token, else a fresh UUID. */
export function requestIdFrom(value: HeaderValue): string {
  const candidate = firstValue(value);
  return REQUEST_ID.test(candidate) ? candidate : randomUUID();
}

/** True when the value is already a request id as requestIdFrom would keep it. */
export function isNormalRequestId(value: string): boolean {
  return REQUEST_ID.test(value);
}

/** An IP address in canonical text form, or null when the value is not one. */
export function ipAddressFrom(value: string | null | undefined): string | null {
  const candidate = (value ?? '').trim();
  // Zone ids (fe80::1%eth0) are local detail, and free text after the %.
  const withoutZone = candidate.includes('%') ? candidate.slice(0, candidate.indexOf('%')) : candidate;
  return isIP(withoutZone) ? withoutZone.toLowerCase() : null;
}

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x: the request came from this machine. */
export function isLoopbackAddress(ip: string): boolean {
  const address = ipAddressFrom(ip);
  if (!address) return false;
  if (address === '::1' || address === '0:0:0:0:0:0:0:1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIP(v4) === 4 && v4.startsWith('127.');
}
