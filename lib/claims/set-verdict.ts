// The verdict rule: who may decide, what a verdict must carry, and optimistic
// locking on the claim version. Change and audit event commit together, with
// the count of decided articles of the claim's story (stories.decided).
import 'server-only';
import type { Claim, Prisma } from '../generated/prisma/client';
import { appendAuditEvent } from '../audit/append-audit-event';
import type { VerdictState } from '../validation/audit-events';
import { canSetVerdict, type Actor } from '../auth/permissions';
import { db, type Tx } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import type { ClaimDetail } from '../validation/claims';
import { storedEvidenceSchema, type VerdictInput } from '../validation/verdicts';
import { CLAIM_DETAIL_INCLUDE, toClaimDetail, toClaimSummary } from './claim-dto';
import { lockStoriesShared } from '../stories/desk/lock';
import { loadStorySummaries } from '../stories/desk/story-dto';
import type { StorySummary } from '../validation/stories';

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

  const { claim, event, stories } = await db.$transaction(async (tx) => {
    // No story membership changes under it (before the audit lock, as everywhere).
    await lockStoriesShared(tx);
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
    const stories = await keepStoryDecided(tx, before, after);
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
    return { claim: after, event, stories };
  });

  publishChange(event, { claim: toClaimSummary(claim), actorName: actor.displayName, ...(stories.length > 0 ? { stories } : {}) });
  return toClaimDetail(claim);
}

/** A claim entering or leaving "unreviewed" moves its story's decided count (not its version: its members are the same). */
async function keepStoryDecided(tx: Tx, before: Claim, after: Claim): Promise<StorySummary[]> {
  const delta = Number(after.status !== 'unreviewed') - Number(before.status !== 'unreviewed');
  if (delta === 0 || !after.storyId) return [];
  await tx.$executeRaw`UPDATE stories SET decided = decided + ${delta}::int WHERE id = ${after.storyId}::uuid`;
  return loadStorySummaries(tx, [after.storyId]);
}
