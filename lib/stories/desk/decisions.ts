// Editor decisions on stories (POST /api/stories/{id}/{decision}): confirm or
// reject a suggestion, move an article, split, merge, rename. Each is one
// transaction: the story lock, the version check on story {id} (409 with the
// story as it is), the change (decisions/*.ts), pins on every article of the
// stories touched, suggestions withdrawn where pairs are now kept apart, the
// stories' columns refreshed, one audit event; published after commit.
import 'server-only';
import { appendAuditEvent } from '../../audit/append-audit-event';
import { canDecideStories, type Actor } from '../../auth/permissions';
import { CLAIM_SUMMARY_SELECT, toClaimSummary } from '../../dto/claim-summary';
import { db, type Tx } from '../../db';
import { AppError, parseOrThrow } from '../../errors';
import type { Story } from '../../generated/prisma/client';
import { publishChange } from '../../realtime/publish';
import type { AuditEventRecord } from '../../validation/audit-events';
import type { ClaimSummary } from '../../validation/claims';
import { type StoryDecision, type StoryDecisionInput, storyDecisionSchemas, type StoryDetail, type StorySummary } from '../../validation/stories';
import { confirmSuggestion } from './decisions/confirm';
import { pinStories, withdrawBlockedSuggestions } from './decisions/membership';
import { mergeStories } from './decisions/merge';
import { moveArticle } from './decisions/move';
import { rejectSuggestion } from './decisions/reject';
import { renameStory } from './decisions/rename';
import { splitStory } from './decisions/split';
import type { Applied, DecisionContext } from './decisions/types';
import { survivorOf } from './get-story';
import { lockStories } from './lock';
import { refreshStories } from './refresh-stories';
import { loadStoryDetail } from './story-detail';
import { loadStorySummaries } from './story-dto';

/** A decision and its body, parsed with storyDecisionSchemas[decision] (parseStoryDecision). */
export type StoryDecisionRequest = { [D in StoryDecision]: { decision: D; input: StoryDecisionInput<D> } }[StoryDecision];

export type DecideStoryOptions = StoryDecisionRequest & { actor: Actor; storyId: string; requestId?: string | null };

export type StoryDecisionResult = {
  /** Story {id} after the decision; the article's new story when a move emptied story {id}. */
  story: StoryDetail;
  event: AuditEventRecord;
  /** Every story the decision changed, as it is now (size 0 or mergedIntoId: gone from lists). */
  stories: StorySummary[];
  /** The articles whose story changed. */
  claims: ClaimSummary[];
};

/** The body of POST /api/stories/{id}/{decision}, parsed with that decision's schema (400 naming the field). */
export function parseStoryDecision(decision: StoryDecision, body: unknown): StoryDecisionRequest {
  switch (decision) {
    case 'confirm':
      return { decision, input: parseOrThrow(storyDecisionSchemas.confirm, body) };
    case 'reject':
      return { decision, input: parseOrThrow(storyDecisionSchemas.reject, body) };
    case 'move':
      return { decision, input: parseOrThrow(storyDecisionSchemas.move, body) };
    case 'split':
      return { decision, input: parseOrThrow(storyDecisionSchemas.split, body) };
    case 'merge':
      return { decision, input: parseOrThrow(storyDecisionSchemas.merge, body) };
    case 'rename':
      return { decision, input: parseOrThrow(storyDecisionSchemas.rename, body) };
  }
}

function apply(ctx: DecisionContext, request: StoryDecisionRequest): Promise<Applied> {
  switch (request.decision) {
    case 'confirm':
      return confirmSuggestion(ctx, request.input);
    case 'reject':
      return rejectSuggestion(ctx, request.input);
    case 'move':
      return moveArticle(ctx, request.input);
    case 'split':
      return splitStory(ctx, request.input);
    case 'merge':
      return mergeStories(ctx, request.input);
    case 'rename':
      return renameStory(ctx, request.input);
  }
}

/** Story {id}, locked and at the version the editor saw; otherwise not_found, story_merged or conflict. */
async function storyAsSeen(tx: Tx, storyId: string, expectedVersion: number): Promise<Story> {
  const story = await tx.story.findUnique({ where: { id: storyId } });
  if (!story) throw new AppError('not_found', 'No story with this id.');
  if (story.mergedIntoId) {
    const mergedInto = (await survivorOf(tx, storyId)) ?? story.mergedIntoId;
    throw new AppError('story_merged', 'This story was merged into another one; nothing was saved.', undefined, { mergedInto });
  }
  if (story.version !== expectedVersion) {
    throw new AppError(
      'conflict',
      `This story changed since you opened it (you saw version ${expectedVersion}, it is now version ${story.version}). Nothing was saved.`,
      undefined,
      { current: await loadStoryDetail(tx, storyId) },
    );
  }
  return story;
}

export async function decideStory(options: DecideStoryOptions): Promise<StoryDecisionResult> {
  const { actor, storyId } = options;
  if (!canDecideStories(actor)) throw new AppError('forbidden', 'Only editors can change stories.');

  const result = await db.$transaction(async (tx) => {
    await lockStories(tx);
    const story = await storyAsSeen(tx, storyId, options.input.expectedVersion);
    const applied = await apply({ tx, actor, story, requestId: options.requestId ?? null }, options);
    const changed = [...applied.touched, ...applied.created];
    await pinStories(tx, changed);
    const withdrawn = await withdrawBlockedSuggestions(tx, changed);
    const refreshed = [...(await refreshStories(tx, applied.touched)), ...(await refreshStories(tx, applied.created, { bump: false }))];
    const after = new Map(refreshed.map((s) => [s.id, s]));
    const afterOf = (id: string) => {
      const summary = after.get(id);
      if (!summary) throw new Error(`story ${id} was not refreshed`);
      return summary;
    };
    const event = await appendAuditEvent(tx, applied.event(afterOf));
    const answerId = applied.answer?.(afterOf) ?? story.id;
    const detail = await loadStoryDetail(tx, answerId);
    if (!detail) throw new Error(`story ${answerId} is gone after the decision`);
    // Stories whose suggestions were withdrawn changed too (their pending count).
    const others = await loadStorySummaries(
      tx,
      withdrawn.filter((id) => !after.has(id)),
    );
    const claims = await tx.claim.findMany({ where: { id: { in: applied.moved } }, select: CLAIM_SUMMARY_SELECT, orderBy: { id: 'asc' } });
    return { story: detail, event, stories: [...refreshed, ...others], claims: claims.map(toClaimSummary) };
  });

  publishChange(result.event, { stories: result.stories, claims: result.claims, actorName: actor.displayName });
  return result;
}
