// The claims list's filters (claimFilters in lib/claims/list-claims.ts) as
// SQL, for the queries Prisma cannot write: the grouped list's "newest
// matching article of its story" anti-join (list-story-groups.ts). Here, not
// in lib/claims, because lib/claims calls story grouping and the folders must
// not import each other. Keep the two in step:
// tests/integration/story-groups.test.ts checks they select the same claims
// for every filter.
import 'server-only';
import { normalizeForSearch } from '../../articles/normalize-search';
import type { Actor } from '../../auth/permissions';
import { Prisma } from '../../generated/prisma/client';
import type { ListClaimsQuery } from '../../validation/claims';

/** The filters on the `claims` row named `alias`, joined with AND (TRUE when there are none). */
export function claimFiltersSql(actor: Actor, query: ListClaimsQuery, alias: string): Prisma.Sql {
  const c = (column: string) => Prisma.raw(`${alias}.${column}`);
  const parts: Prisma.Sql[] = [];
  // `due` overrides the status filter, as in claimFilters.
  if (query.due) parts.push(Prisma.sql`${c('status')} = 'outdated' AND ${c('re_review_at')} <= ${new Date()}`);
  else if (query.status) parts.push(Prisma.sql`${c('status')} = ${query.status}::"ClaimStatus"`);
  if (query.lang) parts.push(Prisma.sql`${c('language')} = ${query.lang}`);
  if (query.assigned === 'me') parts.push(Prisma.sql`${c('assignee_id')} = ${actor.id}::uuid`);
  if (query.assigned === 'none') parts.push(Prisma.sql`${c('assignee_id')} IS NULL`);
  const q = query.q ? normalizeForSearch(query.q) : '';
  // Prisma's `contains` is LIKE '%word%' with the word as given (its % and _ stay wildcards): the same here.
  if (q) for (const word of q.split(' ')) parts.push(Prisma.sql`${c('search_text')} LIKE ${`%${word}%`}`);
  return parts.length === 0 ? Prisma.sql`TRUE` : Prisma.join(parts, ' AND ');
}
