import { STATUS_LABELS } from '@/lib/utils/status-labels';
import { type ClaimStatus } from '@/lib/validation/vocabulary';

const STYLES: Record<ClaimStatus, string> = {
  unreviewed: 'bg-slate-100 text-slate-700 ring-slate-300',
  verified: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  disputed: 'bg-red-50 text-red-800 ring-red-300',
  outdated: 'bg-amber-50 text-amber-900 ring-amber-300',
};

export function StatusBadge({ status }: { status: ClaimStatus }) {
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
