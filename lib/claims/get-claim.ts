// One claim with its article text, verdict and the people around it.
import 'server-only';
import type { Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import type { ClaimDetail } from '../validation/claims';
import { CLAIM_DETAIL_INCLUDE, toClaimDetail } from './claim-dto';

/** `id` has been parsed with claimIdSchema by the entry point. */
export async function getClaim(options: { actor: Actor; id: string }): Promise<ClaimDetail> {
  const claim = await db.claim.findUnique({ where: { id: options.id }, include: CLAIM_DETAIL_INCLUDE });
  if (!claim) throw new AppError('not_found', 'No claim with this id.');
  return toClaimDetail(claim);
}
