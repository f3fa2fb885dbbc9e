// Grouping of a copy (copies.ts: a near-duplicate imported anyway that is
// the same report). It joins its original's story as it is, with the similarity the duplicate check measured as its score, and is neither
// scored nor regrouped on its own (save-evidence.ts neither indexes nor counts
// it). When the original moves, its copies move with it (regroup-on-desk.ts
// applyChanges). An editor can still move a copy; it then stays put.
import 'server-only';
import type { Tx } from '../../db';
import { applyChanges, type DeskRegrouping } from './regroup-on-desk';

/** Null when the original has no story yet (grouped later, at start-up): the caller groups the copy as any article. */
export async function followOriginal(tx: Tx, claimId: string, originalId: string): Promise<DeskRegrouping | null> {
  const [self, original] = await Promise.all([
    tx.claim.findUniqueOrThrow({ where: { id: claimId }, select: { storyId: true, storyPinned: true, nearDuplicateSimilarity: true } }),
    tx.claim.findUniqueOrThrow({ where: { id: originalId }, select: { storyId: true } }),
  ]);
  if (original.storyId === null) return null;
  const score = self.nearDuplicateSimilarity;
  if (self.storyPinned && self.storyId) return { storyId: self.storyId, created: false, score, changes: [], stories: [self.storyId] };
  const to = original.storyId;
  const changes = self.storyId === to ? [] : [{ claimId, from: self.storyId, to }];
  changes.push(...(await applyChanges(tx, changes)));
  const stories = [...new Set([to, ...changes.flatMap((c) => (c.from ? [c.from, c.to] : [c.to]))])];
  return { storyId: to, created: false, score, changes, stories };
}
