// The near-duplicate candidate query as it was before the import benchmark's
// fix (commit f0944e3, lib/articles/find-duplicates.ts): up to 500 claims read
// per band, ranked by the number of bands shared. Kept verbatim so each run
// measures before and after on the same desks.
import type { Fingerprint } from '../../lib/articles/fingerprint';
import { Prisma } from '../../lib/generated/prisma/client';

export const BEFORE_PER_BAND = 500;

export function nearCandidatesQueryBefore(fingerprint: Fingerprint): Prisma.Sql {
  return Prisma.sql`
    SELECT c.id, c.title, c.body FROM (
      SELECT m.claim_id, count(*) AS shared
      FROM unnest(${fingerprint.bands}::int[]) AS q(band)
      CROSS JOIN LATERAL (
        SELECT f.claim_id FROM article_fingerprints f WHERE f.bands @> ARRAY[q.band] LIMIT ${BEFORE_PER_BAND}
      ) AS m
      GROUP BY m.claim_id
      ORDER BY shared DESC, m.claim_id
      LIMIT 10
    ) AS best JOIN claims c ON c.id = best.claim_id`;
}
