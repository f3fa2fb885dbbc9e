'use client';

// Appears once articles are ticked: splits them off into a new story, with an
// optional title. Splitting off every article would leave nothing behind, so
// the bar says so instead of offering it.
import { useId, useState } from 'react';
import { DecisionMessage } from './decision-message';
import { useStoryDecision } from './use-story-decision';

type Props = { storyId: string; version: number; selected: string[]; total: number; onDone: () => void; onClear: () => void };

export function SplitBar({ storyId, version, selected, total, onDone, onClear }: Props) {
  const id = useId();
  const [title, setTitle] = useState('');
  const { decide, pending, outcome } = useStoryDecision(storyId);
  const all = selected.length >= total;
  const n = selected.length;

  async function split() {
    const done = await decide(
      'split',
      { claimIds: selected, title: title.trim() || undefined, expectedVersion: version },
      `Split off ${n} article${n === 1 ? '' : 's'} into a new story.`,
    );
    if (done) {
      setTitle('');
      onDone();
    }
  }

  if (n === 0) return <DecisionMessage outcome={outcome} />;
  return (
    <div
      className="space-y-2 rounded-xl border border-blue-200 bg-blue-50/60 p-3"
      data-testid="split-bar"
      role="region"
      aria-label="Split off the selected articles"
    >
      <div className="flex flex-wrap items-end gap-3">
        <p className="text-sm font-medium" aria-live="polite">
          {n} of {total} selected ·{' '}
          <button type="button" onClick={onClear} className="font-normal text-blue-700 underline">
            Clear
          </button>
        </p>
        {!all && (
          <div className="min-w-[12rem] flex-1">
            <label htmlFor={`${id}-title`} className="block text-xs font-medium text-slate-700">
              Title of the new story <span className="font-normal text-slate-600">(optional)</span>
            </label>
            <input
              id={`${id}-title`}
              dir="auto"
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              aria-invalid={Boolean(outcome?.fields.title)}
              className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            />
          </div>
        )}
        <button
          type="button"
          disabled={all || pending !== null}
          onClick={() => void split()}
          className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          {pending ? 'Splitting…' : `Split off ${n} into a new story`}
        </button>
      </div>
      {all && <p className="text-xs text-slate-700">At least one article must stay in this story. Untick one, or move articles one by one.</p>}
      <DecisionMessage outcome={outcome} />
    </div>
  );
}
