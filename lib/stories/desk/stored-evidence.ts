// story_evidence.evidence as stored: an ArticleEvidence (lib/stories/types.ts)
// of STORIES_VERSION. Parsed on the way out; `storedNameKeys` reads only what
// the key counts need, so evidence of an older version can still be taken
// out of story_key_stats when it is replaced.
import 'server-only';
import { z } from '../../validation/zod';
import { skeletonKey } from '../corpus-stats';
import type { ArticleEvidence } from '../types';

const entityType = z.enum(['person', 'place', 'organisation', 'name']);
const evidenceSchema = z.object({
  id: z.string(),
  language: z.string(),
  published: z.iso.date().optional(),
  items: z.array(
    z.object({
      kind: z.enum(['name', 'number', 'date', 'weekday', 'term', 'event']),
      key: z.string(),
      surface: z.string(),
      count: z.number(),
      spans: z.array(z.number()),
      entityType: entityType.optional(),
      candidate: z.boolean().optional(),
    }),
  ),
  spans: z.array(z.object({ surface: z.string(), entityType, keys: z.array(z.string()), count: z.number(), placeKind: z.string().optional() })),
});

/** The evidence, or null when the row does not hold this version's shape. */
export function parseStoredEvidence(value: unknown): ArticleEvidence | null {
  const parsed = evidenceSchema.safeParse(value);
  if (!parsed.success) return null;
  const { items, spans, published, ...rest } = parsed.data;
  return {
    ...rest,
    ...(published !== undefined ? { published } : {}),
    items: items.map(({ entityType: type, candidate, ...item }) => ({ ...item, ...(type ? { entityType: type } : {}), ...(candidate ? { candidate } : {}) })),
    spans: spans.map(({ placeKind, ...span }) => ({ ...span, ...(placeKind !== undefined ? { placeKind } : {}) })),
  };
}

const looseItems = z.object({ items: z.array(z.object({ kind: z.string(), key: z.string(), candidate: z.boolean().optional() }).loose()) }).loose();

/**
 * The keys an article holds as a name proper (story_key_stats.name_df): its
 * names found by capitals and their consonant skeletons, as EvidenceIndex counts them.
 */
export function nameKeys(evidence: { items: ReadonlyArray<{ kind: string; key: string; candidate?: boolean }> }): string[] {
  const keys = new Set<string>();
  for (const item of evidence.items) {
    if (item.kind !== 'name' || item.candidate) continue;
    keys.add(item.key);
    keys.add(skeletonKey(item.key));
  }
  return [...keys];
}

/** nameKeys of stored evidence of any version; none when it cannot be read. */
export function storedNameKeys(value: unknown): string[] {
  const parsed = looseItems.safeParse(value);
  return parsed.success ? nameKeys(parsed.data) : [];
}
