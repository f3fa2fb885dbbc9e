// Resolves the signed-in user from the next-auth session cookie, for pages,
// route handlers and socket handshakes alike. Every call re-reads the user, so
// a disabled account or a changed role takes effect at once.
import { parseCookie } from 'cookie';
import { decode, type JWT } from 'next-auth/jwt';
import { db } from '../db';
import type { Actor } from './permissions';
import { SESSION_COOKIES, sessionPolicy } from './session-policy';

export type Session = { actor: Actor; expiresAt: number };

export async function actorFromSessionToken(raw: string | undefined): Promise<Actor | null> {
  return (await sessionFromToken(raw))?.actor ?? null;
}

/** The signed-in user and the moment the session ends (idle or absolute limit). */
export async function sessionFromToken(raw: string | undefined): Promise<Session | null> {
  if (!raw || !process.env.NEXTAUTH_SECRET) return null;
  let token;
  try {
    token = await decode({ token: raw, secret: process.env.NEXTAUTH_SECRET });
  } catch {
    return null;
  }
  return token ? sessionFromClaims(token) : null;
}

/** The session a decoded token stands for, if its limits hold and the account is still active. */
export async function sessionFromClaims(token: JWT): Promise<Session | null> {
  if (typeof token.uid !== 'string' || typeof token.loginAt !== 'number') return null;
  const expiresAt = Math.min(token.loginAt + sessionPolicy().absoluteMs, typeof token.exp === 'number' ? token.exp * 1000 : Infinity);
  if (expiresAt <= Date.now()) return null;
  const user = await db.user.findUnique({ where: { id: token.uid } });
  if (!user || user.disabledAt) return null;
  return { actor: { id: user.id, email: user.email, role: user.role, displayName: user.displayName }, expiresAt };
}

export function sessionTokenFromCookies(get: (name: string) => string | undefined): string | undefined {
  for (const name of SESSION_COOKIES) {
    const value = get(name);
    if (value) return value;
  }
  return undefined;
}

export function actorFromCookieHeader(header: string | undefined): Promise<Actor | null> {
  const cookies = parseCookie(header ?? '');
  return actorFromSessionToken(sessionTokenFromCookies((n) => cookies[n]));
}

export function sessionFromCookieHeader(header: string | undefined): Promise<Session | null> {
  const cookies = parseCookie(header ?? '');
  return sessionFromToken(sessionTokenFromCookies((n) => cookies[n]));
}
