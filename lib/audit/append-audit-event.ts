// Appends one event to the hash chain inside the caller's transaction.
import 'server-only';
import type { PoolClient } from 'pg';
import type { Prisma } from '../generated/prisma/client';
import { timedQuery, type Tx } from '../db';
import { type AuditEventInput, type AuditEventRecord, auditEventSchema } from '../validation/audit-events';
import { GENESIS_HASH, hashEvent } from './hash';

// Any constant works; it names the lock that serialises appends so that two
// transactions can never chain onto the same previous event (no forks).
export const AUDIT_CHAIN_LOCK = 7_310_001;

/** JSONB for a payload; null stays SQL NULL, as before. */
const payloadJson = (v: AuditEventRecord['before' | 'after']): Prisma.InputJsonObject | undefined => (v === null ? undefined : v);

/** The end of the chain an event is appended to; null before the first event. */
export type ChainEnd = { seq: number | bigint | string; hash: string } | null;

/**
 * An event's stored form: parsed against its action's contract, numbered and
 * hashed onto `last`. The caller holds AUDIT_CHAIN_LOCK and read `last` after
 * taking it, in the transaction that will insert the result.
 */
export function chainAuditEvent(input: AuditEventInput, last: ChainEnd): AuditEventRecord {
  // The input is typed by action; parsing as well checks what types cannot
  // (UUIDs, lengths) and drops keys the contract does not name.
  const event = auditEventSchema.parse(input);
  const base = {
    seq: last ? Number(last.seq) + 1 : 1,
    at: new Date().toISOString(),
    ...event,
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  return { ...base, hash: hashEvent(base) };
}

export async function appendAuditEvent(tx: Tx, input: AuditEventInput): Promise<AuditEventRecord> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`;
  const last = await tx.auditEvent.findFirst({ orderBy: { seq: 'desc' }, select: { seq: true, hash: true } });
  const record = chainAuditEvent(input, last);
  await tx.auditEvent.create({
    data: {
      ...record,
      seq: BigInt(record.seq),
      at: new Date(record.at),
      before: payloadJson(record.before),
      after: payloadJson(record.after),
    },
  });
  return record;
}

/** The same row as appendAuditEvent writes, for a transaction on a plain pg client. */
export async function insertAuditEventSql(client: Pick<PoolClient, 'query'>, record: AuditEventRecord): Promise<void> {
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  await timedQuery(client, {
    name: 'factdesk_insert_audit_event',
    text: `INSERT INTO audit_events (seq, at, actor_id, actor_label, action, claim_id, before, after, reason, request_id, prev_hash, hash)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11, $12)`,
    values: [
      record.seq,
      record.at,
      record.actorId ?? null,
      record.actorLabel,
      record.action,
      record.claimId ?? null,
      json(record.before),
      json(record.after),
      record.reason ?? null,
      record.requestId ?? null,
      record.prevHash,
      record.hash,
    ],
  });
}
