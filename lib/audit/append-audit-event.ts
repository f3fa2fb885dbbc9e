// Appends one event to the hash chain inside the caller's transaction.
import 'server-only';
import type { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db';
import { type AuditEventInput, type AuditEventRecord, auditEventSchema } from '../validation/audit-events';
import { GENESIS_HASH, hashEvent } from './hash';

// Any constant works; it names the lock that serialises appends so that two
// transactions can never chain onto the same previous event (no forks).
export const AUDIT_CHAIN_LOCK = 7_310_001;

/** JSONB for a payload; null stays SQL NULL, as before. */
const payloadJson = (v: AuditEventRecord['before' | 'after']): Prisma.InputJsonObject | undefined => (v === null ? undefined : v);

export async function appendAuditEvent(tx: Tx, input: AuditEventInput): Promise<AuditEventRecord> {
  // The input is typed by action; parsing as well checks what types cannot
  // (UUIDs, lengths) and drops keys the contract does not name.
  const event = auditEventSchema.parse(input);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`;
  const last = await tx.auditEvent.findFirst({ orderBy: { seq: 'desc' }, select: { seq: true, hash: true } });
  const base = {
    seq: last ? Number(last.seq) + 1 : 1,
    at: new Date().toISOString(),
    ...event,
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  const hash = hashEvent(base);
  await tx.auditEvent.create({
    data: {
      ...base,
      seq: BigInt(base.seq),
      at: new Date(base.at),
      before: payloadJson(base.before),
      after: payloadJson(base.after),
      hash,
    },
  });
  return { ...base, hash };
}
