// Recomputes the audit hash chain from the first event and reports the first break.
import 'server-only';
import { db } from '../db';
import { GENESIS_HASH, hashEvent } from './hash';
import { toChainedEvent } from './to-record';

export type ChainVerdict = { ok: true; checked: number } | { ok: false; checked: number; brokenAt: number; why: string };

const BATCH = 1000;

export async function verifyAuditChain(): Promise<ChainVerdict> {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let checked = 0;
  for (;;) {
    const rows = await db.auditEvent.findMany({
      where: { seq: { gte: BigInt(expectedSeq) } },
      orderBy: { seq: 'asc' },
      take: BATCH,
    });
    for (const row of rows) {
      // As stored, not parsed: an unreadable payload is still checked against its hash.
      const event = toChainedEvent(row);
      if (event.seq !== expectedSeq) {
        return { ok: false, checked, brokenAt: expectedSeq, why: `event ${expectedSeq} is missing (next is ${event.seq})` };
      }
      if (event.prevHash !== prevHash) {
        return { ok: false, checked, brokenAt: event.seq, why: 'previous-hash link does not match the event before it' };
      }
      const { hash, ...content } = event;
      if (hashEvent(content) !== hash) {
        return { ok: false, checked, brokenAt: event.seq, why: 'content does not match its hash (the event was altered)' };
      }
      prevHash = hash;
      expectedSeq += 1;
      checked += 1;
    }
    if (rows.length < BATCH) return { ok: true, checked };
  }
}
