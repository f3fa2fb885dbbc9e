// The duplicate checks, both index-backed: an exact duplicate has the same
// normalised-text hash (btree lookup); near-duplicate candidates share a
// MinHash band (btree lookups on article_bands), and only the few
// best candidates' texts are read to measure their similarity.
import 'server-only';
import { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db';
import { comparableText, type Fingerprint, shingles, similarity } from './fingerprint';

/**
 * Shingle (Jaccard) similarity from which an article counts as a
 * near-duplicate: on the labelled tuning pairs duplicates scored 0.42 and
 * up, other articles on the same story 0.09 at most (docs/QUALITY.md).
 */
export const NEAR_DUPLICATE_THRESHOLD = 0.3;
// Candidates whose text is read, best first (see nearCandidatesQuery).
const CANDIDATES = 10;
/**
 * Claims read per band; each is a heap fetch. On a desk of 100,000 look-alike
 * articles (stock phrases in every pair, so many bands are shared by
 * thousands) a limit of 500 read 13,000 rows per check; 20 reads at most
 * 1,280 (docs/BENCHMARKS.md, "import").
 */
const BUCKET_LIMIT = 20;

export type ClaimRef = { claimId: string; title: string };
export type DuplicateMatch = ClaimRef & { similarity: number };

/** The lookups as SQL, exported so a test can EXPLAIN exactly what runs. */
export function exactDuplicateQuery(fingerprint: Fingerprint): Prisma.Sql {
  return Prisma.sql`
    SELECT c.id, c.title FROM article_fingerprints f JOIN claims c ON c.id = f.claim_id
    WHERE f.text_hash = ${fingerprint.textHash}
    ORDER BY c.created_at, c.id LIMIT 1`;
}

/**
 * One probe per band on article_bands' primary key (band, claim_id): an
 * index-only scan that stops after BUCKET_LIMIT claims, so a band shared by
 * very many claims (a stock phrase) costs no more than a rare one and the
 * check does not grow with the desk. (A GIN probe on the bands array built the
 * bitmap of the band's whole posting list before the limit applied:
 * docs/BENCHMARKS.md, "import".) Of a crowded band the claims read are the
 * lowest ids, in effect a random sample.
 *
 * Candidates are ranked by the bands they share, each weighted by 1 / the
 * claims read for it: a band that only this claim shares says far more than
 * one that a crowd shares. Counting bands alone let look-alike articles that
 * share many crowded bands push the real near-duplicate out of the top ten.
 */
export function nearCandidatesQuery(fingerprint: Fingerprint): Prisma.Sql {
  return Prisma.sql`
    SELECT c.id, c.title, c.body FROM (
      SELECT m.claim_id, sum(1.0 / m.bucket) AS score
      FROM unnest(${fingerprint.bands}::int[]) AS q(band)
      CROSS JOIN LATERAL (
        SELECT b.claim_id, count(*) OVER () AS bucket FROM (
          SELECT ab.claim_id FROM article_bands ab WHERE ab.band = q.band ORDER BY ab.claim_id LIMIT ${BUCKET_LIMIT}
        ) AS b
      ) AS m
      GROUP BY m.claim_id
      ORDER BY score DESC, m.claim_id
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
    .map((c) => ({ claimId: c.id, title: c.title, similarity: round(similarity(fingerprint.shingles, shingles(comparableText(c.body)))) }))
    .filter((m) => m.similarity >= NEAR_DUPLICATE_THRESHOLD)
    .sort((a, b) => b.similarity - a.similarity);
}

const round = (x: number) => Math.round(x * 1000) / 1000;
