// Why an article cannot be imported: one reason code per kind of bad input and
// one sentence a person can act on. Thrown as an AppError (details.reason), so
// every entry point (page, API, CLI, seeder) maps it the same way.
import 'server-only';
import { AppError } from '../errors';

export const IMPORT_REFUSAL_REASONS = [
  'empty',
  'binary',
  'undecodable',
  'unsupported_encoding',
  'unstorable',
  'too_large',
  'too_short',
  'unsupported_type',
  'no_article',
  'invalid_name',
  // The import CLI's front-matter block (lib/articles/front-matter.ts).
  'bad_front_matter',
  // Pages too costly to read (finding 1 of issue 29): bounded before parsing, or out of time or memory.
  'too_deep',
  'too_many_elements',
  'too_slow',
  'too_costly',
  // Fetching a URL (lib/articles/fetch-article.ts).
  'fetch_timeout',
  'fetch_too_large',
  'fetch_not_html',
  'fetch_refused_address',
  'fetch_http_status',
  'fetch_failed',
] as const;
export type ImportRefusalReason = (typeof IMPORT_REFUSAL_REASONS)[number];

export function importRefusal(reason: ImportRefusalReason, sentence: string): AppError {
  return new AppError(reason === 'too_large' || reason === 'fetch_too_large' ? 'payload_too_large' : 'invalid_input', sentence, { reason });
}

/** The refusal reason an error carries, or null for any other error (a bug, the database). */
export function importRefusalReason(e: unknown): ImportRefusalReason | null {
  if (!(e instanceof AppError)) return null;
  const reason = e.details?.reason;
  return IMPORT_REFUSAL_REASONS.find((r) => r === reason) ?? null;
}
