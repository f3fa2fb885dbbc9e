// Writes an article's grouping evidence and keeps the corpus counts in step:
// story_evidence (the JSON, with STORIES_VERSION), one story_evidence_keys row
// per evidenceKeys() entry, and story_key_stats (df per key, name_df per name
// key, and the article count in the row with the empty key). When the article
// already had evidence (a seed re-imported with new text, or evidence of
// another version), its old keys are counted out first and its old links go.
// A copy (a confirmed near-duplicate at least COPY_SIMILARITY alike: a
// syndicated copy imported anyway) is neither indexed nor counted: it follows its original's
// story (follow-original.ts). Twenty copies of one wire report are one
// report: counted, they would make every key they share look common; indexed,
// they would fill every candidate list with each other.
import 'server-only';
import type { Tx } from '../../db';
import { STORIES_VERSION } from '../config';
import { evidenceKeys } from '../extract-evidence';
import type { ArticleEvidence } from '../types';
import { copyOf } from './copies';
import { nameKeys, storedNameKeys } from './stored-evidence';

/**
 * The story_key_stats row holding the number of articles with evidence (its
 * df): CorpusStats.documents, kept with the other counts because counting
 * story_evidence would read the whole table on every import. No evidence key
 * is empty (they all have a prefix such as "n:").
 */
export const DOCUMENTS_KEY = '';

export async function saveEvidence(tx: Tx, claimId: string, evidence: ArticleEvidence): Promise<{ replaced: boolean; copyOf: string | null }> {
  const delta = new Map<string, { df: number; nameDf: number }>();
  const add = (key: string, field: 'df' | 'nameDf', by: number) => {
    const entry = delta.get(key) ?? { df: 0, nameDf: 0 };
    entry[field] += by;
    delta.set(key, entry);
  };

  // The near-duplicate columns never change once set, so a re-import counts out exactly what was counted in.
  const claim = await tx.claim.findUniqueOrThrow({ where: { id: claimId }, select: { nearDuplicateOfId: true, nearDuplicateSimilarity: true } });
  const original = copyOf(claim);
  const counted = original === null;
  const old = await tx.storyEvidence.findUnique({ where: { claimId }, select: { evidence: true } });
  if (old) {
    const oldKeys = await tx.storyEvidenceKey.findMany({ where: { claimId }, select: { key: true } });
    if (counted) {
      for (const { key } of oldKeys) add(key, 'df', -1);
      for (const key of storedNameKeys(old.evidence)) add(key, 'nameDf', -1);
    }
    await tx.storyEvidenceKey.deleteMany({ where: { claimId } });
    await tx.$executeRaw`DELETE FROM story_links WHERE a = ${claimId}::uuid OR b = ${claimId}::uuid`;
  } else if (counted) {
    add(DOCUMENTS_KEY, 'df', 1);
  }
  const keys = evidenceKeys(evidence);
  if (counted) {
    for (const key of keys) add(key, 'df', 1);
    for (const key of nameKeys(evidence)) add(key, 'nameDf', 1);
  }

  await tx.storyEvidence.upsert({
    where: { claimId },
    create: { claimId, version: STORIES_VERSION, evidence },
    update: { version: STORIES_VERSION, evidence },
  });
  if (counted) {
    await tx.$executeRaw`
      INSERT INTO story_evidence_keys (key, claim_id) SELECT k, ${claimId}::uuid FROM unnest(${keys}::text[]) AS k`;
  }

  const changed = [...delta].filter(([, d]) => d.df !== 0 || d.nameDf !== 0);
  if (changed.length > 0) {
    const changedKeys = changed.map(([key]) => key);
    await tx.$executeRaw`
      INSERT INTO story_key_stats (key, df, name_df)
      SELECT * FROM unnest(${changedKeys}::text[], ${changed.map(([, d]) => d.df)}::int[], ${changed.map(([, d]) => d.nameDf)}::int[])
      ON CONFLICT (key) DO UPDATE SET df = story_key_stats.df + EXCLUDED.df, name_df = story_key_stats.name_df + EXCLUDED.name_df`;
    if (old) await tx.$executeRaw`DELETE FROM story_key_stats WHERE key = ANY(${changedKeys}::text[]) AND df <= 0 AND name_df <= 0`;
  }
  return { replaced: old !== null, copyOf: original };
}
