// Socket event names and payloads, shared by server and browser. Client events
// are validated with the zod schemas below before any handler runs.
import { z } from '../validation/zod';
import type { PublicAuditEvent } from '../validation/audit-events';
import { type ClaimDetail, claimIdSchema, type ClaimSummary, type CommentDto } from '../validation/claims';
import { verdictFields, withReReviewRule } from '../validation/verdicts';
import type { FieldIssue } from '../errors';
import type { StorySummary } from '../validation/stories';
import type { FigureDto } from '../validation/figures';
import type { SessionEndReason } from './session-end-reasons';

export const DESK_ROOM = 'desk';
export const claimRoom = (id: string) => `claim:${id}`;

/** One committed change, as pushed live and as replayed after a reconnect. */
export type DeskChange = {
  event: PublicAuditEvent;
  /** The claim as it is after the change, when the change touched a claim. */
  claim?: ClaimSummary;
  actorName?: string;
  comment?: CommentDto;
  /**
   * Story events (and imports that grouped an article): every story the change
   * touched, as it is after it (size 0 or mergedIntoId: gone from lists), and
   * the claims whose story changed.
   */
  stories?: StorySummary[];
  claims?: ClaimSummary[];
  /**
   * Figure events and imports (issue 13): the figures the change created or
   * changed, as they are after it, and extracted figures it removed.
   */
  figures?: FigureDto[];
  removedFigureIds?: string[];
};

export type PresencePerson = { userId: string; name: string; writing: 'verdict' | 'comment' | null };
export type ClaimPresence = { claimId: string; people: PresencePerson[] };

export const syncSchema = z.object({ since: z.number().int().min(0) });
export const viewSchema = z.object({ claimId: claimIdSchema.nullable() });
export const writingSchema = z.object({ claimId: claimIdSchema, what: z.enum(['verdict', 'comment']).nullable() });
/** The claim plus the same verdict fields and rules as the HTTP body (verdictInputSchema). */
export const socketVerdictSchema = withReReviewRule(z.object({ claimId: claimIdSchema, ...verdictFields }));
/** Takes no arguments: an empty object (or nothing). */
export const snapshotSchema = z.object({});

/** `retryAfter` (seconds) comes with `rate_limited`. */
export type Ack<T> =
  { ok: true; data: T } | { ok: false; error: { code: string; message: string; issues?: FieldIssue[] }; current?: unknown; retryAfter?: number };

/**
 * One replay page. `reload` instead: the client is so far behind that replaying
 * would cost more than a fresh page load; it gets no changes and should reload.
 */
export type SyncResult = { changes: DeskChange[]; latest: number; more: boolean; reload?: true; message?: string };

/** A client further behind than this many changes is told to reload instead. */
export const MAX_REPLAY_CHANGES = 10_000;
export const RELOAD_MESSAGE = 'Too much changed while you were away. Reload the page to see the desk as it is now.';

export type ClientToServer = {
  sync: (payload: z.infer<typeof syncSchema>, ack: (r: Ack<SyncResult>) => void) => void;
  'presence:view': (payload: z.infer<typeof viewSchema>, ack?: (r: Ack<null>) => void) => void;
  'presence:writing': (payload: z.infer<typeof writingSchema>, ack?: (r: Ack<null>) => void) => void;
  'presence:snapshot': (payload: z.infer<typeof snapshotSchema>, ack: (r: Ack<ClaimPresence[]>) => void) => void;
  'verdict:set': (payload: z.infer<typeof socketVerdictSchema>, ack: (r: Ack<ClaimDetail>) => void) => void;
};

/** Sent just before the server closes a socket whose session ended, so the page can say why. */
export type SessionEndedNotice = { reason: SessionEndReason };

export type ServerToClient = {
  'desk:change': (payload: DeskChange) => void;
  'presence:claim': (payload: ClaimPresence) => void;
  'session:ended': (payload: SessionEndedNotice) => void;
};

export const SERVER_EVENTS = { change: 'desk:change', presence: 'presence:claim', sessionEnded: 'session:ended' } as const;

/** Every client event with the schema its payload must match: the server registers exactly these. */
export const CLIENT_EVENT_SCHEMAS = {
  sync: syncSchema,
  'presence:view': viewSchema,
  'presence:writing': writingSchema,
  'presence:snapshot': snapshotSchema,
  'verdict:set': socketVerdictSchema,
} as const satisfies Record<keyof ClientToServer, z.ZodType>;
export type ClientEvent = keyof typeof CLIENT_EVENT_SCHEMAS;
