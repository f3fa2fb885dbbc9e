'use client';

// After the import: what became of every article, with links to the claims.
import type { Item } from './import-items';
import { finalOutcome } from './import-items';
import { ClaimLink, percent, SendProgress } from './parts';

function OutcomeText({ item }: { item: Item }) {
  const outcome = finalOutcome(item);
  if (item.phase === 'importing') return <SendProgress item={item} />;
  if (item.phase === 'failed' || !outcome) return <span className="text-red-800">Not imported: {item.error ?? 'the request failed.'}</span>;
  switch (outcome.outcome) {
    case 'created':
    case 'updated':
    case 'unchanged': {
      const claim = { claimId: outcome.claimId ?? '', title: outcome.article?.title ?? item.label };
      const verb = outcome.outcome === 'created' ? 'Created' : outcome.outcome === 'updated' ? 'Updated' : 'Unchanged';
      if (!outcome.claimId) return <span>{verb}</span>;
      return (
        <span>
          {verb}: <ClaimLink claim={claim} />
          {outcome.nearDuplicateOf && (
            <span className="text-slate-600">
              {' '}
              — linked to <ClaimLink claim={outcome.nearDuplicateOf} /> ({percent(outcome.nearDuplicateOf.similarity)} similar)
            </span>
          )}
        </span>
      );
    }
    case 'duplicate':
      return outcome.duplicateOf ? (
        <span>
          Duplicate of <ClaimLink claim={outcome.duplicateOf} />: not imported again
        </span>
      ) : (
        <span>Duplicate: not imported again</span>
      );
    case 'near_duplicate': {
      const best = outcome.nearDuplicates[0];
      return (
        <span>
          Near-duplicate, skipped
          {best && (
            <>
              : it resembles <ClaimLink claim={best} /> ({percent(best.similarity)} similar)
            </>
          )}
        </span>
      );
    }
    case 'refused':
      return <span className="text-red-800">Refused: {outcome.message ?? 'it cannot be imported.'}</span>;
  }
}

const MARK: Record<string, string> = { created: '✓', updated: '✓', unchanged: '=', duplicate: '=', near_duplicate: '≈', refused: '✕' };

export function OutcomeList({ items }: { items: Item[] }) {
  return (
    <ol className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="outcome-list">
      {items.map((item) => {
        const outcome = item.phase === 'failed' ? null : finalOutcome(item);
        return (
          <li key={item.key} data-testid="outcome" data-outcome={outcome?.outcome ?? 'failed'} className="flex gap-3 px-4 py-3 text-sm">
            <span aria-hidden className="w-4 shrink-0 text-center font-semibold text-slate-500">
              {MARK[outcome?.outcome ?? ''] ?? '!'}
            </span>
            <div className="min-w-0 flex-1 break-words">
              <p className="text-xs text-slate-500">
                <bdi>{item.label}</bdi>
              </p>
              <div className="mt-0.5">
                <OutcomeText item={item} />
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
