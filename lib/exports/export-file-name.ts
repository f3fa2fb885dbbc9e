// The name an export is downloaded under: what it holds (the story, or the
// selection the filters make) and the day, so a folder of reports reads by itself.
import 'server-only';
import type { ExportQuery } from '../validation/export';

/** Longest part naming the story or the selection, in characters. */
const MAX_SUBJECT = 60;

/** Lowercase words of any script joined by "-": "Cúcuta, ponte Simón Bolívar" → "cúcuta-ponte-simón-bolívar". */
export function slugOf(text: string): string {
  const words =
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SUBJECT) return slug || word.slice(0, MAX_SUBJECT);
    slug = next;
  }
  return slug;
}

const ASSIGNED = { me: 'assigned-to-me', none: 'unassigned' } as const;

/** What the selection is, from the filters a person set; "all" when none. */
function selectionOf(query: ExportQuery, storyTitle: string | null): string {
  if (storyTitle !== null) return slugOf(storyTitle) || 'story';
  if (query.ids) return `${query.ids.length}-selected`;
  const parts = [
    query.status,
    query.lang,
    query.q && slugOf(query.q),
    query.assigned && ASSIGNED[query.assigned],
    query.due && 're-review-due',
    query.reviewer && `by-${slugOf(query.reviewer.split('@')[0] ?? query.reviewer)}`,
    query.from && `from-${query.from}`,
    query.to && `to-${query.to}`,
  ].filter((p): p is string => Boolean(p));
  return slugOf(parts.join(' ')) || 'all';
}

const EXT = { csv: 'csv', 'figures-csv': 'csv', json: 'json', claimreview: 'jsonld', html: 'html', pdf: 'pdf' } as const;

/** "factdesk-verdicts-cúcuta-ponte-simón-bolívar-2026-12-05.pdf" (the date in UTC). */
export function exportFileName(options: { query: ExportQuery; storyTitle: string | null; now: Date }): string {
  const { query, storyTitle, now } = options;
  const kind = query.format === 'figures-csv' ? 'figures' : 'verdicts';
  return `factdesk-${kind}-${selectionOf(query, storyTitle)}-${now.toISOString().slice(0, 10)}.${EXT[query.format]}`;
}
