// The claims list: filters, accent- and case-insensitive search, keyset pages.
import 'server-only';
import type { Prisma } from '../generated/prisma/client';
import { normalizeForSearch } from '../articles/normalize-search';
import type { Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { CURSOR_MESSAGE, decodeClaimCursor, encodeClaimCursor } from '../validation/claim-cursor';
import type { ClaimSummary, ListClaimsQuery } from '../validation/claims';
import { CLAIM_SUMMARY_SELECT, toClaimSummary } from './claim-dto';
import { beyondKey, CLAIM_ORDER } from './keyset';

export type ClaimPage = { claims: ClaimSummary[]; nextCursor: string | null };

/** The list's filters as a Prisma condition (without the page cursor). */
export function claimFilters(actor: Actor, query: ListClaimsQuery): Prisma.ClaimWhereInput {
  const where: Prisma.ClaimWhereInput = {};
  if (query.status) where.status = query.status;
  if (query.lang) where.language = query.lang;
  if (query.assigned === 'me') where.assigneeId = actor.id;
  if (query.assigned === 'none') where.assigneeId = null;
  if (query.due) {
    where.status = 'outdated';
    where.reReviewAt = { lte: new Date() };
  }
  const q = query.q ? normalizeForSearch(query.q) : '';
  if (q) where.AND = q.split(' ').map((word) => ({ searchText: { contains: word } }));
  return where;
}

export async function listClaims(options: { actor: Actor; query: ListClaimsQuery }): Promise<ClaimPage> {
  const { actor, query } = options;
  let where = claimFilters(actor, query);
  if (query.cursor) {
    // listClaimsQuerySchema has checked it; a caller that skipped the schema still gets a 400.
    const c = decodeClaimCursor(query.cursor);
    if (!c) throw new AppError('invalid_input', `cursor: ${CURSOR_MESSAGE}`);
    // claimFilters may set its own AND (search words): the page bound sits beside it.
    where = { AND: [where, beyondKey(c, 'after')] };
  }
  const rows = await db.claim.findMany({
    select: CLAIM_SUMMARY_SELECT,
    where,
    orderBy: CLAIM_ORDER,
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    claims: page.map(toClaimSummary),
    nextCursor: rows.length > query.limit && last ? encodeClaimCursor(last) : null,
  };
}

// Prisma's `distinct` fetches every row and de-duplicates in memory (100,000
// rows for the list page's language menu). This walks the language index
// instead: one index probe per distinct language.
export async function listLanguages(): Promise<string[]> {
  const rows = await db.$queryRaw<{ language: string }[]>`
    WITH RECURSIVE languages AS (
      SELECT min(language) AS language FROM claims
      UNION ALL
      SELECT (SELECT min(c.language) FROM claims c WHERE c.language > l.language) FROM languages l WHERE l.language IS NOT NULL
    )
    SELECT language FROM languages WHERE language IS NOT NULL`;
  return rows.map((r) => r.language);
}
