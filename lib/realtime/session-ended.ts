// "These sessions have ended": sent with PostgreSQL NOTIFY inside the
// transaction that revokes them (sign-out, account disabled), so it reaches
// every app server, and only once the revocation has committed. Each server
// LISTENs (server/session-ended-listener.ts) and closes its matching sockets.
import 'server-only';
import type { Tx } from '../db';
import { recordIdSchema } from '../validation/ids';
import { z } from '../validation/zod';

export const SESSION_ENDED_CHANNEL = 'factdesk_session_ended';

export const sessionEndedSchema = z.union([z.object({ sessionId: recordIdSchema }).strict(), z.object({ userId: recordIdSchema }).strict()]);
export type SessionEnded = z.infer<typeof sessionEndedSchema>;

export async function notifySessionEnded(tx: Tx, ended: SessionEnded) {
  await tx.$executeRaw`SELECT pg_notify(${SESSION_ENDED_CHANNEL}, ${JSON.stringify(ended)})`;
}
