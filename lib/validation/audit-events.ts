// The audit event contract: every state change in Factdesk is one member of
// this union, each with its own payload schema. Writers are typed by it and
// readers parse with it (lib/audit/to-record.ts), so a renamed key cannot
// compile on one side and silently read as blank on the other. Client-safe
// (zod only): browsers get these events live (PublicAuditEvent).
//
// A new action is one member here, one line in lib/utils/describe-event.ts and one
// migration re-creating the audit_events_action_check constraint
// (tests/integration/audit-contract.test.ts fails until all three agree).
// Changing a payload: old rows are immutable, so their shape must still parse.
import { z } from './zod';
import { CLAIM_STATUSES } from './claims';
import { EXPORT_FORMATS } from './export';
import { roleSchema } from './users';
import { recordIdSchema } from './ids';
import { keyRotationSchema } from './key-rotation';
import { storedEvidenceSchema } from './verdicts';
import { figureExtractionSchema, figureSnapshotSchema, figureVerdictStateSchema } from './figures';

export const AUDIT_ACTIONS = [
  'claim.imported',
  'claim.updated',
  'article.imported',
  'claim.verdict_set',
  'claim.comment_added',
  'claim.assignment_changed',
  'user.created',
  'user.disabled',
  'user.enabled',
  'user.role_changed',
  'user.invited',
  'user.invitation_revoked',
  'user.invitation_accepted',
  'user.password_reset_issued',
  'user.password_reset',
  'user.password_changed',
  'user.sessions_revoked',
  'auth.login_succeeded',
  'auth.login_failed',
  'export.produced',
  'story.grouped',
  'story.suggestion_confirmed',
  'story.suggestion_rejected',
  'story.article_moved',
  'story.split',
  'story.merged',
  'story.renamed',
  'figure.extracted',
  'figure.verdict_set',
  'figure.corrected',
  'figure.added',
  'figure.dismissed',
  'audit.key_rotated',
] as const;

// Fields every event has. A null actor is the system (seeder, scripts).
const envelope = {
  actorId: recordIdSchema.nullable(),
  actorLabel: z.string().min(1),
  requestId: z.string().max(200).nullable().default(null),
};
const onClaim = { claimId: recordIdSchema };
const noClaim = { claimId: z.null().default(null) };
const absent = z.null().default(null);

const claimText = z.object({ title: z.string(), language: z.string(), contentHash: z.string() });

/** How an article came in (lib/claims/import-article.ts): the original's size and SHA-256, not its bytes. */
const articleSource = z.object({
  kind: z.enum(['seed', 'paste', 'upload', 'url', 'api', 'cli']),
  name: z.string().nullable(),
  mediaType: z.string(),
  encoding: z.string(),
  byteLength: z.number().int(),
  sha256: z.string(),
});

const verdictState = z.object({
  status: z.enum(CLAIM_STATUSES),
  reason: z.string().nullable(),
  evidence: z.array(storedEvidenceSchema),
  reReviewAt: z.string().nullable(),
  version: z.number().int(),
  decidedById: recordIdSchema.nullable(),
});
export type VerdictState = z.infer<typeof verdictState>;

const assignment = z.object({ assigneeId: recordIdSchema.nullable(), assignee: z.string().nullable() });
const account = z.object({ userId: recordIdSchema, email: z.string() });
/** Who issued an accepted link (issue 29; null: the command line). Optional: older rows lack it. */
const linkIssuer = { issuedById: recordIdSchema.nullable().optional(), issuedBy: z.string().nullable().optional() };
/** An invitation or reset link, without its token (only its hash is ever stored). */
const invitation = z.object({ invitationId: recordIdSchema, email: z.string(), expiresAt: z.string() });

// Sign-in failures: refused during a lock without checking the password, or
// evaluated and failed (with the throttle counts at that moment).
// `via`: where the password was tried; absent is the sign-in form (and every row before issue 29).
const attemptVia = z.enum(['password_change']).optional();
const loginFailure = z.discriminatedUnion('reason', [
  z.object({ ip: z.string(), reason: z.literal('locked'), lockedMinutes: z.number().int(), via: attemptVia }),
  z.object({
    ip: z.string(),
    via: attemptVia,
    reason: z.enum(['unknown_account', 'disabled', 'wrong_password', 'demo_password_from_network']),
    accountFailures: z.number().int().optional(),
    locked: z.boolean(),
  }),
]);
export type LoginFailure = z.infer<typeof loginFailure>;
export type LoginFailureReason = LoginFailure['reason'];

/** The claim-list filters an export was made with (the export query without its format). */
const exportFilters = z.object({
  status: z.enum(CLAIM_STATUSES).optional(),
  lang: z.string().optional(),
  q: z.string().optional(),
  assigned: z.enum(['me', 'none']).optional(),
  due: z.literal('1').optional(),
  reviewer: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  // Since issue 12; older rows have no story filter.
  story: recordIdSchema.optional(),
  ids: z.array(z.string()).optional(),
});

// Stories (lib/stories/desk). Every story event names the stories it touched
// and the articles whose story changed, so a replay can rebuild the live change.
const storyVersion = { storyId: recordIdSchema, version: z.number().int() };
const storyMove = z.object({ claimId: recordIdSchema, from: recordIdSchema.nullable(), to: recordIdSchema });
/** An editor's optional note on a decision. */
const decisionNote = z.string().max(1000).nullable().default(null);

export const auditEventSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('claim.imported'),
    ...envelope,
    ...onClaim,
    before: absent,
    after: claimText.extend({ sourceKey: z.string() }),
    reason: absent,
  }),
  z.object({
    action: z.literal('claim.updated'),
    ...envelope,
    ...onClaim,
    before: claimText.extend({ version: z.number().int() }),
    after: claimText.extend({ version: z.number().int() }),
    reason: absent,
  }),
  z.object({
    action: z.literal('article.imported'),
    ...envelope,
    ...onClaim,
    before: absent,
    after: claimText.extend({
      sourceKey: z.string(),
      languageConfidence: z.number(),
      source: articleSource,
      nearDuplicateOf: z.object({ claimId: recordIdSchema, similarity: z.number() }).nullable(),
    }),
    reason: absent,
  }),
  z.object({
    action: z.literal('claim.verdict_set'),
    ...envelope,
    ...onClaim,
    before: verdictState,
    after: verdictState,
    reason: z.string(),
  }),
  z.object({
    action: z.literal('claim.comment_added'),
    ...envelope,
    ...onClaim,
    before: absent,
    after: z.object({ commentId: recordIdSchema, body: z.string() }),
    reason: absent,
  }),
  z.object({
    action: z.literal('claim.assignment_changed'),
    ...envelope,
    ...onClaim,
    before: assignment,
    after: assignment,
    reason: absent,
  }),
  z.object({
    action: z.literal('user.created'),
    ...envelope,
    ...noClaim,
    before: absent,
    // Rows written before the rename say "admin": read as editor (roleSchema).
    after: account.extend({ role: roleSchema }),
    reason: absent,
  }),
  z.object({
    action: z.literal('user.disabled'),
    ...envelope,
    ...noClaim,
    before: account.extend({ disabledAt: z.null() }),
    // Since issue 29: the pending links this person had issued, revoked with them.
    after: account.extend({ disabledAt: z.string(), linksRevoked: z.number().int().min(0).optional() }),
    reason: absent,
  }),
  z.object({
    action: z.literal('user.enabled'),
    ...envelope,
    ...noClaim,
    before: account.extend({ disabledAt: z.string() }),
    after: account.extend({ disabledAt: z.null() }),
    reason: absent,
  }),
  z.object({
    action: z.literal('user.role_changed'),
    ...envelope,
    ...noClaim,
    before: account.extend({ role: roleSchema }),
    // Since issue 29: an editor's pending links, revoked when they stop being one.
    after: account.extend({ role: roleSchema, linksRevoked: z.number().int().min(0).optional() }),
    reason: absent,
  }),
  z.object({
    // An editor handed out an invitation link (issue 15); `replaced`: earlier unused links for this email, now void.
    action: z.literal('user.invited'),
    ...envelope,
    ...noClaim,
    before: absent,
    after: invitation.extend({ displayName: z.string(), role: roleSchema, replaced: z.number().int().min(0) }),
    reason: absent,
  }),
  z.object({
    // An editor withdrew an invitation not yet accepted (a wrong address, a change of plan): its link stops working.
    action: z.literal('user.invitation_revoked'),
    ...envelope,
    ...noClaim,
    // `kind: 'reset'` (issue 29): a pending reset link withdrawn from the People page; absent: an invitation.
    before: invitation.extend({ displayName: z.string(), role: roleSchema, kind: z.enum(['invite', 'reset']).optional() }),
    after: absent,
    reason: absent,
  }),
  z.object({
    // The invited person opened the link and chose a password: the account exists from here (actor: them).
    action: z.literal('user.invitation_accepted'),
    ...envelope,
    ...noClaim,
    before: absent,
    after: account.extend({ role: roleSchema, invitationId: recordIdSchema, ...linkIssuer }),
    reason: absent,
  }),
  z.object({
    action: z.literal('user.password_reset_issued'),
    ...envelope,
    ...noClaim,
    before: absent,
    after: invitation.extend({ userId: recordIdSchema, replaced: z.number().int().min(0) }),
    reason: absent,
  }),
  z.object({
    // A reset link was used: new password, every session of the account ended.
    action: z.literal('user.password_reset'),
    ...envelope,
    ...noClaim,
    before: absent,
    after: account.extend({ invitationId: recordIdSchema, sessionsEnded: z.number().int().min(0), ...linkIssuer }),
    reason: absent,
  }),
  z.object({
    // Changed by its owner, with the current password; their other sessions end.
    action: z.literal('user.password_changed'),
    ...envelope,
    ...noClaim,
    before: absent,
    after: account.extend({ sessionsEnded: z.number().int().min(0) }),
    reason: absent,
  }),
  z.object({
    // Someone signed out sessions from their account page: one, the others, or all.
    action: z.literal('user.sessions_revoked'),
    ...envelope,
    ...noClaim,
    before: absent,
    after: account.extend({ scope: z.enum(['one', 'others', 'all']), sessionsEnded: z.number().int().min(0) }),
    reason: absent,
  }),
  z.object({
    action: z.literal('auth.login_succeeded'),
    ...envelope,
    ...noClaim,
    before: absent,
    after: z.object({ ip: z.string() }),
    reason: absent,
  }),
  z.object({
    action: z.literal('auth.login_failed'),
    ...envelope,
    ...noClaim,
    before: absent,
    after: loginFailure,
    reason: absent,
  }),
  z.object({
    action: z.literal('export.produced'),
    ...envelope,
    ...noClaim,
    before: absent,
    after: z.object({ format: z.enum(EXPORT_FORMATS), filters: exportFilters, count: z.number().int() }),
    reason: absent,
  }),
  // An imported article was grouped (by the desk, not an editor): the story it
  // is in now, the best score that put it there (null: alone), and any other
  // articles the regrouping moved.
  z.object({
    action: z.literal('story.grouped'),
    ...envelope,
    ...onClaim,
    before: absent,
    after: z.object({
      ...storyVersion,
      created: z.boolean(),
      title: z.string(),
      score: z.number().nullable(),
      moves: z.array(storyMove),
      suggestions: z.number().int(),
    }),
    reason: absent,
  }),
  // The other story of the suggestion merged into storyId.
  z.object({
    action: z.literal('story.suggestion_confirmed'),
    ...envelope,
    ...noClaim,
    before: z.object({ ...storyVersion, otherStoryId: recordIdSchema, otherVersion: z.number().int() }),
    after: z.object({ ...storyVersion, suggestionId: recordIdSchema, score: z.number(), claimIds: z.array(recordIdSchema) }),
    reason: decisionNote,
  }),
  z.object({
    action: z.literal('story.suggestion_rejected'),
    ...envelope,
    ...noClaim,
    before: z.object({ ...storyVersion, otherStoryId: recordIdSchema }),
    after: z.object({ ...storyVersion, suggestionId: recordIdSchema, otherStoryId: recordIdSchema, score: z.number(), apartPairs: z.number().int() }),
    reason: decisionNote,
  }),
  z.object({
    action: z.literal('story.article_moved'),
    ...envelope,
    ...onClaim,
    before: z.object(storyVersion),
    after: z.object({ ...storyVersion, created: z.boolean() }),
    reason: decisionNote,
  }),
  // claimIds left storyId for the new story newStoryId.
  z.object({
    action: z.literal('story.split'),
    ...envelope,
    ...noClaim,
    before: z.object({ ...storyVersion, size: z.number().int() }),
    after: z.object({ ...storyVersion, newStoryId: recordIdSchema, claimIds: z.array(recordIdSchema) }),
    reason: decisionNote,
  }),
  // otherStoryId's articles (claimIds) joined storyId; otherStoryId now points to it.
  z.object({
    action: z.literal('story.merged'),
    ...envelope,
    ...noClaim,
    before: z.object({ ...storyVersion, otherStoryId: recordIdSchema, otherVersion: z.number().int() }),
    after: z.object({ ...storyVersion, claimIds: z.array(recordIdSchema) }),
    reason: decisionNote,
  }),
  // title: the editor's title; null is the derived one.
  z.object({
    action: z.literal('story.renamed'),
    ...envelope,
    ...noClaim,
    before: z.object({ ...storyVersion, title: z.string().nullable() }),
    after: z.object({ ...storyVersion, title: z.string().nullable() }),
    reason: decisionNote,
  }),
  // Figures (lib/figures). claimId is the article the figure sits in.
  // The extractor read the article (on import, or for a new FIGURES_VERSION).
  z.object({
    action: z.literal('figure.extracted'),
    ...envelope,
    ...onClaim,
    before: absent,
    after: figureExtractionSchema,
    reason: absent,
  }),
  z.object({
    action: z.literal('figure.verdict_set'),
    ...envelope,
    ...onClaim,
    before: figureVerdictStateSchema,
    after: figureVerdictStateSchema,
    reason: z.string(),
  }),
  // An editor corrected fields (`fields`) of an extracted or added figure.
  z.object({
    action: z.literal('figure.corrected'),
    ...envelope,
    ...onClaim,
    before: figureSnapshotSchema,
    after: figureSnapshotSchema.extend({ fields: z.array(z.enum(['numbers', 'counted', 'attribution', 'time'])) }),
    reason: decisionNote,
  }),
  // An editor added a figure the extractor missed.
  z.object({
    action: z.literal('figure.added'),
    ...envelope,
    ...onClaim,
    before: absent,
    after: figureSnapshotSchema,
    reason: decisionNote,
  }),
  // An editor dismissed a false figure (dismissed: true) or brought it back (false).
  z.object({
    action: z.literal('figure.dismissed'),
    ...envelope,
    ...onClaim,
    before: z.object({ figureId: recordIdSchema, version: z.number().int(), dismissed: z.boolean() }),
    after: z.object({ figureId: recordIdSchema, version: z.number().int(), dismissed: z.boolean() }),
    reason: decisionNote,
  }),
  // The checkpoint signing key was replaced (npm run audit:rotate-key): both keys sign the payload.
  z.object({
    action: z.literal('audit.key_rotated'),
    ...envelope,
    ...noClaim,
    before: absent,
    after: keyRotationSchema,
    reason: absent,
  }),
]);

/** What a writer passes to appendAuditEvent(s): the payload must match the action. */
export type AuditEventInput = z.input<typeof auditEventSchema>;
/** One event's content, parsed: narrowing on `action` types `before`, `after` and `reason`. */
export type AuditEventContent = z.output<typeof auditEventSchema>;
export type AuditAction = AuditEventContent['action'];

// AUDIT_ACTIONS (a tuple, for z.enum in queries and the filter menu) names
// exactly the union's members: this line stops compiling when they differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const AUDIT_ACTIONS_MATCH_UNION: Same<(typeof AUDIT_ACTIONS)[number], AuditAction> = true;

/** Where an event sits in the hash chain. */
export type ChainFields = { seq: number; at: string; prevHash: string; hash: string };

/** A stored event that parses: the union member for its action, with its chain fields. */
export type AuditEventRecord = ChainFields & AuditEventContent;

/**
 * A stored event whose payload does not match its action's schema (written by
 * hand, or by code that changed a payload without keeping old rows readable).
 * Rows cannot be changed or deleted, so readers get this instead of an error:
 * it is listed and described as unreadable, and never read as a payload.
 */
export type UnreadableAuditEvent = ChainFields & {
  action: 'audit.unreadable';
  storedAction: string;
  problem: string;
  actorId: string | null;
  actorLabel: string;
  claimId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  requestId: string | null;
};

/** What reading a row gives: a parsed event, or the unreadable marker. */
export type StoredAuditEvent = AuditEventRecord | UnreadableAuditEvent;

type Hidden = 'prevHash' | 'hash' | 'requestId';
/** An audit event as browsers see it: without the chain hashes and request id (one type per action). */
export type PublicAuditEvent = StoredAuditEvent extends infer E ? (E extends unknown ? Omit<E, Hidden> : never) : never;

export function publicAuditEvent(e: StoredAuditEvent): PublicAuditEvent {
  const { prevHash: _prevHash, hash: _hash, requestId: _requestId, ...rest } = e;
  return rest;
}

export const SYSTEM_ACTOR = { actorId: null, actorLabel: 'system' } as const;
