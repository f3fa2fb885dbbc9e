// A link is only as trusted as the editor who issued it (issue 29): when an
// editor is disabled or stops being an editor, every link they handed out that
// is still pending stops working, in the transaction that changes them.
import 'server-only';
import type { Tx } from '../db';

/** Revokes the pending links `issuerId` created; how many, for the audit row. */
export async function revokeLinksIssuedBy(tx: Tx, issuerId: string, now: Date): Promise<number> {
  const { count } = await tx.invitation.updateMany({ where: { createdById: issuerId, usedAt: null, revokedAt: null }, data: { revokedAt: now } });
  return count;
}
