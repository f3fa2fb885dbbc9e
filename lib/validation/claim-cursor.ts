// The claims list's page cursor: base64url of "<updatedAt ISO>|<claim id>".
// Decoded and checked in full at the edge (lib/validation/claims.ts), so only a
// real timestamp and an id ever reach the keyset query. No Buffer: the list
// filters are parsed in the browser too.
import { inStorableRange } from './dates';
import { isId } from './ids';

export type ClaimCursor = { updatedAt: Date; id: string };

export const CURSOR_MESSAGE = 'Not a cursor this API returned (pass nextCursor from the previous page).';

const toBase64Url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function encodeClaimCursor(c: ClaimCursor): string {
  return toBase64Url(`${c.updatedAt.toISOString()}|${c.id}`);
}

/** The cursor's timestamp and id, or null unless it is exactly what encodeClaimCursor makes. */
export function decodeClaimCursor(cursor: string): ClaimCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const parts = text.split('|');
  if (parts.length !== 2) return null;
  const [at, id] = parts as [string, string];
  const updatedAt = new Date(at);
  // The round trip refuses "2026-01-01", "1" and other forms Date would also accept.
  if (Number.isNaN(updatedAt.getTime()) || updatedAt.toISOString() !== at || !inStorableRange(at) || !isId(id)) return null;
  return { updatedAt, id };
}
