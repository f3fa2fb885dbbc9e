// Resolves the signed-in user from the next-auth session cookie, for pages,
// route handlers and socket handshakes alike. The session row with its user
// comes from this server's account cache (lib/auth/account-cache.ts), which
// every change to a user or a session empties at once on every server, or
// from the database (one query): a sign-out, a disabled account or a changed
// role takes effect on the next request.
import 'server-only';
import { parseCookie } from 'cookie';
import { decode, type JWT } from 'next-auth/jwt';
import { db } from '../db';
import { cachedSessionRow } from './account-cache';
import { config } from '../env';
import type { Actor } from './permissions';
import { hashSessionSecret } from './session-id';
import { SESSION_COOKIES, sessionPolicy } from './session-policy';
import { toActor } from './to-actor';

/** `sessionId` is the row id in `sessions` (not the secret the cookie carries). */
export type Session = { actor: Actor; expiresAt: number; sessionId: string };

// Only what an Actor needs: the cache never holds password hashes.
const SESSION_USER = { user: { select: { id: true, email: true, role: true, displayName: true, disabledAt: true } } } as const;

type UserRow = { id: string; email: string; role: Actor['role']; displayName: string; disabledAt: Date | null };
type SessionRow = { id: string; userId: string; revokedAt: Date | null; user: UserRow };

// The one rule for "is this session row still good", for cookies and sockets alike.
function liveActor(row: SessionRow | null, userId: string): Actor | null {
  if (!row || row.revokedAt || row.userId !== userId || row.user.disabledAt) return null;
  return toActor(row.user);
}

export async function actorFromSessionToken(raw: string | undefined): Promise<Actor | null> {
  return (await sessionFromToken(raw))?.actor ?? null;
}

/** The signed-in user and the moment the session ends (idle or absolute limit). */
async function sessionFromToken(raw: string | undefined): Promise<Session | null> {
  const secret = config().sessionSecret;
  if (!raw || !secret) return null;
  let token;
  try {
    token = await decode({ token: raw, secret });
  } catch {
    return null;
  }
  return token ? sessionFromClaims(token) : null;
}

/** The session a decoded token stands for, if its limits hold and the account is still active. */
// Tokens issued before server-side sessions existed carry no `sid`: they are
// treated as ended, and their users sign in again.
export async function sessionFromClaims(token: JWT): Promise<Session | null> {
  if (typeof token.uid !== 'string' || typeof token.loginAt !== 'number' || typeof token.sid !== 'string') return null;
  const expiresAt = Math.min(token.loginAt + sessionPolicy().absoluteMs, typeof token.exp === 'number' ? token.exp * 1000 : Infinity);
  if (expiresAt <= Date.now()) return null;
  const tokenHash = hashSessionSecret(token.sid);
  const row = await cachedSessionRow(`token:${tokenHash}`, () => db.session.findUnique({ where: { tokenHash }, include: SESSION_USER }));
  const actor = liveActor(row, token.uid);
  return actor && row ? { actor, expiresAt, sessionId: row.id } : null;
}

/** For an open socket: the account behind a session that was valid at the handshake, if it still is. */
export async function actorForSession(session: { sessionId: string; userId: string; expiresAt: number }): Promise<Actor | null> {
  if (session.expiresAt <= Date.now()) return null;
  const row = await cachedSessionRow(`id:${session.sessionId}`, () => db.session.findUnique({ where: { id: session.sessionId }, include: SESSION_USER }));
  return liveActor(row, session.userId);
}

/** Of these session row ids, the ones still live (not revoked, account not disabled). */
export async function liveSessionIds(ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.session.findMany({ where: { id: { in: ids }, revokedAt: null, user: { disabledAt: null } }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}

export function sessionTokenFromCookies(get: (name: string) => string | undefined): string | undefined {
  for (const name of SESSION_COOKIES) {
    const value = get(name);
    if (value) return value;
  }
  return undefined;
}

export function sessionFromCookieHeader(header: string | undefined): Promise<Session | null> {
  const cookies = parseCookie(header ?? '');
  return sessionFromToken(sessionTokenFromCookies((n) => cookies[n]));
}
