import type { ClaimDetail } from '@/lib/validation/claims';
import { formatDateTime, safeHref } from '@/lib/utils/format';
import { StatusBadge } from './status-badge';

export function CurrentVerdict({ claim }: { claim: ClaimDetail }) {
  const due = claim.status === 'outdated' && claim.reReviewAt && new Date(claim.reReviewAt) <= new Date();
  return (
    <section aria-labelledby="current-verdict" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="current-verdict">
      <h2 id="current-verdict" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Current verdict
      </h2>
      <div className="mt-2 flex items-center gap-2">
        <StatusBadge status={claim.status} />
        <span className="text-xs text-slate-500">version {claim.version}</span>
      </div>
      {claim.decidedBy && claim.decidedAt ? (
        <p className="mt-2 text-sm text-slate-600">
          by <bdi className="font-medium text-slate-800">{claim.decidedBy.displayName}</bdi>,{' '}
          <time dateTime={claim.decidedAt}>{formatDateTime(claim.decidedAt)}</time>
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-500">No verdict yet.</p>
      )}
      {claim.reason && (
        <p dir="auto" className="mt-2 whitespace-pre-wrap text-sm" data-testid="verdict-reason">
          {claim.reason}
        </p>
      )}
      {claim.evidence.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {claim.evidence.map((e, i) => (
            <li key={i} className="truncate">
              {/* The link was validated as http(s) when saved; checked again so a bad row can never become a javascript: link. */}
              <a href={safeHref(e.url)} target="_blank" rel="noopener noreferrer nofollow" className="text-blue-700 underline">
                <bdi>{e.label || e.url}</bdi>
              </a>
            </li>
          ))}
        </ul>
      )}
      {claim.reReviewAt && (
        <p className={`mt-2 text-sm ${due ? 'font-medium text-amber-800' : 'text-slate-600'}`}>
          {due ? 'Re-review due since ' : 'Re-review on '}
          <time dateTime={claim.reReviewAt}>{claim.reReviewAt.slice(0, 10)}</time>
        </p>
      )}
    </section>
  );
}
