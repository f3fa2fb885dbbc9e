// Editors hand a claim to a reviewer (or take it back); audited.
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import { canAssign, canBeAssigned, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import type { ClaimDetail } from '../validation/claims';
import type { AssignmentInput } from '../validation/verdicts';
import { CLAIM_DETAIL_INCLUDE, toClaimDetail, toClaimSummary } from './claim-dto';

/** The entry point has parsed `claimId` (claimIdSchema) and `assignment` (assignmentInputSchema). */
export type AssignClaimOptions = { actor: Actor; claimId: string; assignment: AssignmentInput; requestId?: string | null };

export async function assignClaim(options: AssignClaimOptions): Promise<ClaimDetail> {
  const { actor, claimId } = options;
  const { userId } = options.assignment;
  if (!canAssign(actor)) throw new AppError('forbidden', 'Only editors can assign claims.');

  const { claim, event } = await db.$transaction(async (tx) => {
    const before = await tx.claim.findUnique({ where: { id: claimId }, include: { assignee: true } });
    if (!before) throw new AppError('not_found', 'No claim with this id.');
    if (userId) {
      const user = await tx.user.findUnique({ where: { id: userId } });
      if (!user || user.disabledAt) throw new AppError('invalid_input', 'userId: no active user with this id.');
      if (!canBeAssigned(user)) throw new AppError('invalid_input', 'userId: viewers cannot be assigned claims.');
    }
    const claim = await tx.claim.update({
      where: { id: claimId },
      data: { assigneeId: userId, updatedAt: new Date() },
      include: CLAIM_DETAIL_INCLUDE,
    });
    const event = await appendAuditEvent(tx, {
      action: 'claim.assignment_changed',
      actorId: actor.id,
      actorLabel: actor.email,
      claimId,
      before: { assigneeId: before.assigneeId, assignee: before.assignee?.displayName ?? null },
      after: { assigneeId: claim.assigneeId, assignee: claim.assignee?.displayName ?? null },
      requestId: options.requestId ?? null,
    });
    return { claim, event };
  });
  publishChange(event, { claim: toClaimSummary(claim), actorName: actor.displayName });
  return toClaimDetail(claim);
}
