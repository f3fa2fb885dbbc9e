// The claim summary (lib/validation/claims.ts ClaimSummary) built from a row.
// Below both lib/claims and lib/stories: the import pipeline (lib/claims) calls
// story grouping, and grouping returns the claims it moved as summaries, so
// neither folder may own it without a cycle (tests/unit/import-boundaries.test.ts).
// lib/claims/claim-dto.ts re-exports it beside the detail shape.
import 'server-only';
import type { Claim } from '../generated/prisma/client';
import type { ClaimSummary } from '../validation/claims';

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
  storyId: true,
} as const;

export type ClaimSummaryColumns = Pick<Claim, keyof typeof CLAIM_SUMMARY_SELECT>;

export function toClaimSummary(c: ClaimSummaryColumns): ClaimSummary {
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
    storyId: c.storyId,
  };
}
