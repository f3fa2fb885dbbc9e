// Builds the claim shapes the API and the pages return (lib/validation/claims.ts)
// from database rows.
import 'server-only';
import type { Claim, User } from '../generated/prisma/client';
import type { ClaimDetail, ClaimSummary } from '../validation/claims';
import { parseStoredEvidence } from '../validation/verdicts';

type ClaimWithPeople = Claim & { decidedBy?: User | null; assignee?: User | null };

const person = (u: User | null | undefined): ClaimDetail['decidedBy'] => (u ? { id: u.id, displayName: u.displayName, email: u.email } : null);

/** The columns a summary needs: list queries select only these (not the article text). */
export const CLAIM_SUMMARY_SELECT = {
  id: true,
  sourceKey: true,
  title: true,
  language: true,
  status: true,
  version: true,
  updatedAt: true,
  assigneeId: true,
  reReviewAt: true,
} as const;

type SummaryColumns = Pick<Claim, keyof typeof CLAIM_SUMMARY_SELECT>;

export function toClaimSummary(c: SummaryColumns): ClaimSummary {
  return {
    id: c.id,
    sourceKey: c.sourceKey,
    title: c.title,
    language: c.language,
    status: c.status,
    version: c.version,
    updatedAt: c.updatedAt.toISOString(),
    assigneeId: c.assigneeId,
    reReviewAt: c.reReviewAt?.toISOString() ?? null,
  };
}

export function toClaimDetail(c: ClaimWithPeople): ClaimDetail {
  return {
    ...toClaimSummary(c),
    body: c.body,
    boilerplate: c.boilerplate,
    reason: c.reason,
    evidence: parseStoredEvidence(c.evidence),
    decidedBy: person(c.decidedBy),
    decidedAt: c.decidedAt?.toISOString() ?? null,
    assignee: person(c.assignee),
    createdAt: c.createdAt.toISOString(),
  };
}
