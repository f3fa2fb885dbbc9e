// Writes an audit bundle (lib/audit/checkpoint-format.ts): a header line, the
// events of the range exactly as stored, the trusted checkpoints in the range
// (and, when the range reaches the head, every checkpoint above it).
// Signs the head first, so a full export ends covered. A generator of lines,
// read in batches: a 100k-event desk is never one string in memory.
import 'server-only';
import { db } from '../db';
import type { AuditExportRange } from '../validation/audit';
import { AppError } from '../errors';
import { checkpointHead, readChainHead } from './checkpointer';
import { BUNDLE_FORMAT, type BundleCheckpoint, type BundleEvent, type BundleHeader, type Checkpoint, type PublicKeyEntry } from './checkpoint-format';
import { GENESIS_HASH } from './hash';
import { toChainedEvent } from './to-record';
import { trustedCheckpoints, trustedKeysWithRotations } from './verify-trail';

const BATCH = 1000;

export type AuditBundle = { from: number; to: number; checkpoint: Checkpoint | null; lines: AsyncGenerator<string> };

export async function exportAuditBundle(range: AuditExportRange): Promise<AuditBundle> {
  const signedAtExport = await checkpointHead();
  const head = await readChainHead();
  const last = head?.seq ?? 0;
  const from = range.from ?? 1;
  const to = Math.min(range.to ?? last, last);
  if (from > to && !(from === 1 && to === 0)) {
    throw new AppError('invalid_input', `The range ${from}–${range.to ?? last} holds no events: the audit trail has ${last}.`);
  }
  const before = from > 1 ? await db.auditEvent.findUnique({ where: { seq: BigInt(from - 1) }, select: { hash: true } }) : null;
  // Keys rotated out stay in the header: the checkpoints they signed are still in the range.
  const { keys } = await trustedKeysWithRotations();
  // A bundle that reaches the head carries every later checkpoint too: one
  // above the head is a signed event that is gone, and offline verifiers can
  // only report that truncation if they see it. A range that stops short of
  // the head leaves them out (its events above `to` are not missing).
  const reachesHead = to === last;
  const checkpoints = trustedCheckpoints(keys).checkpoints.filter((c) => c.seq >= from && (reachesHead || c.seq <= to));
  const publicKeys: PublicKeyEntry[] = [...keys.values()].map((k) => k.entry);
  const header: BundleHeader = {
    type: 'header',
    format: BUNDLE_FORMAT,
    v: 1,
    exportedAt: new Date().toISOString(),
    from,
    to,
    prevHash: before?.hash ?? GENESIS_HASH,
    publicKeys,
  };
  async function* lines(): AsyncGenerator<string> {
    yield `${JSON.stringify(header)}\n`;
    for (let cursor = BigInt(from - 1); cursor < BigInt(to);) {
      const rows = await db.auditEvent.findMany({ where: { seq: { gt: cursor, lte: BigInt(to) } }, orderBy: { seq: 'asc' }, take: BATCH });
      const lastRow = rows.at(-1);
      if (!lastRow) break;
      yield rows.map((row) => `${JSON.stringify({ type: 'event', ...toChainedEvent(row) } satisfies BundleEvent)}\n`).join('');
      cursor = lastRow.seq;
    }
    for (const cp of checkpoints) yield `${JSON.stringify({ type: 'checkpoint', ...cp } satisfies BundleCheckpoint)}\n`;
  }
  return { from, to, checkpoint: signedAtExport, lines: lines() };
}
