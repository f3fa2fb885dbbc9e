// Checks the database against what clients were told: every accepted verdict
// is there with exactly one audit event, refused ones wrote nothing, no claim
// is half-written, no update was lost, and the audit hash chain verifies.
import { expect } from 'vitest';
import { verifyAuditChain } from '../../../lib/audit/verify-chain';
import { db } from '../../../lib/db';
import type { Attempt } from './traffic';

export type LedgerSummary = { accepted: number; conflicts: number; ambiguous: number; verdictEvents: number; auditEvents: number };

export async function expectConsistentLedger(attempts: Attempt[], claimIds: string[]): Promise<LedgerSummary> {
  const writes = attempts.filter((a) => a.kind === 'write');
  const byRequest = new Map(writes.map((a) => [a.requestId, a]));
  const verdictEvents = await db.auditEvent.findMany({ where: { action: 'claim.verdict_set' }, orderBy: { seq: 'asc' } });
  const eventsByRequest = new Map<string, typeof verdictEvents>();
  for (const e of verdictEvents) {
    const list = eventsByRequest.get(e.requestId ?? '') ?? [];
    list.push(e);
    eventsByRequest.set(e.requestId ?? '', list);
  }

  // Every verdict event in the trail comes from one of our requests, at most once.
  for (const e of verdictEvents) {
    expect(byRequest.has(e.requestId ?? ''), `verdict event ${e.seq} has an unknown request id ${e.requestId}`).toBe(true);
    expect(eventsByRequest.get(e.requestId!)!.length, `request ${e.requestId} has more than one verdict event`).toBe(1);
  }

  let ambiguous = 0;
  for (const a of writes) {
    const events = eventsByRequest.get(a.requestId) ?? [];
    if (a.status === 200) {
      // Accepted: exactly one event, and it recorded the version the client was told.
      expect(events.length, `accepted verdict ${a.requestId} must have exactly one audit event`).toBe(1);
      const after = events[0]!.after as { version?: number; status?: string } | null;
      expect(after?.version).toBe(a.version);
      expect(events[0]!.reason).toBe(a.reason);
    } else if (a.status === 503 || a.status === 0) {
      // The connection can drop after COMMIT reached the server: either outcome
      // is allowed, but never more than one event.
      ambiguous += 1;
      expect(events.length).toBeLessThanOrEqual(1);
    } else {
      expect(events, `refused verdict ${a.requestId} (HTTP ${a.status}) wrote an audit event`).toHaveLength(0);
    }
  }

  for (const claimId of claimIds) {
    const claim = await db.claim.findUniqueOrThrow({ where: { id: claimId } });
    const trail = await db.auditEvent.findMany({ where: { claimId }, orderBy: { seq: 'asc' } });
    const verdicts = trail.filter((e) => e.action === 'claim.verdict_set');
    const textUpdates = trail.filter((e) => e.action === 'claim.updated');
    // No lost update and nothing half-written: each change bumped the version
    // exactly once and left its audit event; the row matches the last event.
    expect(claim.version, `claim ${claim.sourceKey}: version vs. its audit trail`).toBe(1 + verdicts.length + textUpdates.length);
    const accepted = writes
      .filter((a) => a.claimId === claimId && a.status === 200)
      .map((a) => a.version!)
      .sort((x, y) => x - y);
    expect(new Set(accepted).size, `claim ${claim.sourceKey}: two accepted verdicts were told the same version`).toBe(accepted.length);
    const lastChange = [...verdicts, ...textUpdates].sort((x, y) => Number(x.seq - y.seq)).at(-1);
    if (lastChange) expect(claim.version).toBe((lastChange.after as { version: number }).version);
    const lastVerdict = verdicts.at(-1)?.after as { status: string; reason: string } | undefined;
    if (lastVerdict) expect({ status: claim.status, reason: claim.reason }).toEqual({ status: lastVerdict.status, reason: lastVerdict.reason });
  }

  const chain = await verifyAuditChain();
  expect(chain).toMatchObject({ ok: true });
  return {
    accepted: writes.filter((a) => a.status === 200).length,
    conflicts: writes.filter((a) => a.status === 409).length,
    ambiguous,
    verdictEvents: verdictEvents.length,
    auditEvents: chain.checked,
  };
}
