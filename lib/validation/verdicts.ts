// Input shapes for verdicts, comments and assignments (browser and server).
import { z } from './zod';
import { REASON_MAX, EVIDENCE_MAX, COMMENT_MAX } from './vocabulary';
export { REASON_MAX, EVIDENCE_MAX, COMMENT_MAX } from './vocabulary';
import { CLAIM_STATUSES } from './claims';
import { isoDayOrTime } from './dates';
import { httpUrlText } from './http-url';
import { idSchema } from './ids';
import { storableText } from './text';

/** claims.version is a PostgreSQL integer. */
const INT32_MAX = 2_147_483_647;

export const evidenceSchema = z.object({
  url: httpUrlText('Evidence links', 'addresses'),
  label: storableText().trim().max(200, 'Evidence labels are limited to 200 characters.').nullish(),
});
export type EvidenceInput = z.infer<typeof evidenceSchema>;

/** Evidence as stored on a claim and shown back (set-verdict writes `label: null` for none). */
export const storedEvidenceSchema = z.object({ url: z.string(), label: z.string().nullable() });
export type Evidence = z.infer<typeof storedEvidenceSchema>;

/** A claim's `evidence` column (JSON) as Evidence; the column defaults to []. */
export function parseStoredEvidence(value: unknown): Evidence[] {
  return storedEvidenceSchema.array().parse(value ?? []);
}

/** A verdict's fields without the cross-field rule (see withReReviewRule). */
export const verdictFields = {
  status: z.enum(CLAIM_STATUSES, { error: 'status must be verified, disputed, outdated or unreviewed.' }),
  reason: storableText({ error: 'Give a reason for the verdict.' })
    .trim()
    .min(1, 'Give a reason for the verdict.')
    .max(REASON_MAX, `The reason is limited to ${REASON_MAX} characters.`),
  evidence: z.array(evidenceSchema).max(EVIDENCE_MAX, `At most ${EVIDENCE_MAX} evidence links.`).default([]),
  expectedVersion: z
    .number({ error: 'expectedVersion (the claim version you saw) is required.' })
    .int('expectedVersion must be a whole number.')
    .min(1, 'expectedVersion must be 1 or more.')
    .max(INT32_MAX, 'expectedVersion is larger than any claim version.'),
  reReviewAt: isoDayOrTime('reReviewAt must be a date (YYYY-MM-DD).').nullish(),
};

/** The verdict rules that span fields, for every schema that carries a verdict (HTTP body, socket event). */
export function withReReviewRule<S extends z.ZodType<{ status: string; reReviewAt?: string | null }>>(schema: S) {
  return schema.refine((v) => !v.reReviewAt || v.status === 'outdated', {
    path: ['reReviewAt'],
    error: 'A re-review date only applies to outdated claims.',
  });
}

export const verdictInputSchema = withReReviewRule(z.object(verdictFields));
export type VerdictInput = z.infer<typeof verdictInputSchema>;

export const commentInputSchema = z.object({
  body: storableText({ error: 'Write a comment.' }).trim().min(1, 'Write a comment.').max(COMMENT_MAX, `Comments are limited to ${COMMENT_MAX} characters.`),
});
export type CommentInput = z.infer<typeof commentInputSchema>;

export const assignmentInputSchema = z.object({
  userId: idSchema('userId must be a user id or null.').nullable(),
});
export type AssignmentInput = z.infer<typeof assignmentInputSchema>;
