// What each editor decision (one file each in this folder) gets from
// decideStory and hands back to it: decideStory does the rest (lock, version
// check, pins, suggestions, refresh, audit, answer, publish).
import 'server-only';
import type { Actor } from '../../../auth/permissions';
import type { Tx } from '../../../db';
import type { Story } from '../../../generated/prisma/client';
import type { AuditEventInput } from '../../../validation/audit-events';
import type { StorySummary } from '../../../validation/stories';

export type DecisionContext = {
  tx: Tx;
  actor: Actor;
  /** Story {id} as it was before the decision (locked, version checked, not merged). */
  story: Story;
  requestId: string | null;
};

export type Applied = {
  /** Existing stories whose members or title changed (pinned, refreshed, version bumped). */
  touched: string[];
  /** Stories the decision created (pinned, refreshed, left at version 1). */
  created: string[];
  /** Claims whose story changed. */
  moved: string[];
  /** The audit event, from the stories as they are after the decision (`after(id)`). */
  event: (after: (storyId: string) => StorySummary) => AuditEventInput;
  /** The story to answer with, when not story {id} (a move that emptied it). */
  answer?: (after: (storyId: string) => StorySummary) => string;
};

/** The envelope every decision's audit event shares. */
export function eventEnvelope(ctx: DecisionContext, note: string | undefined) {
  return { actorId: ctx.actor.id, actorLabel: ctx.actor.email, reason: note ?? null, requestId: ctx.requestId };
}
