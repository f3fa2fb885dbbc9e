// The answer to an editor's decision, where the editor is looking: done
// (announced politely), changed meanwhile or refused (announced at once).
import type { DecisionOutcome } from './use-story-decision';

const TONES: Record<DecisionOutcome['tone'], string> = {
  done: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  conflict: 'border-amber-300 bg-amber-50 text-amber-950',
  error: 'border-red-200 bg-red-50 text-red-900',
};

export function DecisionMessage({ outcome, testId = 'decision-message' }: { outcome: DecisionOutcome | null; testId?: string }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.tone === 'done' ? 'status' : 'alert'}
      data-testid={testId}
      data-tone={outcome.tone}
      className={`rounded-lg border px-3 py-2 text-sm ${TONES[outcome.tone]}`}
    >
      {outcome.tone === 'conflict' && <span className="font-semibold">Changed meanwhile. </span>}
      {outcome.message}
    </p>
  );
}
