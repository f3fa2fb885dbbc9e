// The near-duplicate candidate query as it was before the band table (commit
// 3dfdd09, lib/articles/find-duplicates.ts): one GIN probe per band on
// article_fingerprints.bands, up to 20 claims read per band, ranked by
// rarity-weighted bands. Kept verbatim so each run measures before and after
// on the same desks. The migration dropped its index; the benchmark builds it
// on each desk (BEFORE_INDEX) after the timed imports, for this query alone.
import type { Fingerprint } from '../../lib/articles/fingerprint';
import { Prisma } from '../../lib/generated/prisma/client';

export const BEFORE_PER_BAND = 20;

/** The GIN index the query probed, as its migration made it. */
export const BEFORE_INDEX = [
  'CREATE INDEX IF NOT EXISTS article_fingerprints_bands_idx ON article_fingerprints USING GIN (bands array_ops) WITH (fastupdate = off)',
  'ANALYZE article_fingerprints',
];

export function nearCandidatesQueryBefore(fingerprint: Fingerprint): Prisma.Sql {
  return Prisma.sql`
    SELECT c.id, c.title, c.body FROM (
      SELECT m.claim_id, sum(1.0 / m.bucket) AS score
      FROM unnest(${fingerprint.bands}::int[]) AS q(band)
      CROSS JOIN LATERAL (
        SELECT b.claim_id, count(*) OVER () AS bucket FROM (
          SELECT f.claim_id FROM article_fingerprints f WHERE f.bands @> ARRAY[q.band] LIMIT ${BEFORE_PER_BAND}
        ) AS b
      ) AS m
      GROUP BY m.claim_id
      ORDER BY score DESC, m.claim_id
      LIMIT 10
    ) AS best JOIN claims c ON c.id = best.claim_id`;
}
