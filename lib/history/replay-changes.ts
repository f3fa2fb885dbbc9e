// Catch-up after a reconnect: every change since the client's last sequence
// number, read from the audit log in order (the log is the source of truth;
// socket delivery alone is at-most-once).
import 'server-only';
import { toClaimSummary } from '../claims/claim-dto';
import { db } from '../db';
import { toAuditRecord } from '../audit/to-record';
import { type DeskChange, MAX_REPLAY_CHANGES, RELOAD_MESSAGE, type SyncResult } from '../realtime/events';
import { storyChangeExtras } from '../stories/desk/change-extras';
import { figureChangeExtras } from '../figures/desk/change-extras';
import { type AuditEventRecord, publicAuditEvent, type StoredAuditEvent } from '../validation/audit-events';

const BATCH = 500;

const isReadable = (e: StoredAuditEvent): e is AuditEventRecord => e.action !== 'audit.unreadable';

export async function latestSeq(): Promise<number> {
  const last = await db.auditEvent.findFirst({ orderBy: { seq: 'desc' }, select: { seq: true } });
  return last ? Number(last.seq) : 0;
}

// Past MAX_REPLAY_CHANGES the answer is "reload": one cheap read instead of
// page after page of the audit log (a `since: 0` loop could otherwise keep the
// database busy for every other user).
export async function replayChanges(options: { since: number }): Promise<SyncResult> {
  const latest = await latestSeq();
  if (latest - options.since > MAX_REPLAY_CHANGES) return { changes: [], latest, more: false, reload: true, message: RELOAD_MESSAGE };
  const rows = await db.auditEvent.findMany({ where: { seq: { gt: BigInt(options.since) } }, orderBy: { seq: 'asc' }, take: BATCH + 1 });
  const events = rows.slice(0, BATCH).map(toAuditRecord);
  const claimIds = [...new Set(events.map((e) => e.claimId).filter((id): id is string => Boolean(id)))];
  const actorIds = [...new Set(events.map((e) => e.actorId).filter((id): id is string => Boolean(id)))];
  const readable = events.filter(isReadable);
  const [claims, users, storyExtras, figureExtras] = await Promise.all([
    db.claim.findMany({ where: { id: { in: claimIds } } }),
    db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, displayName: true } }),
    // Story changes carry the stories and claims they touched, as the live change did (as they are now).
    storyChangeExtras(readable),
    // Figure changes carry the figures they touched, as they are now.
    figureChangeExtras(readable),
  ]);
  const claimById = new Map(claims.map((c) => [c.id, toClaimSummary(c)]));
  const nameById = new Map(users.map((u) => [u.id, u.displayName]));
  const changes: DeskChange[] = events.map((e) => {
    const actorName = e.actorId ? nameById.get(e.actorId) : undefined;
    const change: DeskChange = { event: publicAuditEvent(e), actorName };
    if (e.claimId) change.claim = claimById.get(e.claimId);
    const extras = storyExtras.get(e.seq);
    if (extras) {
      change.stories = extras.stories;
      change.claims = extras.claims;
    }
    const figures = figureExtras.get(e.seq);
    if (figures) {
      change.figures = figures.figures;
      if (figures.removedFigureIds) change.removedFigureIds = figures.removedFigureIds;
    }
    if (e.action === 'claim.comment_added' && e.actorId) {
      change.comment = {
        id: e.after.commentId,
        claimId: e.claimId,
        body: e.after.body,
        createdAt: e.at,
        author: { id: e.actorId, displayName: actorName ?? e.actorLabel },
      };
    }
    return change;
  });
  return { changes, latest: events.at(-1)?.seq ?? options.since, more: rows.length > BATCH };
}
