// Shapes shared by the browser and the server for claims and their queries.
import type { PublishedAtSource } from './articles';
import { z } from './zod';
import { CLAIM_STATUSES, type ClaimStatus, type LanguageSource } from './vocabulary';
export { CLAIM_STATUSES, LANGUAGE_SOURCES } from './vocabulary';
export type { ClaimStatus, LanguageSource } from './vocabulary';
import { CURSOR_MESSAGE, decodeClaimCursor } from './claim-cursor';
import { idSchema } from './ids';
import { storableText } from './text';
import type { Evidence } from './verdicts';

export const claimIdSchema = idSchema('claim ids are UUIDs; this one is malformed.');

export const listClaimsQuerySchema = z.object({
  status: z.enum(CLAIM_STATUSES).optional(),
  lang: z
    .string()
    .regex(/^[a-z]{2,3}$/, 'Language must be a 2–3 letter code such as "en" or "bg".')
    .optional(),
  q: storableText().trim().max(200, 'Search text is limited to 200 characters.').optional(),
  assigned: z.enum(['me', 'none'], { error: 'assigned must be "me" or "none".' }).optional(),
  due: z.enum(['1'], { error: 'due must be 1 (claims whose re-review date has passed).' }).optional(),
  cursor: storableText()
    .max(200)
    .refine((c) => decodeClaimCursor(c) !== null, CURSOR_MESSAGE)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListClaimsQuery = z.infer<typeof listClaimsQuerySchema>;

export type ClaimSummary = {
  id: string;
  sourceKey: string;
  title: string;
  language: string;
  status: ClaimStatus;
  version: number;
  updatedAt: string;
  assigneeId: string | null;
  reReviewAt: string | null;
  /** The story it belongs to (lib/stories/desk); null until grouped. */
  storyId: string | null;
};

type Person = { id: string; displayName: string; email: string };

/** The claim an article was imported beside, as a confirmed near-duplicate; similarity 0–1; its language, to show its title. */

export type NearDuplicateLink = { id: string; title: string; language: string; similarity: number };

/** One claim with its text and verdict, as the claim page and GET /api/claims/:id have it (lib/claims/claim-dto.ts builds it). */
export type ClaimDetail = ClaimSummary & {
  /** Which way the claim's text runs, from its language (textDirection, lib/utils/text-direction.ts). */
  direction: 'ltr' | 'rtl';
  /** 0–1 from the language detector, 1 when a person set the language; null for claims imported before it was kept. */
  languageConfidence: number | null;
  /** Who named the language: the detector, the importer ("override") or the page's own declaration; null for claims imported before it was kept. */
  languageFrom: LanguageSource | null;
  body: string;
  boilerplate: string | null;
  /** What the article says about itself (page metadata or the importer's corrections); null when unknown. */
  outlet: string | null;
  byline: string | null;
  articleUrl: string | null;
  /** Null when the article gave no date (publishedAtSource "import"): the import day, createdAt, stands in. */
  publishedAt: string | null;
  publishedAtSource: PublishedAtSource;
  nearDuplicateOf: NearDuplicateLink | null;
  reason: string | null;
  evidence: Evidence[];
  decidedBy: Person | null;
  decidedAt: string | null;
  assignee: Person | null;
  createdAt: string;
};

export type CommentDto = { id: string; claimId: string; body: string; createdAt: string; author: { id: string; displayName: string } };
