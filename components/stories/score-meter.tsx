// A link's score as a short bar with the two thresholds marked on it, so the
// reader sees at a glance whether it joins by itself, is only suggested, or
// neither; the number and the band are written out beside it for everyone.
import { formatScore, SCORE_BAND_LABELS, scoreBand } from '@/lib/utils/story-evidence';

type Props = { score: number; thresholds: { join: number; suggest: number }; compact?: boolean };

const FILL = { joins: 'bg-emerald-600', suggested: 'bg-amber-500', below: 'bg-slate-400' } as const;

export function ScoreMeter({ score, thresholds, compact = false }: Props) {
  // Scaled to three times the join threshold, the part of 0–1 where scores and thresholds live, so strong links still differ.
  const max = Math.max(thresholds.join * 3, score);
  const at = (v: number) => `${Math.min(100, (v / max) * 100)}%`;
  const band = scoreBand(score, thresholds);
  const describe = `score ${formatScore(score)}, ${SCORE_BAND_LABELS[band]} (suggested from ${formatScore(thresholds.suggest)}, joins at ${formatScore(thresholds.join)})`;
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap" data-testid="score-meter" data-band={band} title={describe}>
      <span aria-hidden className={`relative inline-block h-2 rounded-full bg-slate-200 ${compact ? 'w-12' : 'w-20'}`}>
        <span className={`absolute inset-y-0 left-0 rounded-full ${FILL[band]}`} style={{ width: at(score) }} />
        <span className="absolute -inset-y-0.5 w-px bg-slate-700" style={{ left: at(thresholds.suggest) }} />
        <span className="absolute -inset-y-1 w-0.5 bg-slate-900" style={{ left: at(thresholds.join) }} />
      </span>
      <span className="font-mono text-xs tabular-nums text-slate-700" aria-hidden>
        {formatScore(score)}
      </span>
      <span className="sr-only">{describe}</span>
    </span>
  );
}
