// Sign-out: the session's row is marked revoked, so every copy of its cookie
// stops working on the next request, and its open sockets on every app server
// are closed (NOTIFY, delivered when this commits).
import 'server-only';
import { db } from '../db';
import { notifySessionEnded } from '../realtime/session-ended';
import { hashSessionSecret } from './session-id';

export async function revokeSession(options: { secret: string }): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const row = await tx.session.findUnique({ where: { tokenHash: hashSessionSecret(options.secret) }, select: { id: true, revokedAt: true } });
    if (!row || row.revokedAt) return false;
    await tx.session.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
    await notifySessionEnded(tx, { sessionId: row.id });
    return true;
  });
}
