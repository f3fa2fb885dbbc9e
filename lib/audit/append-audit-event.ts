// Appends one event to the hash chain inside the caller's transaction.
import type { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db';
import { type AuditEventInput, type AuditEventRecord, auditEventInputSchema } from './events';
import { GENESIS_HASH, hashEvent } from './hash';
import { toAuditRecord } from './to-record';

// Any constant works; it names the lock that serialises appends so that two
// transactions can never chain onto the same previous event (no forks).
export const AUDIT_CHAIN_LOCK = 7_310_001;

export async function appendAuditEvent(tx: Tx, input: AuditEventInput): Promise<AuditEventRecord> {
  const event = auditEventInputSchema.parse(input);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`;
  const last = await tx.auditEvent.findFirst({ orderBy: { seq: 'desc' }, select: { seq: true, hash: true } });
  const base: Omit<AuditEventRecord, 'hash'> = {
    seq: last ? Number(last.seq) + 1 : 1,
    at: new Date().toISOString(),
    ...event,
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  const hash = hashEvent(base);
  const row = await tx.auditEvent.create({
    data: {
      ...base,
      seq: BigInt(base.seq),
      at: new Date(base.at),
      before: (base.before ?? undefined) as Prisma.InputJsonValue | undefined,
      after: (base.after ?? undefined) as Prisma.InputJsonValue | undefined,
      hash,
    },
  });
  return toAuditRecord(row);
}
