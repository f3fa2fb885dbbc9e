// The key to every score bar on the page: what the two marks mean, in numbers.
import { formatScore } from '@/lib/utils/story-evidence';

export function ThresholdLegend({ thresholds }: { thresholds: { join: number; suggest: number } }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600" data-testid="threshold-legend">
      <span className="inline-flex items-center gap-1">
        <span aria-hidden className="inline-block h-3 w-px bg-slate-700" /> suggested from {formatScore(thresholds.suggest)}
      </span>
      <span className="inline-flex items-center gap-1">
        <span aria-hidden className="inline-block h-3 w-0.5 bg-slate-900" /> joins by itself at {formatScore(thresholds.join)}
      </span>
    </p>
  );
}
