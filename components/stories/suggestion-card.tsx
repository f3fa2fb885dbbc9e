'use client';

// One pending suggestion: another story that may report the same events,
// with its score against the thresholds and, for its strongest article pairs,
// what they share in both scripts. Editors confirm (the other story merges
// into this one) or reject (the two are kept apart for good); others read.
import Link from 'next/link';
import { useId } from 'react';
import { dirAttribute } from '@/lib/utils/text-direction';
import type { StorySuggestionDto } from '@/lib/validation/stories';
import { DecisionMessage } from './decision-message';
import { EvidenceChips } from './evidence-chips';
import { LanguageTags } from './language-tags';
import { ScoreMeter } from './score-meter';
import { useStoryDecision } from './use-story-decision';
import { VisibleText } from '@/components/visible-text';

type Title = { title: string; language: string };

type Props = {
  storyId: string;
  version: number;
  suggestion: StorySuggestionDto;
  thresholds: { join: number; suggest: number };
  /** Titles of the articles on both sides, by claim id. */
  titles: Record<string, Title>;
  canDecide: boolean;
};

const PAIRS_SHOWN = 3;

function PairTitle({ title, fallback }: { title: Title | undefined; fallback: string }) {
  if (!title) return <span className="text-slate-600">{fallback}</span>;
  return (
    <bdi lang={title.language} dir={dirAttribute(title.language)} className="font-medium">
      {title.title}
    </bdi>
  );
}

type Pair = StorySuggestionDto['pairs'][number];

function PairList({ pairs, titles, thresholds, label }: { pairs: Pair[]; titles: Record<string, Title>; thresholds: Props['thresholds']; label: string }) {
  return (
    <ul className="mt-3 space-y-3" aria-label={label}>
      {pairs.map((pair) => {
        const here = titles[pair.claimId];
        const there = titles[pair.otherClaimId];
        return (
          <li key={`${pair.claimId}-${pair.otherClaimId}`} className="rounded-lg border border-amber-200 bg-white p-3" data-testid="suggestion-pair">
            <div className="flex flex-wrap items-start gap-x-3 gap-y-1 text-sm">
              <p className="min-w-0 flex-1 basis-72">
                <PairTitle title={here} fallback="An article here" />
                <span aria-hidden className="px-1.5 text-slate-400">
                  ↔
                </span>
                <span className="sr-only"> and </span>
                <PairTitle title={there} fallback="an article there" />
              </p>
              <ScoreMeter score={pair.score} thresholds={thresholds} compact />
            </div>
            <div className="mt-2">
              <EvidenceChips items={pair.shared} languages={[here?.language, there?.language]} limit={6} compact testId="pair-evidence" />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function SuggestionCard({ storyId, version, suggestion, thresholds, titles, canDecide }: Props) {
  const id = useId();
  const { decide, pending, outcome } = useStoryDecision(storyId);
  const other = suggestion.otherStory;
  const articles = `${other.size} article${other.size === 1 ? '' : 's'}`;

  return (
    <li className="rounded-xl border border-amber-300 bg-amber-50/60 p-4" data-testid="suggestion" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-amber-900">Possibly the same story</p>
          <h3 id={`${id}-title`} className="mt-0.5 font-semibold">
            <Link href={`/stories/${other.id}`} className="text-blue-800 underline-offset-2 hover:underline">
              <bdi dir="auto">
                <VisibleText text={other.title} />
              </bdi>
            </Link>
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-700">
            {articles} <LanguageTags languages={other.languages} />
          </p>
        </div>
        <ScoreMeter score={suggestion.score} thresholds={thresholds} />
      </div>

      <PairList pairs={suggestion.pairs.slice(0, 1)} titles={titles} thresholds={thresholds} label="What the closest articles share" />
      {suggestion.pairs.length > 1 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-blue-800 underline-offset-2 hover:underline">
            {Math.min(suggestion.pairs.length, PAIRS_SHOWN) - 1} more close pair{suggestion.pairs.length === 2 ? '' : 's'}
          </summary>
          <PairList pairs={suggestion.pairs.slice(1, PAIRS_SHOWN)} titles={titles} thresholds={thresholds} label="More close pairs" />
        </details>
      )}

      {canDecide && (
        <div className="mt-3 space-y-2">
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={pending !== null}
              onClick={() =>
                void decide(
                  'confirm',
                  { suggestionId: suggestion.id, expectedVersion: version },
                  `Confirmed: the ${articles} of “${other.title}” joined this story.`,
                )
              }
              className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800 disabled:opacity-60"
            >
              {pending === 'confirm' ? 'Merging…' : 'Confirm: same story'}
            </button>
            <button
              type="button"
              disabled={pending !== null}
              onClick={() =>
                void decide('reject', { suggestionId: suggestion.id, expectedVersion: version }, `Rejected: “${other.title}” stays a story of its own.`)
              }
              className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
            >
              {pending === 'reject' ? 'Rejecting…' : 'Reject: different stories'}
            </button>
          </div>
          <p className="text-xs text-slate-600">
            Confirm moves {other.size === 1 ? 'its article' : `its ${articles}`} here. Reject keeps the two apart: the desk never suggests them again.
          </p>
          <DecisionMessage outcome={outcome} />
        </div>
      )}
    </li>
  );
}
