// The duplicate checks, both index-backed: an exact duplicate has the same
// normalised-text hash (btree lookup); near-duplicate candidates share a
// MinHash band (GIN lookup on article_fingerprints.bands), and only the few
// best candidates' texts are read to measure their similarity.
import type { Tx } from '../db';
import { type Fingerprint, shingles, similarity } from './fingerprint';
import { normalizeForSearch } from './normalize-search';

/**
 * Shingle (Jaccard) similarity from which an article counts as a
 * near-duplicate: on the labelled tuning pairs duplicates scored 0.42 and
 * up, other articles on the same story 0.09 at most (docs/QUALITY.md).
 */
export const NEAR_DUPLICATE_THRESHOLD = 0.3;
// Candidates whose text is read, most shared bands first.
const CANDIDATES = 10;

export type ClaimRef = { claimId: string; title: string };
export type DuplicateMatch = ClaimRef & { similarity: number };

export async function findExactDuplicate(tx: Tx, fingerprint: Fingerprint, exceptClaimId: string | null = null): Promise<ClaimRef | null> {
  const rows = await tx.$queryRaw<{ id: string; title: string }[]>`
    SELECT c.id, c.title FROM article_fingerprints f JOIN claims c ON c.id = f.claim_id
    WHERE f.text_hash = ${fingerprint.textHash} AND f.claim_id IS DISTINCT FROM ${exceptClaimId}::uuid
    ORDER BY c.created_at, c.id LIMIT 1`;
  const row = rows[0];
  return row ? { claimId: row.id, title: row.title } : null;
}

/** Claims at least NEAR_DUPLICATE_THRESHOLD alike, most similar first. */
export async function findNearDuplicates(tx: Tx, fingerprint: Fingerprint, exceptClaimId: string | null = null): Promise<DuplicateMatch[]> {
  const candidates = await tx.$queryRaw<{ id: string; title: string; body: string }[]>`
    SELECT c.id, c.title, c.body FROM (
      SELECT f.claim_id, (SELECT count(*) FROM unnest(f.bands) AS b WHERE b = ANY(${fingerprint.bands}::int[])) AS shared
      FROM article_fingerprints f
      WHERE f.bands && ${fingerprint.bands}::int[] AND f.claim_id IS DISTINCT FROM ${exceptClaimId}::uuid
      ORDER BY shared DESC, f.claim_id LIMIT ${CANDIDATES}
    ) AS m JOIN claims c ON c.id = m.claim_id`;
  return candidates
    .map((c) => ({ claimId: c.id, title: c.title, similarity: round(similarity(fingerprint.shingles, shingles(normalizeForSearch(c.body)))) }))
    .filter((m) => m.similarity >= NEAR_DUPLICATE_THRESHOLD)
    .sort((a, b) => b.similarity - a.similarity);
}

const round = (x: number) => Math.round(x * 1000) / 1000;
