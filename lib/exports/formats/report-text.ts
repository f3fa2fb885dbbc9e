// Colours and wording shared by the printable HTML and the PDF report.
import 'server-only';
import { formatFigure } from '../../figures/board';
import { STATUS_LABELS } from '../../utils/status-labels';
import type { ClaimStatus } from '../../validation/claims';
import type { ExportFigure } from '../export-figures';

// White badge text on each must reach WCAG AA's 4.5:1 (tests/unit/board-report.test.ts).
export const STATUS_COLOR: Record<ClaimStatus, string> = {
  unreviewed: '#64748b',
  verified: '#047857',
  disputed: '#dc2626',
  outdated: '#b45309',
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

/** A claim's live figures in one line: the reviewed ones with their verdicts, then how many are not reviewed ("567 Disputed · ≈104 Verified · 4 not reviewed"). */
export function figuresLine(figures: ExportFigure[]): string | null {
  const live = figures.filter((f) => !f.dismissed);
  if (live.length === 0) return null;
  const reviewed = live.filter((f) => f.status !== 'unreviewed').map((f) => `${formatFigure(f)} ${STATUS_LABELS[f.status]}`);
  const open = live.length - reviewed.length;
  return [...reviewed, ...(open ? [`${open} not reviewed`] : [])].join(' · ');
}
