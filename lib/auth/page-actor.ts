// Session lookup for server components: redirects to /login when signed out.
import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { actorFromSessionToken, type Session, sessionFromCookieHeader, sessionTokenFromCookies } from './current-actor';
import type { Actor } from './permissions';

export async function getPageActor(): Promise<Actor | null> {
  const jar = await cookies();
  return actorFromSessionToken(sessionTokenFromCookies((n) => jar.get(n)?.value));
}

export async function requirePageActor(): Promise<Actor> {
  const actor = await getPageActor();
  if (actor) return actor;
  const path = (await headers()).get('x-factdesk-path') ?? '/';
  redirect(`/login?callbackUrl=${encodeURIComponent(path)}`);
}

/** The signed-in actor and their session row (the account page marks "this browser"). */
export async function requirePageSession(): Promise<Session> {
  const h = await headers();
  const session = await sessionFromCookieHeader(h.get('cookie') ?? undefined);
  if (session) return session;
  redirect(`/login?callbackUrl=${encodeURIComponent(h.get('x-factdesk-path') ?? '/')}`);
}
