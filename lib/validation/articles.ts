// Article import shapes shared by the browser (the Add articles page) and the
// server: where an article came from and what an importer may correct.
import { z } from './zod';
import { isoDayOrTime } from './dates';
import { httpUrlText } from './http-url';
import { storableText } from './text';

export const IMPORT_SOURCE_KINDS = ['seed', 'paste', 'upload', 'url', 'api', 'cli'] as const;
export type ImportSourceKind = (typeof IMPORT_SOURCE_KINDS)[number];

/** The largest file a person hands the desk (an upload, a file given to the CLI); fetched pages may be larger. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

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
