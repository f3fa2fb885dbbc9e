// What a replayed story change carries (lib/history/replay-changes.ts): the
// stories and claims its audit event names, as they are now, the way the live
// change carried them when it happened. A story that no longer exists comes
// back with size 0, which lists read as "gone".
import 'server-only';
import { db } from '../../db';
import { CLAIM_SUMMARY_SELECT, toClaimSummary } from '../../dto/claim-summary';
import type { AuditEventRecord } from '../../validation/audit-events';
import type { ClaimSummary } from '../../validation/claims';
import type { StorySummary } from '../../validation/stories';
import { loadStorySummaries } from './story-dto';

type Named = { stories: string[]; claims: string[] };

/** The stories and claims a story event names; null for other actions. */
function named(e: AuditEventRecord): Named | null {
  switch (e.action) {
    case 'story.grouped':
      return {
        stories: [e.after.storyId, ...e.after.moves.flatMap((m) => (m.from ? [m.from, m.to] : [m.to]))],
        claims: [e.claimId, ...e.after.moves.map((m) => m.claimId)],
      };
    case 'story.suggestion_confirmed':
      return { stories: [e.before.storyId, e.before.otherStoryId], claims: e.after.claimIds };
    case 'story.suggestion_rejected':
      return { stories: [e.before.storyId, e.before.otherStoryId], claims: [] };
    case 'story.article_moved':
      return { stories: [e.before.storyId, e.after.storyId], claims: [e.claimId] };
    case 'story.split':
      return { stories: [e.before.storyId, e.after.newStoryId], claims: e.after.claimIds };
    case 'story.merged':
      return { stories: [e.before.storyId, e.before.otherStoryId], claims: e.after.claimIds };
    case 'story.renamed':
      return { stories: [e.before.storyId], claims: [] };
    default:
      return null;
  }
}

const gone = (id: string, at: string): StorySummary => ({
  id,
  title: '',
  derivedTitle: '',
  customTitle: null,
  version: 0,
  size: 0,
  decided: 0,
  languages: [],
  pendingSuggestions: 0,
  updatedAt: at,
  mergedIntoId: null,
});

export async function storyChangeExtras(events: readonly AuditEventRecord[]): Promise<Map<number, { stories: StorySummary[]; claims: ClaimSummary[] }>> {
  const byEvent = new Map<number, Named>();
  for (const e of events) {
    const n = named(e);
    if (n) byEvent.set(e.seq, { stories: [...new Set(n.stories)], claims: [...new Set(n.claims)] });
  }
  const extras = new Map<number, { stories: StorySummary[]; claims: ClaimSummary[] }>();
  if (byEvent.size === 0) return extras;
  const all = [...byEvent.values()];
  const stories = new Map(
    (
      await loadStorySummaries(
        db,
        all.flatMap((n) => n.stories),
      )
    ).map((s) => [s.id, s]),
  );
  const claimRows = await db.claim.findMany({ where: { id: { in: [...new Set(all.flatMap((n) => n.claims))] } }, select: CLAIM_SUMMARY_SELECT });
  const claims = new Map(claimRows.map((c) => [c.id, toClaimSummary(c)]));
  for (const e of events) {
    const n = byEvent.get(e.seq);
    if (!n) continue;
    extras.set(e.seq, {
      stories: n.stories.map((id) => stories.get(id) ?? gone(id, e.at)),
      claims: n.claims.flatMap((id) => claims.get(id) ?? []),
    });
  }
  return extras;
}
