// Socket event names and payloads, shared by server and browser.
import type { CommentDto } from '../claims/comment-dto';
import type { ClaimSummary } from '../validation/claims';

export const DESK_ROOM = 'desk';
export const claimRoom = (id: string) => `claim:${id}`;

export type PublicAuditEvent = {
  seq: number;
  at: string;
  actorId: string | null;
  actorLabel: string;
  action: string;
  claimId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
};

export type DeskChange = {
  event: PublicAuditEvent;
  /** The claim as it is after the change, when the change touched a claim. */
  claim?: ClaimSummary;
  actorName?: string;
  comment?: CommentDto;
};

export const SERVER_EVENTS = { change: 'desk:change' } as const;

export type ServerEvents = {
  'desk:change': (payload: DeskChange) => void;
};
