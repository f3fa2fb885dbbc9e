// The verdict rule: who may decide, what a verdict must carry, and optimistic
// locking on the claim version. Change and audit event commit together, with
// the count of decided articles of the claim's story (stories.decided).
import 'server-only';
import { chainAuditEvent, insertAuditEventSql } from '../audit/append-audit-event';
import type { AuditEventRecord, VerdictState } from '../validation/audit-events';
import { canSetVerdict, type Actor } from '../auth/permissions';
import { db, inPgTransaction } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import type { ClaimDetail } from '../validation/claims';
import { storedEvidenceSchema, type VerdictInput } from '../validation/verdicts';
import { type ClaimDetailRow, toClaimDetail, toClaimSummary } from './claim-dto';
import { writeVerdictSql } from './verdict-sql';
import { loadStorySummaries } from '../stories/desk/story-dto';

function verdictState(c: Pick<ClaimDetailRow, 'status' | 'reason' | 'evidence' | 'reReviewAt' | 'version' | 'decidedById'>): VerdictState {
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

  // Four round trips: BEGIN, the verdict statement (story lock shared, the
  // claim's row, version check, update, story count, audit lock, chain end:
  // lib/claims/verdict-sql.ts), the audit event's INSERT, COMMIT.
  const { claim, event } = await inPgTransaction(async (client) => {
    const written = await writeVerdictSql(client, {
      claimId,
      expectedVersion: input.expectedVersion,
      status: input.status,
      reason: input.reason,
      evidence: input.evidence.map((e) => ({ url: e.url, label: e.label || null })),
      reReviewAt: input.status === 'outdated' && input.reReviewAt ? new Date(input.reReviewAt) : null,
      actorId: actor.id,
      now: new Date(),
    });
    if (written.outcome === 'missing') throw new AppError('not_found', 'No claim with this id.');
    if (written.outcome === 'conflict') {
      const current = written.current;
      throw new AppError(
        'conflict',
        `This claim changed since you opened it (you saw version ${input.expectedVersion}, it is now version ${current.version}${current.decidedBy ? `, last decided by ${current.decidedBy.displayName}` : ''}). Nothing was saved.`,
        undefined,
        { current: toClaimDetail(current) },
      );
    }
    const event = chainAuditEvent(
      {
        action: 'claim.verdict_set',
        actorId: actor.id,
        actorLabel: actor.email,
        claimId,
        before: verdictState(written.before),
        after: verdictState(written.after),
        reason: input.reason,
        requestId: options.requestId ?? null,
      },
      written.chainEnd,
    );
    await insertAuditEventSql(client, event);
    return { claim: written.after, event, before: written.before };
  });

  // The story's decided count moved (the statement kept it in step): its
  // summary goes with the change, read after the commit like the change itself.
  const moved = decidedDelta(event) !== 0 && claim.storyId ? await loadStorySummaries(db, [claim.storyId]) : [];
  publishChange(event, { claim: toClaimSummary(claim), actorName: actor.displayName, ...(moved.length > 0 ? { stories: moved } : {}) });
  return toClaimDetail(claim);
}

/** +1 when the verdict took the claim out of "unreviewed", -1 when it put it back, else 0. */
function decidedDelta(event: AuditEventRecord): number {
  if (event.action !== 'claim.verdict_set') return 0;
  return Number(event.after.status !== 'unreviewed') - Number(event.before.status !== 'unreviewed');
}
