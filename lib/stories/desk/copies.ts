// Which articles are copies: a confirmed near-duplicate (claims.near_duplicate_of_id)
// at least COPY_SIMILARITY alike is a syndicated or re-posted copy imported
// anyway, the same report; it follows its original's story
// (follow-original.ts) and is neither indexed nor counted (save-evidence.ts).
// Less alike, from the duplicate check's 0.3, it is another article that
// reuses much of the text, and is grouped as any article.
import 'server-only';

/** MinHash similarity (lib/articles/find-duplicates.ts) from which a near-duplicate is the same report: a copy with a changed line or two. */
export const COPY_SIMILARITY = 0.8;

/** The original a claim is a copy of, or null: the rule save-evidence.ts and grouping share. */
export function copyOf(claim: { nearDuplicateOfId: string | null; nearDuplicateSimilarity: number | null }): string | null {
  return claim.nearDuplicateOfId !== null && (claim.nearDuplicateSimilarity ?? 0) >= COPY_SIMILARITY ? claim.nearDuplicateOfId : null;
}
