// story_links.shared as stored: scorePair's SharedEvidence[] (surfaces as
// written in a and in b), parsed on the way out so a row written by another
// version of the rules reads as "nothing shared" instead of breaking a page.
import 'server-only';
import { z } from '../../validation/zod';
import type { PairScore, SharedEvidence } from '../types';

const sharedEvidenceSchema = z.object({
  kind: z.enum(['name', 'number', 'date', 'weekday', 'term', 'event']),
  entityType: z.enum(['person', 'place', 'organisation', 'name']).optional(),
  keys: z.array(z.string()),
  surfaces: z.tuple([z.string(), z.string()]),
  weight: z.number(),
  match: z.enum(['exact', 'fuzzy', 'skeleton']),
});
const storedSharedSchema = z.array(sharedEvidenceSchema);

export function parseStoredShared(value: unknown): SharedEvidence[] {
  const parsed = storedSharedSchema.safeParse(value);
  return parsed.success ? parsed.data.map(({ entityType, ...rest }) => (entityType ? { ...rest, entityType } : rest)) : [];
}

/** A link row as read by raw SQL. */
export type StoredLinkRow = { a: string; b: string; score: number; shared: unknown };

export function toPairScore(row: StoredLinkRow): PairScore {
  return { a: row.a, b: row.b, score: row.score, shared: parseStoredShared(row.shared) };
}
