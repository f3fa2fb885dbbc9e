// Writes scored pairs to story_links (a < b, `shared` surfaces as written in
// a and in b), with STORIES_VERSION: the "why" a story page shows is the one
// computed when the pair was scored, never silently recomputed.
import 'server-only';
import type { Tx } from '../../db';
import { STORIES_VERSION } from '../config';
import type { PairScore } from '../types';

/** Pairs that share nothing rare (score 0) are not stored: a pair never stored counts 0. */
export async function storeLinks(tx: Tx, pairs: readonly PairScore[]): Promise<void> {
  const rows = pairs.filter((p) => p.score > 0).map((p) => (p.a < p.b ? p : { ...p, a: p.b, b: p.a, shared: p.shared.map(swap) }));
  if (rows.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO story_links (a, b, score, shared, version)
    SELECT r.a, r.b, r.score, r.shared, ${STORIES_VERSION}::smallint
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(a uuid, b uuid, score float8, shared jsonb)
    ON CONFLICT (a, b) DO UPDATE SET score = EXCLUDED.score, shared = EXCLUDED.shared, version = EXCLUDED.version, created_at = now()`;
}

function swap(shared: PairScore['shared'][number]): PairScore['shared'][number] {
  return { ...shared, surfaces: [shared.surfaces[1], shared.surfaces[0]] };
}
