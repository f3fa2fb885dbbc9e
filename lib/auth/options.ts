// next-auth configuration: email + password credentials, JWT sessions.
import 'server-only';
import type { NextAuthOptions, User } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import CredentialsProvider from 'next-auth/providers/credentials';
import { databaseUnavailableError, isDatabaseUnavailable } from '../db-unavailable';
import { isAppError } from '../errors';
import { requestIdFrom } from '../request-meta';
import { safeRedirect } from './next-auth-redirect';
import { log } from '../log';
import { db } from '../db';
import { config } from '../env';
import { sessionFromClaims } from './current-actor';
import { revokeSession } from './revoke-session';
import { sessionPolicy } from './session-policy';
import { noteSignInRefusal } from './sign-in-outcome';
import { startSession } from './start-session';
import { verifyCredentials } from './verify-credentials';

export const CLIENT_IP_HEADER = 'x-factdesk-client-ip';

const SESSION_ENDED = 'factdesk: session ended';
const isSessionEnded = (metadata: unknown) =>
  (metadata instanceof Error ? metadata.message : (metadata as { message?: string } | undefined)?.message) === SESSION_ENDED;

function header(req: unknown, name: string): string | undefined {
  const headers = (req as { headers?: Record<string, string | string[] | undefined> } | undefined)?.headers;
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

// The sign-in request's user agent and client address, for the session row.
// next-auth runs inside Next's route handler, where next/headers works; loaded
// lazily because the custom server imports this module outside Next.
async function signInRequest(): Promise<{ userAgent: string | null; ip: string | null }> {
  try {
    const { headers } = await import('next/headers');
    const h = await headers();
    return { userAgent: h.get('user-agent'), ip: h.get(CLIENT_IP_HEADER) };
  } catch {
    return { userAgent: null, ip: null };
  }
}

// The keep-alive touches the session at most every few minutes; recording it
// is bookkeeping for the user's own list of sessions, so it is not done more
// often than this.
const LAST_SEEN_EVERY_MS = 60_000;

export function authOptions(): NextAuthOptions {
  return {
    secret: config().sessionSecret ?? undefined,
    session: { strategy: 'jwt', maxAge: sessionPolicy().idleSeconds },
    // The token's own expiry is the idle limit too. next-auth's default (30 days)
    // would leave the idle limit to the browser's cookie expiry alone.
    jwt: { maxAge: sessionPolicy().idleSeconds },
    pages: { signIn: '/login' },
    // `cookies` is left at next-auth's defaults on purpose: HttpOnly, SameSite=Lax,
    // Path=/, and Secure with __Secure-/__Host- names when NEXTAUTH_URL is https.
    // Logging goes to pino; a session refused by the jwt callback is routine.
    logger: {
      error: (code, metadata) =>
        isSessionEnded(metadata) ? log.info('session refused: account disabled or session over') : log.error({ code, metadata }, 'next-auth error'),
      warn: (code) => log.warn({ code }, 'next-auth warning'),
      debug: () => {},
    },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          try {
            const actor = await verifyCredentials({
              email: credentials?.email,
              password: credentials?.password,
              // Set by server/ from the socket address; clients cannot forge it.
              ip: header(req, CLIENT_IP_HEADER) ?? 'unknown',
              requestId: requestIdFrom(header(req, 'x-request-id')),
            });
            return { id: actor.id, email: actor.email, name: actor.displayName, role: actor.role };
          } catch (e) {
            // next-auth passes an Error's message to the sign-in form.
            if (isAppError(e)) {
              noteSignInRefusal(e);
              throw new Error(e.message, { cause: e });
            }
            // …so never a driver error naming the database host.
            if (isDatabaseUnavailable(e)) throw new Error(databaseUnavailableError().message, { cause: e });
            throw e;
          }
        },
      }),
    ],
    events: {
      // next-auth hands over the decoded token of the session being signed out
      // (null when the cookie does not decode, whatever its types say).
      // It logs and swallows an error here and clears the cookie anyway.
      async signOut({ token }: { token: JWT | null }) {
        if (typeof token?.sid === 'string') await revokeSession({ secret: token.sid });
      },
    },
    callbacks: {
      redirect: safeRedirect,
      // `user` is there only on sign-in (next-auth's types say always).
      async jwt({ token, user }: { token: JWT; user?: User }) {
        if (user) {
          token.uid = user.id;
          token.role = (user as { role?: string }).role;
          token.loginAt = Date.now();
          token.sid = (await startSession({ userId: user.id, ...(await signInRequest()) })).secret;
          return token;
        }
        // /api/auth/session (the keep-alive): a signed-out or disabled session
        // must not be refreshed. Throwing makes next-auth clear the cookie.
        const session = await sessionFromClaims(token);
        if (!session) throw new Error(SESSION_ENDED);
        // The account's role as it is now: a cookie signed before the role was
        // renamed still says "admin", and a changed role shows at once.
        token.role = session.actor.role;
        await db.session.updateMany({
          where: { id: session.sessionId, lastSeenAt: { lt: new Date(Date.now() - LAST_SEEN_EVERY_MS) } },
          data: { lastSeenAt: new Date() },
        });
        return token;
      },
      session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.uid, role: token.role } };
      },
    },
  };
}
