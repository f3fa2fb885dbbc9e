// Reading the audit trail: newest first, filtered, paginated by sequence number.
import 'server-only';
import type { Prisma } from '../generated/prisma/client';
import { canReadAudit, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import type { AuditQuery } from '../validation/audit';
import { type PublicAuditEvent, publicAuditEvent } from '../validation/audit-events';
import { isId } from '../validation/ids';
import { toAuditRecord } from '../audit/to-record';
import { SIGN_IN_ACTIONS } from '../utils/describe-event';

export type AuditPage = { events: (PublicAuditEvent & { hash: string })[]; nextCursor: number | null };

// A date-only bound covers the whole day: `before=2026-11-29` includes that day.
const endOfDay = (d: string) => (d.length === 10 ? new Date(`${d}T23:59:59.999Z`) : new Date(d));

export async function listAuditEvents(options: { actor: Actor; query: AuditQuery }): Promise<AuditPage> {
  const { actor, query } = options;
  if (!canReadAudit(actor)) throw new AppError('forbidden', 'Your role cannot read the audit trail.');
  const where: Prisma.AuditEventWhereInput = {};
  if (query.action) where.action = query.action;
  else if (query.signIns === 'hide') where.action = { notIn: [...SIGN_IN_ACTIONS] };
  if (query.claimId) where.claimId = query.claimId;
  if (query.actor) {
    where.OR = isId(query.actor) ? [{ actorId: query.actor }] : [{ actorLabel: { contains: query.actor.toLowerCase() } }];
  }
  if (query.after || query.before) {
    where.at = { ...(query.after ? { gte: new Date(query.after) } : {}), ...(query.before ? { lte: endOfDay(query.before) } : {}) };
  }
  if (query.cursor) where.seq = { lt: BigInt(query.cursor) };
  const rows = await db.auditEvent.findMany({ where, orderBy: { seq: 'desc' }, take: query.limit + 1 });
  const page = rows.slice(0, query.limit).map(toAuditRecord);
  const last = page.at(-1);
  return {
    events: page.map((e) => ({ ...publicAuditEvent(e), hash: e.hash })),
    nextCursor: rows.length > query.limit && last ? last.seq : null,
  };
}
