// The verdict rule: who may decide, what a verdict must carry, and optimistic
// locking on the claim version. Change and audit event commit together.
import 'server-only';
import type { Claim, Prisma } from '../generated/prisma/client';
import { appendAuditEvent } from '../audit/append-audit-event';
import type { VerdictState } from '../validation/audit-events';
import { canSetVerdict, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import type { ClaimDetail } from '../validation/claims';
import { storedEvidenceSchema, type VerdictInput } from '../validation/verdicts';
import { CLAIM_DETAIL_INCLUDE, toClaimDetail, toClaimSummary } from './claim-dto';

function verdictState(c: Pick<Claim, 'status' | 'reason' | 'evidence' | 'reReviewAt' | 'version' | 'decidedById'>): VerdictState {
  return {
    status: c.status,
    reason: c.reason,
    evidence: storedEvidenceSchema.array().parse(c.evidence),
    reReviewAt: c.reReviewAt?.toISOString() ?? null,
    version: c.version,
    decidedById: c.decidedById,
  };
}

/** The entry point has parsed `claimId` (claimIdSchema) and `verdict` (verdictInputSchema). */
export type SetVerdictOptions = { actor: Actor; claimId: string; verdict: VerdictInput; requestId?: string | null };

export async function setVerdict(options: SetVerdictOptions): Promise<ClaimDetail> {
  const { actor, claimId, verdict: input } = options;
  if (!canSetVerdict(actor, input.status)) {
    throw new AppError('forbidden', input.status === 'unreviewed' ? 'Only editors can return a claim to unreviewed.' : 'Your role cannot set verdicts.');
  }

  const { claim, event } = await db.$transaction(async (tx) => {
    const before = await tx.claim.findUnique({ where: { id: claimId } });
    if (!before) throw new AppError('not_found', 'No claim with this id.');
    const now = new Date();
    const data: Prisma.ClaimUpdateManyMutationInput = {
      status: input.status,
      reason: input.reason,
      evidence: input.evidence.map((e) => ({ url: e.url, label: e.label || null })),
      reReviewAt: input.status === 'outdated' && input.reReviewAt ? new Date(input.reReviewAt) : null,
      decidedAt: now,
      version: { increment: 1 },
      updatedAt: now,
    };
    // The version check and the write are one statement: of many concurrent
    // requests naming the same version, exactly one matches.
    const { count } = await tx.claim.updateMany({
      where: { id: claimId, version: input.expectedVersion },
      data: { ...data, decidedById: actor.id },
    });
    if (count === 0) {
      const current = await tx.claim.findUniqueOrThrow({ where: { id: claimId }, include: CLAIM_DETAIL_INCLUDE });
      throw new AppError(
        'conflict',
        `This claim changed since you opened it (you saw version ${input.expectedVersion}, it is now version ${current.version}${current.decidedBy ? `, last decided by ${current.decidedBy.displayName}` : ''}). Nothing was saved.`,
        undefined,
        { current: toClaimDetail(current) },
      );
    }
    const after = await tx.claim.findUniqueOrThrow({ where: { id: claimId }, include: CLAIM_DETAIL_INCLUDE });
    const event = await appendAuditEvent(tx, {
      action: 'claim.verdict_set',
      actorId: actor.id,
      actorLabel: actor.email,
      claimId,
      before: verdictState(before),
      after: verdictState(after),
      reason: input.reason,
      requestId: options.requestId ?? null,
    });
    return { claim: after, event };
  });

  publishChange(event, { claim: toClaimSummary(claim), actorName: actor.displayName });
  return toClaimDetail(claim);
}
