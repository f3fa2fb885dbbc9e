// Builds the claim shapes the API and the pages return (lib/validation/claims.ts)
// from database rows.
import 'server-only';
import type { Prisma } from '../generated/prisma/client';
import { textDirection } from '../utils/text-direction';
import { type ClaimDetail, LANGUAGE_SOURCES } from '../validation/claims';
import { parseStoredEvidence } from '../validation/verdicts';
import { publishedAtSourceSchema } from '../validation/articles';
import { toClaimSummary } from '../dto/claim-summary';

// The summary lives below lib/claims and lib/stories (lib/dto/claim-summary.ts); its importers find it here too.
export { CLAIM_SUMMARY_SELECT, toClaimSummary } from '../dto/claim-summary';

/** What a detail needs beside the claim's own columns: every query that returns a ClaimDetail includes this. */
export const CLAIM_DETAIL_INCLUDE = {
  decidedBy: true,
  assignee: true,
  nearDuplicateOf: { select: { id: true, title: true, language: true } },
} as const satisfies Prisma.ClaimInclude;

type PersonFields = { id: string; displayName: string; email: string };
/** A claim row with its people, as Prisma reads it with CLAIM_DETAIL_INCLUDE (or lib/claims/verdict-sql.ts maps it). */
export type ClaimDetailRow = Omit<Prisma.ClaimGetPayload<{ include: typeof CLAIM_DETAIL_INCLUDE }>, 'decidedBy' | 'assignee' | 'searchText'> & {
  decidedBy: PersonFields | null;
  assignee: PersonFields | null;
};
type DetailRow = ClaimDetailRow;
type PersonRow = PersonFields | null;

const person = (u: PersonRow): ClaimDetail['decidedBy'] => (u ? { id: u.id, displayName: u.displayName, email: u.email } : null);

function nearDuplicateOf(c: DetailRow): ClaimDetail['nearDuplicateOf'] {
  if (!c.nearDuplicateOf || c.nearDuplicateSimilarity === null) return null;
  const { id, title, language } = c.nearDuplicateOf;
  return { id, title, language, similarity: c.nearDuplicateSimilarity };
}

/** The stored column is free text; anything unknown reads as not kept. */
function languageSource(value: string | null): ClaimDetail['languageFrom'] {
  return LANGUAGE_SOURCES.find((source) => source === value) ?? null;
}

export function toClaimDetail(c: DetailRow): ClaimDetail {
  return {
    ...toClaimSummary(c),
    direction: textDirection(c.language),
    languageConfidence: c.languageConfidence,
    languageFrom: languageSource(c.languageFrom),
    body: c.body,
    boilerplate: c.boilerplate,
    outlet: c.outlet,
    byline: c.byline,
    articleUrl: c.articleUrl,
    publishedAt: c.publishedAt?.toISOString() ?? null,
    publishedAtSource: publishedAtSourceSchema.catch('import').parse(c.publishedAtSource),
    nearDuplicateOf: nearDuplicateOf(c),
    reason: c.reason,
    evidence: parseStoredEvidence(c.evidence),
    decidedBy: person(c.decidedBy),
    decidedAt: c.decidedAt?.toISOString() ?? null,
    assignee: person(c.assignee),
    createdAt: c.createdAt.toISOString(),
  };
}
