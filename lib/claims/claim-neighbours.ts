// The claims before and after this one in a filtered list, for j/k navigation.
import 'server-only';
import type { Actor } from '../auth/permissions';
import { db } from '../db';
import type { ListClaimsQuery } from '../validation/claims';
import { beyondKey, CLAIM_ORDER, CLAIM_ORDER_REVERSED } from './keyset';
import { claimFilters } from './list-claims';

export async function claimNeighbours(options: { actor: Actor; claimId: string; query: ListClaimsQuery }) {
  const current = await db.claim.findUnique({ where: { id: options.claimId }, select: { id: true, updatedAt: true } });
  if (!current) return { previous: null, next: null };
  const base = claimFilters(options.actor, options.query);
  const [next, previous] = await Promise.all([
    db.claim.findFirst({ where: { AND: [base, beyondKey(current, 'after')] }, orderBy: CLAIM_ORDER, select: { id: true } }),
    db.claim.findFirst({ where: { AND: [base, beyondKey(current, 'before')] }, orderBy: CLAIM_ORDER_REVERSED, select: { id: true } }),
  ]);
  return { previous: previous?.id ?? null, next: next?.id ?? null };
}
