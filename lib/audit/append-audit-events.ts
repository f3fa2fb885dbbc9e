// Appends many events to the hash chain inside the caller's transaction, for
// bulk paths: one chain lock, one read of the chain's end, one INSERT.
import 'server-only';
import type { Tx } from '../db';
import { AUDIT_CHAIN_LOCK } from './append-audit-event';
import { type AuditEventInput, type AuditEventRecord, auditEventSchema } from '../validation/audit-events';
import { GENESIS_HASH, hashEvent } from './hash';

const json = (v: AuditEventRecord['before' | 'after']) => (v === null ? null : JSON.stringify(v));

export async function appendAuditEvents(tx: Tx, inputs: readonly AuditEventInput[]): Promise<AuditEventRecord[]> {
  if (inputs.length === 0) return [];
  const events = inputs.map((input) => auditEventSchema.parse(input));
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`;
  const last = await tx.auditEvent.findFirst({ orderBy: { seq: 'desc' }, select: { seq: true, hash: true } });
  const at = new Date().toISOString();
  let seq = last ? Number(last.seq) : 0;
  let prevHash = last?.hash ?? GENESIS_HASH;
  const records = events.map((event): AuditEventRecord => {
    seq += 1;
    const base = { seq, at, ...event, prevHash };
    prevHash = hashEvent(base);
    return { ...base, hash: prevHash };
  });
  // One statement whatever the batch size: twelve array parameters, unnested
  // into rows (a multi-row VALUES list would hit the 65,535-parameter limit).
  await tx.$executeRawUnsafe(
    `INSERT INTO audit_events (seq, at, actor_id, actor_label, action, claim_id, before, after, reason, request_id, prev_hash, hash)
     SELECT * FROM unnest($1::bigint[], $2::timestamptz[], $3::uuid[], $4::text[], $5::text[], $6::uuid[],
                          $7::jsonb[], $8::jsonb[], $9::text[], $10::text[], $11::text[], $12::text[])`,
    records.map((r) => String(r.seq)),
    records.map((r) => r.at),
    records.map((r) => r.actorId),
    records.map((r) => r.actorLabel),
    records.map((r) => r.action),
    records.map((r) => r.claimId),
    records.map((r) => json(r.before)),
    records.map((r) => json(r.after)),
    records.map((r) => r.reason),
    records.map((r) => r.requestId),
    records.map((r) => r.prevHash),
    records.map((r) => r.hash),
  );
  return records;
}
