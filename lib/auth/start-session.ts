// A successful sign-in opens a server-side session: the row every later
// request re-reads, so that sign-out and disabling end it at once.
import 'server-only';
import { db } from '../db';
import { hashSessionSecret, newSessionSecret } from './session-id';
import { sessionPolicy } from './session-policy';

// What the browser sent; stored for display only, so cut to a sane size.
const MAX_USER_AGENT = 256;
const MAX_IP = 64;

export async function startSession(options: { userId: string; userAgent?: string | null; ip?: string | null }): Promise<{ secret: string }> {
  const secret = newSessionSecret();
  await db.$transaction([
    // Rows past the absolute limit can never be valid again: drop this account's.
    db.session.deleteMany({ where: { userId: options.userId, createdAt: { lt: new Date(Date.now() - sessionPolicy().absoluteMs) } } }),
    db.session.create({
      data: {
        tokenHash: hashSessionSecret(secret),
        userId: options.userId,
        userAgent: options.userAgent?.slice(0, MAX_USER_AGENT) || null,
        ip: options.ip?.slice(0, MAX_IP) || null,
      },
    }),
  ]);
  return { secret };
}
