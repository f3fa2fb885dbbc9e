'use client';

// The story's title, and for editors a way to rename it or to go back to the
// title the desk derives from what the articles share.
import { useId, useState } from 'react';
import type { StorySummary } from '@/lib/validation/stories';
import { DecisionMessage } from './decision-message';
import { useStoryDecision } from './use-story-decision';
import { VisibleText } from '@/components/visible-text';

type Props = { story: Pick<StorySummary, 'id' | 'version' | 'title' | 'derivedTitle' | 'customTitle'>; canDecide: boolean };

export function StoryHeading({ story, canDecide }: Props) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(story.title);
  const { decide, pending, outcome } = useStoryDecision(story.id);

  async function rename(title: string | null) {
    const done = await decide('rename', { title, expectedVersion: story.version }, title === null ? 'The derived title is back.' : 'Renamed.');
    if (done) setEditing(false);
  }

  if (editing) {
    return (
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          void rename(draft);
        }}
      >
        <h1 className="sr-only">{story.title}</h1>
        <label htmlFor={`${id}-title`} className="block text-sm font-medium">
          Story title
        </label>
        <input
          id={`${id}-title`}
          dir="auto"
          value={draft}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
          autoFocus
          onKeyDown={(e) => {
            if (e.key === 'Escape') setEditing(false);
          }}
          aria-invalid={Boolean(outcome?.fields.title)}
          className="w-full rounded-md border border-slate-300 px-3 py-1.5 text-lg font-semibold"
        />
        <p className="text-xs text-slate-600">
          Derived from what the articles share: <bdi dir="auto">{story.derivedTitle}</bdi>
        </p>
        <DecisionMessage outcome={outcome} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={pending !== null} className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800">
            {pending ? 'Saving…' : 'Save title'}
          </button>
          {story.customTitle !== null && (
            <button
              type="button"
              disabled={pending !== null}
              onClick={() => void rename(null)}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
            >
              Use the derived title
            </button>
          )}
          <button type="button" onClick={() => setEditing(false)} className="rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
            Cancel
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <h1 className="min-w-0 flex-1 text-2xl font-semibold leading-snug tracking-tight" data-testid="story-title">
          <bdi dir="auto">
            <VisibleText text={story.title} />
          </bdi>
        </h1>
        {canDecide && (
          <button
            type="button"
            onClick={() => {
              setDraft(story.title);
              setEditing(true);
            }}
            className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
          >
            Rename
          </button>
        )}
      </div>
      {story.customTitle !== null && (
        <p className="text-xs text-slate-600">
          Title set by an editor; derived: <bdi dir="auto">{story.derivedTitle}</bdi>
        </p>
      )}
      {outcome?.tone === 'done' && <DecisionMessage outcome={outcome} />}
    </div>
  );
}
