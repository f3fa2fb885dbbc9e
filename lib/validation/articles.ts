// Article import shapes shared by the browser (the Add articles page) and the
// server: where an article came from and what an importer may correct.
import { z } from './zod';
import { isoDayOrTime } from './dates';
import { httpUrlText } from './http-url';
import { storableText } from './text';

export const IMPORT_SOURCE_KINDS = ['seed', 'paste', 'upload', 'url', 'api', 'cli'] as const;
export type ImportSourceKind = (typeof IMPORT_SOURCE_KINDS)[number];

/**
 * Where an article's published date came from: its page's metadata, a reviewer's
 * entry on the form (or the API), the CLI (front matter or --published), or
 * nothing: "import", with no date, the import day standing in.
 */
export const PUBLISHED_AT_SOURCES = ['page', 'form', 'cli', 'import'] as const;
export const publishedAtSourceSchema = z.enum(PUBLISHED_AT_SOURCES);
export type PublishedAtSource = z.infer<typeof publishedAtSourceSchema>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An absolute http(s) address (article links, fetched pages). */
export const httpUrlSchema = httpUrlText('Addresses');

/**
 * What an importer may state instead of what is extracted or detected: each
 * wins over the page's metadata and over detection. Blank fields are unset.
 */
export const articleOverridesSchema = z.object({
  headline: z.preprocess(blankToUndefined, storableText().trim().max(500, 'Headlines are limited to 500 characters.').optional()),
  outlet: z.preprocess(blankToUndefined, storableText().trim().max(200, 'Outlet names are limited to 200 characters.').optional()),
  url: z.preprocess(blankToUndefined, httpUrlSchema.optional()),
  publishedAt: z.preprocess(blankToUndefined, isoDayOrTime('Published date: YYYY-MM-DD or an ISO date-time.').optional()),
  language: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2,3}$/, 'Language: a 2–3 letter ISO 639 code such as "pt" or "ar".')
      .optional(),
  ),
});
export type ArticleOverrides = z.input<typeof articleOverridesSchema>;
export type ParsedArticleOverrides = z.output<typeof articleOverridesSchema>;

// ---------------------------------------------------------------------------
// POST /api/articles: the request (JSON body or multipart fields) and the
// outcome of each article, as the Add articles page and scripts read them.

export const MAX_ARTICLES_PER_REQUEST = 50;
/** Import or preview requests one account may have in flight at once (the server refuses more with 429; the page sends no more). */
export const MAX_CONCURRENT_IMPORTS = 2;
/** One uploaded file (the issue's limit); a fetched page may be larger (lib/articles/fetch-article.ts). */
export const MAX_UPLOAD_FILE_BYTES = 2 * 1024 * 1024;
export const UPLOAD_EXTENSIONS = ['txt', 'md', 'html', 'htm'] as const;
/** A JSON request: up to 50 pastes, or one of up to 5 MB with room for the JSON around it. */
export const MAX_JSON_REQUEST_BYTES = 6 * 1024 * 1024;
/** A multipart request: 50 files of 2 MB, and 1 MB for the fields and the part headers. */
export const MAX_MULTIPART_REQUEST_BYTES = MAX_ARTICLES_PER_REQUEST * MAX_UPLOAD_FILE_BYTES + 1024 * 1024;

/** An importer's corrections, refusing unknown names (a misspelt "headlne" would otherwise be lost without a word). */
export const strictOverridesSchema = z.strictObject(articleOverridesSchema.shape);

const confirmNearDuplicateSchema = z.boolean({ error: 'confirmNearDuplicate must be true or false.' }).default(false);

export const textArticleSchema = z.strictObject({
  text: z.string({ error: 'Give each article as "text" (a string) or as a "url".' }),
  format: z.enum(['text', 'html'], { error: 'format must be "text" or "html".' }).default('text'),
  source: z.enum(['paste', 'api'], { error: 'source must be "paste" or "api".' }).default('api'),
  name: z.preprocess(blankToUndefined, storableText().trim().max(300, 'Names are limited to 300 characters.').optional()),
  overrides: strictOverridesSchema.optional(),
  confirmNearDuplicate: confirmNearDuplicateSchema,
});

export const urlArticleSchema = z.strictObject({
  url: httpUrlSchema,
  overrides: strictOverridesSchema.optional(),
  confirmNearDuplicate: confirmNearDuplicateSchema,
});

export type TextArticleInput = z.input<typeof textArticleSchema>;
export type UrlArticleInput = z.input<typeof urlArticleSchema>;
export type ArticleItem = z.output<typeof textArticleSchema> | z.output<typeof urlArticleSchema>;

/** A text article or a URL, told apart by their keys, so the message names the field that is wrong (a union would only say "Invalid input"). */
const articleItemSchema = z.unknown().transform((value, ctx): ArticleItem => {
  const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  if (record && 'text' in record && 'url' in record) {
    ctx.addIssue({ code: 'custom', message: 'Give an article either "text" or a "url", not both.', input: value });
    return z.NEVER;
  }
  const parsed = record && 'url' in record ? urlArticleSchema.safeParse(value) : textArticleSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom', input: value });
  return z.NEVER;
});

export const articlesJsonRequestSchema = z.strictObject({
  preview: z.boolean({ error: 'preview must be true or false.' }).default(false),
  articles: z
    .array(articleItemSchema, { error: 'articles must be a list of articles.' })
    .min(1, 'Send at least one article.')
    .max(MAX_ARTICLES_PER_REQUEST, `At most ${MAX_ARTICLES_PER_REQUEST} articles per request.`),
});
export type ArticlesJsonRequest = { preview?: boolean; articles: (TextArticleInput | UrlArticleInput)[] };

const formFlag = (name: string) =>
  z
    .enum(['true', '1', 'false', '0'], { error: `${name} must be "true", "1", "false" or "0".` })
    .optional()
    .transform((v) => v === 'true' || v === '1');

/** The text fields of a multipart request (the files are read apart from them). */
export const articlesFormFieldsSchema = z.strictObject({
  preview: formFlag('preview'),
  confirmNearDuplicate: formFlag('confirmNearDuplicate'),
  ...articleOverridesSchema.shape,
});
export const OVERRIDE_FIELDS = Object.keys(articleOverridesSchema.shape) as (keyof typeof articleOverridesSchema.shape)[];

export const ARTICLE_IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'duplicate', 'near_duplicate', 'refused'] as const;
export type ArticleImportOutcomeKind = (typeof ARTICLE_IMPORT_OUTCOMES)[number];

const claimRefSchema = z.object({ claimId: z.string(), title: z.string() });
const duplicateMatchSchema = claimRefSchema.extend({ similarity: z.number() });

/** What one article became (or would become, in a preview): the answer's `results[i]`. */
export const articleImportOutcomeSchema = z.object({
  index: z.number().int(),
  /** The file name, the URL, or the paste's name. */
  name: z.string().nullable(),
  outcome: z.enum(ARTICLE_IMPORT_OUTCOMES),
  written: z.boolean(),
  /** The created claim, or the existing one for a duplicate. */
  claimId: z.string().nullable(),
  /** For "refused": a reason code (lib/articles/import-refusal.ts) and one sentence. */
  reason: z.string().nullable(),
  message: z.string().nullable(),
  article: z
    .object({
      title: z.string(),
      language: z.string(),
      languageConfidence: z.number(),
      languageFrom: z.enum(['override', 'detected', 'declared']),
      direction: z.enum(['ltr', 'rtl']),
      /** The first characters of the body. */
      excerpt: z.string(),
      bodyLength: z.number().int(),
      /** The first characters of the trailing boilerplate, when there is any. */
      boilerplate: z.string().nullable(),
      boilerplateLength: z.number().int(),
      outlet: z.string().nullable(),
      byline: z.string().nullable(),
      articleUrl: z.string().nullable(),
      publishedAt: z.string().nullable(),
      format: z.enum(['text/plain', 'text/markdown', 'text/html']),
      encoding: z.string(),
      byteLength: z.number().int(),
      sha256: z.string(),
    })
    .nullable(),
  duplicateOf: claimRefSchema.nullable(),
  /** Best first, at most 5. */
  nearDuplicates: z.array(duplicateMatchSchema),
  /** The claim a confirmed near-duplicate was linked to. */
  nearDuplicateOf: duplicateMatchSchema.nullable(),
});
export type ArticleImportOutcome = z.infer<typeof articleImportOutcomeSchema>;

export const articleImportResponseSchema = z.object({
  preview: z.boolean(),
  results: z.array(articleImportOutcomeSchema),
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    duplicate: z.number().int(),
    near_duplicate: z.number().int(),
    refused: z.number().int(),
  }),
});
export type ArticleImportResponse = z.infer<typeof articleImportResponseSchema>;
