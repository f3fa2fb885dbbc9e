// The verdict's one-round-trip statement (the SQL function factdesk_set_verdict,
// migration 20261203130000_set_verdict_function) and the mapping of what it
// returns (rows as JSON, with the columns' own names) to the rows Prisma reads.
// tests/integration/verdicts.test.ts holds the mapping equal to Prisma's read
// of the same claim, so a new column cannot drift silently.
import 'server-only';
import type { PoolClient } from 'pg';
import { timedQuery } from '../db';
import { STORY_LOCK } from '../stories/desk/lock';
import { AUDIT_CHAIN_LOCK, type ChainEnd } from '../audit/append-audit-event';
import { CLAIM_STATUSES } from '../validation/claims';
import { z } from '../validation/zod';
import type { ClaimDetailRow } from './claim-dto';

const timestamp = z.string().transform((s) => new Date(s));
const person = z
  .object({ id: z.string(), display_name: z.string(), email: z.string() })
  .transform((u) => ({ id: u.id, displayName: u.display_name, email: u.email }));

const claimColumns = z.object({
  id: z.string(),
  source_key: z.string(),
  title: z.string(),
  body: z.string(),
  boilerplate: z.string().nullable(),
  language: z.string(),
  content_hash: z.string(),
  status: z.enum(CLAIM_STATUSES),
  version: z.number().int(),
  reason: z.string().nullable(),
  evidence: z.json(),
  re_review_at: timestamp.nullable(),
  decided_by_id: z.string().nullable(),
  decided_at: timestamp.nullable(),
  assignee_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  outlet: z.string().nullable(),
  byline: z.string().nullable(),
  article_url: z.string().nullable(),
  published_at: timestamp.nullable(),
  published_at_source: z.string(),
  language_confidence: z.number().nullable(),
  language_from: z.string().nullable(),
  near_duplicate_of_id: z.string().nullable(),
  near_duplicate_similarity: z.number().nullable(),
  story_id: z.string().nullable(),
  story_pinned: z.boolean(),
  figures_version: z.number().int().nullable(),
});

type ClaimColumns = z.output<typeof claimColumns>;

/** The row as Prisma names it (without search_text, which the function leaves out). */
function claimRow(c: ClaimColumns) {
  return {
    id: c.id,
    sourceKey: c.source_key,
    title: c.title,
    body: c.body,
    boilerplate: c.boilerplate,
    language: c.language,
    contentHash: c.content_hash,
    status: c.status,
    version: c.version,
    reason: c.reason,
    evidence: c.evidence,
    reReviewAt: c.re_review_at,
    decidedById: c.decided_by_id,
    decidedAt: c.decided_at,
    assigneeId: c.assignee_id,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    outlet: c.outlet,
    byline: c.byline,
    articleUrl: c.article_url,
    publishedAt: c.published_at,
    publishedAtSource: c.published_at_source,
    languageConfidence: c.language_confidence,
    languageFrom: c.language_from,
    nearDuplicateOfId: c.near_duplicate_of_id,
    nearDuplicateSimilarity: c.near_duplicate_similarity,
    storyId: c.story_id,
    storyPinned: c.story_pinned,
    figuresVersion: c.figures_version,
  };
}

/** The verdict columns of the claim before the change (what the audit event's `before` records). */
const beforeColumns = z
  .object({
    status: z.enum(CLAIM_STATUSES),
    reason: z.string().nullable(),
    evidence: z.json(),
    re_review_at: timestamp.nullable(),
    version: z.number().int(),
    decided_by_id: z.string().nullable(),
  })
  .transform((c) => ({
    status: c.status,
    reason: c.reason,
    evidence: c.evidence,
    reReviewAt: c.re_review_at,
    version: c.version,
    decidedById: c.decided_by_id,
  }));

const resultSchema = z.object({
  outcome: z.enum(['ok', 'conflict', 'missing']),
  before: beforeColumns.nullable(),
  after: claimColumns.nullable(),
  decided_by: person.nullable(),
  assignee: person.nullable(),
  near_duplicate_of: z.object({ id: z.string(), title: z.string(), language: z.string() }).nullable(),
  // bigint comes back from pg as text
  prev_seq: z.string().nullable(),
  prev_hash: z.string().nullable(),
});

export type VerdictWrite = {
  claimId: string;
  expectedVersion: number;
  status: (typeof CLAIM_STATUSES)[number];
  reason: string;
  evidence: unknown;
  reReviewAt: Date | null;
  actorId: string;
  now: Date;
};

export type VerdictSqlResult =
  | { outcome: 'missing' }
  | { outcome: 'conflict'; current: ClaimDetailRow }
  | { outcome: 'ok'; before: z.output<typeof beforeColumns>; after: ClaimDetailRow; chainEnd: ChainEnd };

/**
 * Runs the verdict's statement in the caller's transaction. On 'ok' the row is
 * changed and the audit chain's lock is held: the caller appends the event and commits.
 */
export async function writeVerdictSql(client: Pick<PoolClient, 'query'>, w: VerdictWrite): Promise<VerdictSqlResult> {
  const { rows } = await timedQuery(client, {
    name: 'factdesk_set_verdict',
    text: 'SELECT * FROM factdesk_set_verdict($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10)',
    values: [w.claimId, w.expectedVersion, w.status, w.reason, JSON.stringify(w.evidence), w.reReviewAt, w.actorId, w.now, STORY_LOCK, AUDIT_CHAIN_LOCK],
  });
  const r = resultSchema.parse(rows[0]);
  if (r.outcome === 'missing' || !r.after) return { outcome: 'missing' };
  const row: ClaimDetailRow = { ...claimRow(r.after), decidedBy: r.decided_by, assignee: r.assignee, nearDuplicateOf: r.near_duplicate_of };
  if (r.outcome === 'conflict') return { outcome: 'conflict', current: row };
  if (!r.before) throw new Error('factdesk_set_verdict returned no before row');
  return { outcome: 'ok', before: r.before, after: row, chainEnd: r.prev_seq !== null && r.prev_hash !== null ? { seq: r.prev_seq, hash: r.prev_hash } : null };
}
