// "These sessions have ended": sent with PostgreSQL NOTIFY inside the
// transaction that revokes them (sign-out, account disabled), so it reaches
// every app server, and only once the revocation has committed. Each server
// LISTENs (server/session-ended-listener.ts) and closes its matching sockets.
import 'server-only';
import type { Tx } from '../db';
import { recordIdSchema } from '../validation/ids';
import { z } from '../validation/zod';
import { SESSION_END_REASONS } from './session-end-reasons';

export const SESSION_ENDED_CHANNEL = 'factdesk_session_ended';

/** Why, for the page whose socket is closed (it says so instead of just leaving). */
const reason = z.enum(SESSION_END_REASONS).optional();
export const sessionEndedSchema = z.union([
  z.object({ sessionId: recordIdSchema, reason }).strict(),
  z.object({ userId: recordIdSchema, reason, exceptSessionId: recordIdSchema.optional() }).strict(),
]);
export type SessionEnded = z.infer<typeof sessionEndedSchema>;

export async function notifySessionEnded(tx: Tx, ended: SessionEnded) {
  await tx.$executeRaw`SELECT pg_notify(${SESSION_ENDED_CHANNEL}, ${JSON.stringify(ended)})`;
}
