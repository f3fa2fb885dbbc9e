// The claims list's order (newest change first, id breaking ties) as keyset
// conditions: the list's next page and a claim's neighbours use the same one.
import 'server-only';
import type { Prisma } from '../generated/prisma/client';

export type ClaimKey = { id: string; updatedAt: Date };

/** The list order: updatedAt descending, then id descending. */
export const CLAIM_ORDER = [{ updatedAt: 'desc' }, { id: 'desc' }] satisfies Prisma.ClaimOrderByWithRelationInput[];
/** The reverse, for walking back towards the top of the list. */
export const CLAIM_ORDER_REVERSED = [{ updatedAt: 'asc' }, { id: 'asc' }] satisfies Prisma.ClaimOrderByWithRelationInput[];

/**
 * Claims after `key` in the list order (`'after'`) or before it (`'before'`).
 * The OR alone is not an index range, so PostgreSQL would walk every row on
 * the near side to reach the key; the redundant bound on updatedAt lets the
 * scan start at the key (measured: 0.7 s → 5 ms in the middle of 100,000 claims).
 */
export function beyondKey(key: ClaimKey, side: 'after' | 'before'): Prisma.ClaimWhereInput {
  const op = side === 'after' ? 'lt' : 'gt';
  const bound = side === 'after' ? 'lte' : 'gte';
  return {
    updatedAt: { [bound]: key.updatedAt },
    OR: [{ updatedAt: { [op]: key.updatedAt } }, { updatedAt: key.updatedAt, id: { [op]: key.id } }],
  };
}
