// Groups one article into a story inside the transaction that imports it
// (lib/claims/import-article.ts), with no action from anyone: its evidence and
// the key counts are stored, its candidates found by the index and scored,
// the links stored, the neighbourhood regrouped, the suggestions around it
// re-made, the stories' columns refreshed, and a `story.grouped` event
// appended. The caller holds lockStories and publishes after the commit.
import 'server-only';
import type { Tx } from '../../db';
import { log } from '../../log';
import { appendAuditEvent } from '../../audit/append-audit-event';
import type { Actor } from '../../auth/permissions';
import { CLAIM_SUMMARY_SELECT, toClaimSummary } from '../../dto/claim-summary';
import { type AuditEventRecord, SYSTEM_ACTOR } from '../../validation/audit-events';
import type { ClaimSummary } from '../../validation/claims';
import type { StorySummary } from '../../validation/stories';
import { evidenceKeys, extractEvidence } from '../extract-evidence';
import { scorePair } from '../score-pair';
import { STORIES_VERSION } from '../config';
import { loadCorpusStats } from './desk-corpus-stats';
import { findCandidates } from './find-candidates';
import { followOriginal } from './follow-original';
import { refreshStories } from './refresh-stories';
import { refreshSuggestions } from './refresh-suggestions';
import { regroupOnDesk } from './regroup-on-desk';
import { saveEvidence } from './save-evidence';
import { storeLinks } from './store-links';
import { storyConfig } from './story-config';
import { loadStorySummaries } from './story-dto';
import { parseStoredEvidence } from './stored-evidence';

export type GroupArticleOptions = {
  claimId: string;
  /** PreparedArticle.body: the text without its trailing boilerplate, which is never evidence. */
  body: string;
  language: string;
  /** When it was published, as stored; null when unknown (an import time is never a publication date). */
  publishedAt: Date | null;
  /** Who imported it; null for the system (seeder, backfill). */
  actor: Actor | null;
  requestId?: string | null;
};

export type GroupArticleResult = {
  event: AuditEventRecord;
  /** Every story the grouping touched, as it is now (size 0: deleted). The article's own first. */
  stories: StorySummary[];
  /** The claims whose story changed, the article first. */
  claims: ClaimSummary[];
};

export async function groupArticle(tx: Tx, options: GroupArticleOptions): Promise<GroupArticleResult> {
  const { claimId } = options;
  const started = performance.now();
  const config = storyConfig();
  const evidence = extractEvidence({ id: claimId, body: options.body, language: options.language, publishedAt: options.publishedAt });
  const { copyOf } = await saveEvidence(tx, claimId, evidence);
  const copy = copyOf === null ? null : await followOriginal(tx, claimId, copyOf);
  let candidates: Array<{ id: string }> = [];
  let regrouping = copy;
  if (regrouping === null) {
    candidates = await findCandidates(tx, claimId, evidenceKeys(evidence), config);
    const rows = await tx.storyEvidence.findMany({
      where: { claimId: { in: candidates.map((c) => c.id) }, version: STORIES_VERSION },
      select: { evidence: true },
    });
    const others = rows.flatMap((r) => parseStoredEvidence(r.evidence) ?? []);
    const stats = await loadCorpusStats(tx, [evidence, ...others]);
    const pairs = others.map((other) =>
      evidence.id < other.id ? scorePair(evidence, other, { stats, config }) : scorePair(other, evidence, { stats, config }),
    );
    await storeLinks(tx, pairs);
    const scores = pairs.map((p) => ({ id: p.a === claimId ? p.b : p.a, score: p.score }));
    regrouping = await regroupOnDesk(tx, { claimId, scores, config });
  }
  // A copy changes no one's links: the suggestions around it stand.
  const suggestions = copy ? { stories: [] } : await refreshSuggestions(tx, regrouping.stories);

  const touched = [regrouping.storyId, ...regrouping.changes.flatMap((c) => (c.from ? [c.from, c.to] : [c.to]))];
  const refreshed = await refreshStories(tx, touched);
  // Stories whose members stayed but whose pending suggestions were re-made: summaries without a version bump.
  const aroundOnly = suggestions.stories.filter((id) => !touched.includes(id));
  const stories = [...refreshed, ...(await loadStorySummaries(tx, aroundOnly))];
  const mine = stories.find((s) => s.id === regrouping.storyId);
  if (!mine) throw new Error(`story ${regrouping.storyId} vanished while grouping article ${claimId}`);

  const changedIds = [claimId, ...regrouping.changes.map((c) => c.claimId).filter((id) => id !== claimId)];
  const claimRows = await tx.claim.findMany({ where: { id: { in: changedIds } }, select: CLAIM_SUMMARY_SELECT });
  const claims = changedIds.flatMap((id) => claimRows.filter((c) => c.id === id).map(toClaimSummary));

  // Other articles the regrouping moved (the article's own story is storyId).
  const moves = regrouping.changes.flatMap((c) => (c.claimId !== claimId && c.from !== null ? [{ claimId: c.claimId, from: c.from, to: c.to }] : []));
  const envelope = options.actor ? { actorId: options.actor.id, actorLabel: options.actor.email } : SYSTEM_ACTOR;
  const event = await appendAuditEvent(tx, {
    ...envelope,
    requestId: options.requestId ?? null,
    action: 'story.grouped',
    claimId,
    after: {
      storyId: mine.id,
      version: mine.version,
      created: regrouping.created,
      title: mine.title,
      score: regrouping.score,
      moves,
      suggestions: mine.pendingSuggestions,
    },
  });
  log.debug(
    { claimId, storyId: mine.id, candidates: candidates.length, moves: moves.length, ms: Math.round(performance.now() - started) },
    'article grouped into a story',
  );
  return { event, stories, claims };
}
