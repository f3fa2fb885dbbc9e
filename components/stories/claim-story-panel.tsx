// The claim page's story panel: which story the article is in, and the other
// articles of it, each with how strongly it is linked (in words, the numbers on
// demand) and what it shares with this one in both scripts ("Guaidó · Гуайдо").
import Link from 'next/link';
import type { ClaimStoryDto } from '@/lib/validation/stories';
import { describeLink, formatScore } from '@/lib/utils/story-evidence';
import { StatusBadge } from '../status-badge';
import { ArticleTitle } from './article-title';
import { DecidedBar } from './decided-bar';
import { EvidenceChips } from './evidence-chips';
import { ScoreMeter } from './score-meter';
import { VisibleText } from '@/components/visible-text';

type Props = { story: ClaimStoryDto | null; language: string; thresholds: { join: number; suggest: number } };

const OTHERS_SHOWN = 5;

export function ClaimStoryPanel({ story, language, thresholds }: Props) {
  return (
    <section
      id="story"
      className="scroll-mt-16 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby="story-panel-title"
      data-testid="claim-story"
    >
      <h2 id="story-panel-title" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Story
      </h2>
      {!story ? (
        <p className="mt-2 text-sm text-slate-600">Not grouped into a story yet.</p>
      ) : (
        <>
          <p className="mt-2 font-medium leading-snug">
            <Link href={`/stories/${story.story.id}`} className="text-blue-800 hover:underline" data-testid="claim-story-link">
              <bdi dir="auto">
                <VisibleText text={story.story.title} />
              </bdi>
            </Link>
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>
              {story.story.size} article{story.story.size === 1 ? '' : 's'}
            </span>
            <DecidedBar decided={story.story.decided} size={story.story.size} className="w-12" />
            <Link href={`/stories/${story.story.id}/figures`} className="font-medium text-blue-800 underline" data-testid="claim-story-figures-link">
              Figures board
            </Link>
          </p>
          {story.others.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No other article reports this story yet.</p>
          ) : (
            <>
              <h3 className="mt-4 text-xs font-medium text-slate-600">Other articles, and what each shares with this one</h3>
              <ul className="mt-2 space-y-3" data-testid="story-others">
                {story.others.slice(0, OTHERS_SHOWN).map((o) => (
                  <li key={o.claimId} className="space-y-1.5 border-t border-slate-100 pt-3 first:border-0 first:pt-0" data-testid="story-other">
                    <ArticleTitle claimId={o.claimId} title={o.title} language={o.language} clamp>
                      <span title={o.language}>{o.language.toUpperCase()}</span>
                      <StatusBadge status={o.status} />
                    </ArticleTitle>
                    {o.score !== null && (
                      <div className="text-xs text-slate-700" data-testid="story-link">
                        <p>{describeLink(o.score, thresholds)}</p>
                        <details className="mt-1">
                          <summary className="w-fit cursor-pointer text-blue-800 underline underline-offset-2">Show the numbers</summary>
                          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600">
                            <ScoreMeter score={o.score} thresholds={thresholds} compact />
                            <span>
                              score {formatScore(o.score)}; suggested from {formatScore(thresholds.suggest)}, joins at {formatScore(thresholds.join)}
                            </span>
                          </p>
                        </details>
                      </div>
                    )}
                    {o.shared.length > 0 ? (
                      <EvidenceChips items={o.shared} languages={[language, o.language]} limit={5} flat testId="shared-evidence" />
                    ) : (
                      <p className="text-xs text-slate-600">Placed in the story by an editor, or linked only through other articles.</p>
                    )}
                  </li>
                ))}
              </ul>
              {story.others.length > OTHERS_SHOWN && (
                <p className="mt-3 text-xs">
                  <Link href={`/stories/${story.story.id}`} className="text-blue-700 underline">
                    {story.others.length - OTHERS_SHOWN} more on the story page
                  </Link>
                </p>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
