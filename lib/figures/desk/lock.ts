// The lock that serialises writes to one article's set of figures: extraction
// (on import, claim.updated and the start-up backfill), an editor adding a
// figure, an editor correcting one. Verdicts and dismissals do not take it:
// extraction never writes their columns, and they stay as fast as a claim
// verdict. Order: IMPORT_LOCK → story lock → this → audit chain lock.
import 'server-only';
import type { Tx } from '../../db';

/** First key of the two-key advisory lock (a key space apart from the one-key locks); the second is the claim. */
export const FIGURE_LOCK = 7_310_031;

export async function lockClaimFigures(tx: Tx, claimId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIGURE_LOCK}::int, hashtext(${claimId}))`;
}
