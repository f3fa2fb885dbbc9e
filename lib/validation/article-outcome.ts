// The answer of POST /api/articles as the Add articles page reads it
// (/work/notes/articles-api19.md). Temporary: replaced by the route's own
// schema in lib/validation/articles.ts once that lands.
import { z } from './zod';

const claimRef = z.object({ claimId: z.string(), title: z.string() });
const match = claimRef.extend({ similarity: z.number() });

export const ARTICLE_OUTCOMES = ['created', 'updated', 'unchanged', 'duplicate', 'near_duplicate', 'refused'] as const;

export const articleImportOutcomeSchema = z.object({
  index: z.number().int(),
  name: z.string().nullable(),
  outcome: z.enum(ARTICLE_OUTCOMES),
  written: z.boolean(),
  claimId: z.string().nullable(),
  reason: z.string().nullable(),
  message: z.string().nullable(),
  article: z
    .object({
      title: z.string(),
      language: z.string(),
      languageConfidence: z.number().nullable(),
      languageFrom: z.string().nullable(),
      direction: z.enum(['ltr', 'rtl']),
      excerpt: z.string(),
      bodyLength: z.number(),
      boilerplate: z.string().nullable(),
      boilerplateLength: z.number(),
      outlet: z.string().nullable(),
      byline: z.string().nullable(),
      articleUrl: z.string().nullable(),
      publishedAt: z.string().nullable(),
      format: z.string(),
      encoding: z.string().nullable(),
      byteLength: z.number(),
      sha256: z.string(),
    })
    .nullable(),
  duplicateOf: claimRef.nullable(),
  nearDuplicates: z.array(match),
  nearDuplicateOf: match.nullable(),
});
export type ArticleImportOutcome = z.infer<typeof articleImportOutcomeSchema>;

export const articleImportAnswerSchema = z.object({
  preview: z.boolean(),
  results: z.array(articleImportOutcomeSchema),
  counts: z.record(z.string(), z.number()),
});
export type ArticleImportAnswer = z.infer<typeof articleImportAnswerSchema>;
