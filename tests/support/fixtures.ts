// Shared set-up for integration tests: seed through the app's own seeders,
// start the real server, and give every demo account a session. Sessions are
// made directly (the row sign-in creates, the cookie next-auth would set);
// files that test sign-in itself ask for the real credentials endpoint.
import { encode } from 'next-auth/jwt';
import { startSession } from '../../lib/auth/start-session';
import { sessionPolicy } from '../../lib/auth/session-policy';
import { db, disconnectDb } from '../../lib/db';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { type AppServer, login, startAppServer } from './app-server';

export type Role = 'editor' | 'reviewer' | 'reviewer2' | 'viewer';
export const EMAIL: Record<Role, string> = {
  editor: 'admin@factdesk.test',
  reviewer: 'reviewer@factdesk.test',
  reviewer2: 'reviewer2@factdesk.test',
  viewer: 'viewer@factdesk.test',
};

export type Desk = {
  app: AppServer;
  cookies: Record<Role, string>;
  claimId: (sourceKey: string) => Promise<string>;
  call: (role: Role | null, method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>;
};

export type OpenDeskOptions = {
  /**
   * `session` (default): sessions made directly, no argon2. `credentials`: each
   * role signs in through next-auth's endpoint, as a user does; for files that
   * test sign-in, sign-out, CSRF, cookies or headers.
   */
  signIn?: 'session' | 'credentials';
};

/**
 * What a sign-in through next-auth leaves in the browser: a session row and
 * the cookie carrying the token the jwt callback (lib/auth/options.ts) fills.
 */
async function sessionCookie(email: string, secret: string): Promise<string> {
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const { secret: sid } = await startSession({ userId: user.id });
  const token = await encode({
    secret,
    maxAge: sessionPolicy().idleSeconds,
    token: { name: user.displayName, email: user.email, sub: user.id, uid: user.id, role: user.role, loginAt: Date.now(), sid },
  });
  return `next-auth.session-token=${token}`;
}

export async function openDesk(options: OpenDeskOptions = {}): Promise<Desk> {
  await seedArticles();
  await seedDemoUsers();
  // The secret this test process reads sessions with (tests/support/setup-env.ts), passed on
  // to the server: a cookie made here, or signed in there, is read the same on both sides.
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error('NEXTAUTH_SECRET is not set: tests/support/setup-env.ts sets it for every integration file.');
  // Seeded above, in this process: the server need not import the articles again.
  const app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, NEXTAUTH_SECRET: secret, SEED_ARTICLES_DISABLED: '1' });
  const cookies = {} as Record<Role, string>;
  for (const role of Object.keys(EMAIL) as Role[]) {
    if (options.signIn === 'credentials') {
      const session = await login(app.baseUrl, EMAIL[role], DEMO_PASSWORD);
      if (!session.ok) throw new Error(`could not sign in as ${role}: ${session.error}`);
      cookies[role] = session.cookie;
    } else cookies[role] = await sessionCookie(EMAIL[role], secret);
  }
  return {
    app,
    cookies,
    claimId: async (sourceKey) => (await db.claim.findUniqueOrThrow({ where: { sourceKey } })).id,
    call: (role, method, path, body, headers = {}) =>
      fetch(`${app.baseUrl}${path}`, {
        method,
        headers: {
          ...(role ? { cookie: cookies[role] } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
}

/**
 * afterAll for a file that opened a desk: its app server, then this process's
 * database client. The desk is unset when beforeAll failed before opening it.
 */
export async function closeDesk(desk: Desk | undefined): Promise<void> {
  await desk?.app.stop();
  await disconnectDb();
}
