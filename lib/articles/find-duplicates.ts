// The duplicate checks, both index-backed: an exact duplicate has the same
// normalised-text hash (btree lookup); near-duplicate candidates share a
// MinHash band (GIN lookups on article_fingerprints.bands), and only the few
// best candidates' texts are read to measure their similarity.
import 'server-only';
import { Prisma } from '../generated/prisma/client';
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
/**
 * Claims read per band. Each one read is a heap fetch: at 500, a desk of
 * 100,000 look-alike articles (stock phrases in every pair, so many bands are
 * shared by thousands) read 13,000 rows per check, 60–190 ms, where 20 reads
 * at most 1,280 and found every planted near-duplicate all the same: a real
 * one shares several bands, most of them rare (docs/BENCHMARKS.md, "import").
 */
export const BUCKET_LIMIT = 20;

export type ClaimRef = { claimId: string; title: string };
export type DuplicateMatch = ClaimRef & { similarity: number };

/** The lookups as SQL, exported so a test can EXPLAIN exactly what runs (and a benchmark compare `perBand` limits). */
export function exactDuplicateQuery(fingerprint: Fingerprint): Prisma.Sql {
  return Prisma.sql`
    SELECT c.id, c.title FROM article_fingerprints f JOIN claims c ON c.id = f.claim_id
    WHERE f.text_hash = ${fingerprint.textHash}
    ORDER BY c.created_at, c.id LIMIT 1`;
}

/**
 * One GIN probe per band (`@>` a single value): the planner estimates each
 * probe well, where one `&&` over 64 values looks like a quarter of the table
 * and is read as a sequential scan. A band shared by very many claims (a
 * common sentence) is read at most BUCKET_LIMIT rows deep. The GIN scan still
 * builds the bitmap of the band's whole posting list (about 0.15 µs per claim
 * in it): nothing on a desk of unrelated articles, and the part of the check
 * that still grows on a desk of look-alike copy.
 */
export function nearCandidatesQuery(fingerprint: Fingerprint, perBand = BUCKET_LIMIT): Prisma.Sql {
  return Prisma.sql`
    SELECT c.id, c.title, c.body FROM (
      SELECT m.claim_id, count(*) AS shared
      FROM unnest(${fingerprint.bands}::int[]) AS q(band)
      CROSS JOIN LATERAL (
        SELECT f.claim_id FROM article_fingerprints f WHERE f.bands @> ARRAY[q.band] LIMIT ${perBand}
      ) AS m
      GROUP BY m.claim_id
      ORDER BY shared DESC, m.claim_id
      LIMIT ${CANDIDATES}
    ) AS best JOIN claims c ON c.id = best.claim_id`;
}

export async function findExactDuplicate(tx: Tx, fingerprint: Fingerprint): Promise<ClaimRef | null> {
  const rows = await tx.$queryRaw<{ id: string; title: string }[]>(exactDuplicateQuery(fingerprint));
  const row = rows[0];
  return row ? { claimId: row.id, title: row.title } : null;
}

/** Claims at least NEAR_DUPLICATE_THRESHOLD alike, most similar first. */
export async function findNearDuplicates(tx: Tx, fingerprint: Fingerprint): Promise<DuplicateMatch[]> {
  const candidates = await tx.$queryRaw<{ id: string; title: string; body: string }[]>(nearCandidatesQuery(fingerprint));
  return candidates
    .map((c) => ({ claimId: c.id, title: c.title, similarity: round(similarity(fingerprint.shingles, shingles(normalizeForSearch(c.body)))) }))
    .filter((m) => m.similarity >= NEAR_DUPLICATE_THRESHOLD)
    .sort((a, b) => b.similarity - a.similarity);
}

const round = (x: number) => Math.round(x * 1000) / 1000;
