// One claim with its article text, verdict and the people around it.
import type { Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { claimIdSchema } from '../validation/claims';
import { type ClaimDetail, toClaimDetail } from './claim-dto';

export async function getClaim(options: { actor: Actor; id: string }): Promise<ClaimDetail> {
  const id = claimIdSchema.safeParse(options.id);
  if (!id.success) throw new AppError('invalid_input', 'id: claim ids are UUIDs; this one is malformed.');
  const claim = await db.claim.findUnique({ where: { id: id.data }, include: { decidedBy: true, assignee: true } });
  if (!claim) throw new AppError('not_found', 'No claim with this id.');
  return toClaimDetail(claim);
}
