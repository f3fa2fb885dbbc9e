// Where each of a page's claims came from (lib/utils/claim-origin.ts says it in words).
import 'server-only';
import type { Actor } from '../auth/permissions';
import { db } from '../db';
import type { ClaimOrigin } from '../utils/claim-origin';

/** Every signed-in role reads claims; `ids` were parsed by the page that lists them. */
export async function listClaimOrigins(options: { actor: Actor; ids: readonly string[] }): Promise<Record<string, ClaimOrigin>> {
  if (options.ids.length === 0) return {};
  const rows = await db.claim.findMany({
    where: { id: { in: [...options.ids] } },
    select: { id: true, outlet: true, articleUrl: true, source: { select: { kind: true, name: true } } },
  });
  return Object.fromEntries(
    rows.map((row) => [row.id, { kind: row.source?.kind ?? null, name: row.source?.name ?? null, outlet: row.outlet, articleUrl: row.articleUrl }]),
  );
}
