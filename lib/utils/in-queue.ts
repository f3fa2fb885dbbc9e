// Whether a claim waits in a reviewer's queue: assigned to them and needing a
// decision (unreviewed, or outdated with its re-review date passed). Client-safe.
import type { ClaimSummary } from '../validation/claims';

export function inQueue(claim: Pick<ClaimSummary, 'assigneeId' | 'status' | 'reReviewAt'>, userId: string, now = new Date()): boolean {
  if (claim.assigneeId !== userId) return false;
  if (claim.status === 'unreviewed') return true;
  return claim.status === 'outdated' && claim.reReviewAt !== null && new Date(claim.reReviewAt) <= now;
}
