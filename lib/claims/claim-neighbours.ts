// The claims before and after this one in a filtered list, for j/k navigation.
import type { Prisma } from '../generated/prisma/client';
import type { Actor } from '../auth/permissions';
import { db } from '../db';
import type { ListClaimsQuery } from '../validation/claims';
import { claimFilters } from './list-claims';

export async function claimNeighbours(options: { actor: Actor; claimId: string; query: ListClaimsQuery }) {
  const current = await db.claim.findUnique({ where: { id: options.claimId }, select: { id: true, updatedAt: true } });
  if (!current) return { previous: null, next: null };
  const base = claimFilters(options.actor, options.query);
  const after: Prisma.ClaimWhereInput = { OR: [{ updatedAt: { lt: current.updatedAt } }, { updatedAt: current.updatedAt, id: { lt: current.id } }] };
  const before: Prisma.ClaimWhereInput = { OR: [{ updatedAt: { gt: current.updatedAt } }, { updatedAt: current.updatedAt, id: { gt: current.id } }] };
  const [next, previous] = await Promise.all([
    db.claim.findFirst({ where: { AND: [base, after] }, orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }], select: { id: true } }),
    db.claim.findFirst({ where: { AND: [base, before] }, orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }], select: { id: true } }),
  ]);
  return { previous: previous?.id ?? null, next: next?.id ?? null };
}
