// Names where a stored published date came from, for the claims.published_at_source column.
import 'server-only';
import type { ImportSourceKind, PublishedAtSource } from '../validation/articles';
import type { PreparedArticle } from './prepare-article';

/** A correction counts as the CLI's when the import came through it, else as the form's (or the API's, which sends the same fields). */
export function publishedAtSource(kind: ImportSourceKind, from: PreparedArticle['publishedAtFrom']): PublishedAtSource {
  if (from === 'page') return 'page';
  if (from === 'override') return kind === 'cli' ? 'cli' : 'form';
  return 'import';
}
