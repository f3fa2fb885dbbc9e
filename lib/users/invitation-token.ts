// Invitation and reset links: 256 random bits in the URL, only their SHA-256
// in the database. A lookup goes by the hash (a unique index), and the stored
// hash is compared again in constant time, so neither the query nor the
// comparison reveals how much of a guessed token was right.
import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a link works. */
export const INVITATION_TTL_MS = 72 * 3_600_000;

export const newInvitationToken = () => randomBytes(32).toString('base64url');
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function sameTokenHash(stored: string, token: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(hashInvitationToken(token), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const invitationPath = (token: string) => `/invite/${token}`;
