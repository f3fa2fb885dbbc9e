// Someone's own sessions: the list on their account page, and signing out one
// of them, the others, or all. A revoked session's cookie stops working on its
// next request and its sockets close at once (NOTIFY on commit).
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import type { Actor } from '../auth/permissions';
import { sessionPolicy } from '../auth/session-policy';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import { notifySessionEnded } from '../realtime/session-ended';
import type { SessionDto } from '../validation/users';

const IDLE_MARGIN_MS = 5 * 60_000;

export type ListSessionsOptions = { actor: Actor; currentSessionId: string };

export async function listSessions(options: ListSessionsOptions): Promise<SessionDto[]> {
  const { absoluteMs, idleSeconds } = sessionPolicy();
  const now = Date.now();
  const rows = await db.session.findMany({
    where: {
      userId: options.actor.id,
      revokedAt: null,
      createdAt: { gt: new Date(now - absoluteMs) },
      // Ended by inactivity (the token's sliding expiry); last_seen_at lags the keep-alive by a few minutes at most.
      lastSeenAt: { gt: new Date(now - idleSeconds * 1000 - IDLE_MARGIN_MS) },
    },
    orderBy: { lastSeenAt: 'desc' },
    take: 100,
  });
  return rows.map((r) => ({
    id: r.id,
    current: r.id === options.currentSessionId,
    userAgent: r.userAgent,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
  }));
}

/** `sessionId` for one; `scope: 'others'` keeps the current one; `'all'` signs this browser out too. */
export type RevokeSessionsOptions =
  | { actor: Actor; currentSessionId: string; scope: 'one'; sessionId: string; requestId?: string | null }
  | { actor: Actor; currentSessionId: string; scope: 'others' | 'all'; requestId?: string | null };

export async function revokeSessions(options: RevokeSessionsOptions): Promise<{ sessionsEnded: number }> {
  const { actor } = options;
  const { event, count } = await db.$transaction(async (tx) => {
    const now = new Date();
    const where =
      options.scope === 'one'
        ? { id: options.sessionId, userId: actor.id, revokedAt: null }
        : options.scope === 'others'
          ? { userId: actor.id, revokedAt: null, id: { not: options.currentSessionId } }
          : { userId: actor.id, revokedAt: null };
    const { count } = await tx.session.updateMany({ where, data: { revokedAt: now } });
    // Another account's session id answers like one that does not exist.
    if (options.scope === 'one' && count === 0) throw new AppError('not_found', 'That session has already ended.');
    if (options.scope === 'one') await notifySessionEnded(tx, { sessionId: options.sessionId, reason: 'signed_out' });
    else if (options.scope === 'others') await notifySessionEnded(tx, { userId: actor.id, exceptSessionId: options.currentSessionId, reason: 'signed_out' });
    else await notifySessionEnded(tx, { userId: actor.id, reason: 'signed_out' });
    const event = await appendAuditEvent(tx, {
      actorId: actor.id,
      actorLabel: actor.email,
      requestId: options.requestId ?? null,
      action: 'user.sessions_revoked',
      after: { userId: actor.id, email: actor.email, scope: options.scope, sessionsEnded: count },
    });
    return { event, count };
  });
  publishChange(event, { actorName: actor.displayName });
  return { sessionsEnded: count };
}
