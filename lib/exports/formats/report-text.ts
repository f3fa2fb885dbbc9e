// Colours and wording shared by the printable HTML and the PDF report.
import 'server-only';
import type { ClaimStatus } from '../../validation/claims';

export const STATUS_COLOR: Record<ClaimStatus, string> = {
  unreviewed: '#64748b',
  verified: '#059669',
  disputed: '#dc2626',
  outdated: '#d97706',
};

export function when(iso: string | null): string {
  if (!iso) return '—';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The filters in words. The story filter is left out: a report of one story names it in its heading. */
export function describeFilters(filters: Record<string, unknown>): string {
  const parts = Object.entries(filters)
    .filter(([k, v]) => k !== 'format' && k !== 'story' && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? `${v.length} selected` : String(v)}`);
  if (parts.length) return parts.join(' · ');
  return filters.story ? 'all its articles' : 'all claims';
}
