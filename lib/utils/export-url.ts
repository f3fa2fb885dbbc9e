// The address of an export (GET /api/export), as the Export dialog and the
// story page's "Export this story" link build it. Client-safe.
import type { ExportFormat } from '../validation/export';

export type ExportScope = {
  format: ExportFormat;
  /** The claims list's filters as a query string ("status=disputed&q=…"); ignored when ids are given. */
  filterQuery?: string;
  /** Hand-picked claims: the export is of these only. */
  ids?: readonly string[];
  /** Only the articles of this story (with the other filters or the picked ids). */
  storyId?: string;
};

export function exportUrl(scope: ExportScope): string {
  const params = new URLSearchParams(scope.ids?.length ? { ids: scope.ids.join(',') } : (scope.filterQuery ?? ''));
  // The list's filters never name a story; a stray one must not widen or replace this one.
  params.delete('story');
  if (scope.storyId) params.set('story', scope.storyId);
  params.set('format', scope.format);
  return `/api/export?${params}`;
}
