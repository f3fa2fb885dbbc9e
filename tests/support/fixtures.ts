// Shared set-up for integration tests: seed through the app's own seeders,
// start the real server, sign in every demo account through next-auth.
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

export async function openDesk(): Promise<Desk> {
  await seedArticles();
  await seedDemoUsers();
  const app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL! });
  const cookies = {} as Record<Role, string>;
  for (const role of Object.keys(EMAIL) as Role[]) {
    const session = await login(app.baseUrl, EMAIL[role], DEMO_PASSWORD);
    if (!session.ok) throw new Error(`could not sign in as ${role}: ${session.error}`);
    cookies[role] = session.cookie;
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
