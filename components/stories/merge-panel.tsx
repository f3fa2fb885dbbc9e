'use client';

// Merge another story into this one: the editor finds it by title, sees its
// size and languages, and confirms. Both versions travel with the request, so
// a story that changed meanwhile is refused (409) rather than merged blind.
import { useState } from 'react';
import type { StorySummary } from '@/lib/validation/stories';
import { DecisionMessage } from './decision-message';
import { StorySearch } from './story-search';
import { useStoryDecision } from './use-story-decision';

export function MergePanel({ story }: { story: Pick<StorySummary, 'id' | 'version' | 'title'> }) {
  const [other, setOther] = useState<StorySummary | null>(null);
  const { decide, pending, outcome } = useStoryDecision(story.id);

  async function merge() {
    if (!other) return;
    const done = await decide(
      'merge',
      { otherStoryId: other.id, otherVersion: other.version, expectedVersion: story.version },
      `Merged: “${other.title}” is now part of this story.`,
    );
    if (done) setOther(null);
  }

  return (
    <details className="group rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="merge-panel">
      <summary className="cursor-pointer list-none rounded-xl px-4 py-3 text-sm font-medium hover:bg-slate-50">
        <span aria-hidden className="mr-1 inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        Merge another story into this one
      </summary>
      <div className="space-y-3 border-t border-slate-100 px-4 py-3">
        <StorySearch excludeId={story.id} label="Find the story to merge" picked={other} onPick={setOther} />
        <DecisionMessage outcome={outcome} />
        <button
          type="button"
          disabled={!other || pending !== null}
          onClick={() => void merge()}
          className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          {pending === 'merge' ? 'Merging…' : other ? `Merge ${other.size} article${other.size === 1 ? '' : 's'} into this story` : 'Merge into this story'}
        </button>
      </div>
    </details>
  );
}
