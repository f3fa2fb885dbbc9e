'use client';

// Moves one article out of this story: to a story of its own, or into another
// story found by title. Opened from the article's row; Escape or Cancel closes it.
import { useEffect, useId, useRef, useState } from 'react';
import { dirAttribute } from '@/lib/utils/text-direction';
import type { StoryArticleDto, StorySummary } from '@/lib/validation/stories';
import { DecisionMessage } from './decision-message';
import { StorySearch } from './story-search';
import { useStoryDecision } from './use-story-decision';
import { VisibleText } from '@/components/visible-text';

type Props = { storyId: string; version: number; article: Pick<StoryArticleDto, 'claimId' | 'title' | 'language'>; onClose: () => void };

export function MovePanel({ storyId, version, article, onClose }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [to, setTo] = useState<'new' | 'other'>('new');
  const [other, setOther] = useState<StorySummary | null>(null);
  const { decide, pending, outcome } = useStoryDecision(storyId);
  useEffect(() => heading.current?.focus(), []);

  async function move() {
    const target = to === 'new' ? null : other;
    if (to === 'other' && !target) return;
    const done = await decide(
      'move',
      { claimId: article.claimId, toStoryId: target?.id ?? null, expectedVersion: version },
      target ? `Moved to “${target.title}”.` : 'Moved to a story of its own.',
    );
    if (done) onClose();
  }

  return (
    <section
      aria-labelledby={`${id}-h`}
      className="space-y-3 rounded-xl border border-blue-200 bg-blue-50/50 p-4"
      data-testid="move-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <h3 id={`${id}-h`} ref={heading} tabIndex={-1} className="text-sm font-semibold">
        Move{' '}
        <bdi lang={article.language} dir={dirAttribute(article.language)}>
          “<VisibleText text={article.title} />”
        </bdi>
      </h3>
      <fieldset className="space-y-1 text-sm">
        <legend className="sr-only">Where to</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-to`} checked={to === 'new'} onChange={() => setTo('new')} /> To a new story of its own
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-to`} checked={to === 'other'} onChange={() => setTo('other')} /> Into another story
        </label>
      </fieldset>
      {to === 'other' && <StorySearch excludeId={storyId} label="Find the story" picked={other} onPick={setOther} />}
      <DecisionMessage outcome={outcome} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={pending !== null || (to === 'other' && !other)}
          onClick={() => void move()}
          className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          {pending ? 'Moving…' : 'Move the article'}
        </button>
        <button type="button" onClick={onClose} className="rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
          Cancel
        </button>
      </div>
    </section>
  );
}
