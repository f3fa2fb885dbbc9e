// Candidate retrieval on the desk: one query over the inverted index
// (story_evidence_keys) weighted by the key counts (story_key_stats), the SQL
// twin of EvidenceIndex#candidates. Keys held by more than DEFAULT_MAX_POSTINGS
// articles are not read, so the cost does not grow with the desk.
import 'server-only';
import { Prisma } from '../../generated/prisma/client';
import type { Tx } from '../../db';
import type { StoryConfig } from '../config';
import { DEFAULT_CANDIDATES, DEFAULT_MAX_POSTINGS } from '../evidence-index';
import { DOCUMENTS_KEY } from './save-evidence';

export type DeskCandidate = { id: string; overlap: number };

/**
 * Each key weighs its prefix weight (EvidenceIndex#keyWeight: words, skeletons
 * and Arabic words nobody has as a name say little) times its IDF over the
 * desk (corpus-stats.ts#idf). Exported so a test or benchmark can EXPLAIN it.
 */
export function candidatesQuery(claimId: string, keys: readonly string[], config: StoryConfig, limit = DEFAULT_CANDIDATES): Prisma.Sql {
  const { weights, priorDocuments } = config;
  return Prisma.sql`
    WITH n AS (SELECT coalesce((SELECT df FROM story_key_stats WHERE key = ${DOCUMENTS_KEY}), 0)::float8 AS docs),
    q AS (
      SELECT s.key,
        (CASE left(s.key, 2)
          WHEN 't:' THEN ${weights.kind.term}::float8
          WHEN 's:' THEN ${weights.arabicWord}::float8
          WHEN 'n:' THEN CASE WHEN s.name_df > 0 THEN 1::float8 ELSE ${weights.arabicWord}::float8 END
          WHEN 'w:' THEN ${weights.kind.weekday}::float8
          WHEN 'y:' THEN ${weights.year}::float8
          ELSE 1::float8 END)
        * greatest(0, ln((greatest(n.docs, s.df) + ${priorDocuments}::float8 - s.df + 0.5) / (s.df + 0.5))) AS w
      FROM story_key_stats s CROSS JOIN n
      WHERE s.key = ANY(${[...keys]}::text[]) AND s.df <= ${DEFAULT_MAX_POSTINGS}::int
    )
    SELECT k.claim_id::text AS id, sum(q.w)::float8 AS overlap
    FROM q JOIN story_evidence_keys k ON k.key = q.key
    WHERE q.w > 0 AND k.claim_id <> ${claimId}::uuid
    GROUP BY k.claim_id
    ORDER BY overlap DESC, k.claim_id
    LIMIT ${limit}::int`;
}

/** The articles sharing the most rarity-weighted keys with this one, best first. */
export async function findCandidates(tx: Tx, claimId: string, keys: readonly string[], config: StoryConfig): Promise<DeskCandidate[]> {
  if (keys.length === 0) return [];
  return tx.$queryRaw<DeskCandidate[]>(candidatesQuery(claimId, keys, config));
}
