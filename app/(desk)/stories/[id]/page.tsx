import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { requirePageActor } from '@/lib/auth/page-actor';
import { canDecideStories } from '@/lib/auth/permissions';
import { claimTitles } from '@/lib/claims/claim-titles';
import { getStory } from '@/lib/stories/desk/get-story';
import { formatDateTime } from '@/lib/utils/format';
import { storyIdSchema } from '@/lib/validation/stories';
import { ExportDialog } from '@/components/export-dialog';
import { DecidedBar } from '@/components/stories/decided-bar';
import { EvidenceChips } from '@/components/stories/evidence-chips';
import { LanguageTags } from '@/components/stories/language-tags';
import { MergePanel } from '@/components/stories/merge-panel';
import { StoryArticles } from '@/components/stories/story-articles';
import { StoryHeading } from '@/components/stories/story-heading';
import { StoryLive } from '@/components/stories/story-live';
import { StorySpanLabel } from '@/components/stories/story-span';
import { SuggestionCard } from '@/components/stories/suggestion-card';
import { ThresholdLegend } from '@/components/stories/threshold-legend';
import { LiveSince } from '@/components/realtime/live-since';
import { latestSeq } from '@/lib/history/replay-changes';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Story' };

export default async function StoryPage({ params }: { params: Promise<{ id: string }> }) {
  const actor = await requirePageActor();
  // Read before the page's data: its live parts replay what commits after it.
  const seq = await latestSeq();
  const parsedId = storyIdSchema.safeParse((await params).id);
  if (!parsedId.success) notFound();
  const found = await getStory(parsedId.data);
  if (!found) notFound();
  // An old link to a story merged away leads to the one it joined.
  if ('mergedInto' in found) redirect(`/stories/${found.mergedInto}`);
  const story = found;
  const canDecide = canDecideStories(actor);
  const titles = await claimTitles(story.suggestions.flatMap((s) => s.pairs.flatMap((p) => [p.claimId, p.otherClaimId])));
  const memberIds = story.articles.map((a) => a.claimId);

  return (
    <LiveSince seq={seq}>
      <div className="space-y-5">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link href="/stories" className="text-blue-700 hover:underline">
            ← All stories
          </Link>
        </nav>
        <StoryLive storyId={story.id} memberIds={memberIds} />

        <header className="space-y-3">
          <StoryHeading story={story} canDecide={canDecide} />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700" data-testid="story-facts">
            <span className="font-medium">
              {story.size} article{story.size === 1 ? '' : 's'}
            </span>
            <DecidedBar decided={story.decided} size={story.size} />
            <LanguageTags languages={story.languages} />
            <StorySpanLabel articles={story.articles} />
            <span className="text-xs text-slate-600">
              Updated <time dateTime={story.updatedAt}>{formatDateTime(story.updatedAt)}</time>
            </span>
            {story.suggestions.length > 0 && (
              <a
                href="#suggestions"
                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 hover:bg-amber-200"
                data-testid="suggestions-link"
              >
                {story.suggestions.length} suggested link{story.suggestions.length === 1 ? '' : 's'} ↓
              </a>
            )}
            <Link
              href={`/stories/${story.id}/figures`}
              className="rounded-full border border-blue-200 bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-900 hover:bg-blue-100"
              data-testid="figures-board-link"
            >
              Figures board →
            </Link>
            <span className="ms-auto">
              <ExportDialog story={{ id: story.id, title: story.title }} />
            </span>
          </div>
          {!canDecide && (
            <p className="text-xs text-slate-600" data-testid="read-only-note">
              Editors confirm, reject, split, move and merge stories; their decisions show here.
            </p>
          )}
        </header>

        <section aria-labelledby="why-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="why-title" className="text-base font-semibold">
              Why these articles belong together
            </h2>
            {story.size > 1 && (
              <p className="text-xs text-slate-600">
                What they share, as each article writes it.{story.evidence.some((e) => e.links > 1) && ' ×3: three article pairs share it.'}
              </p>
            )}
          </div>
          {story.size < 2 ? (
            <p className="text-sm text-slate-600">
              A story of one article: nothing to compare yet. Articles that share its names, places and figures join it when they are imported.
            </p>
          ) : (
            <EvidenceChips items={story.evidence} />
          )}
        </section>

        <section aria-labelledby="articles-title" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="articles-title" className="text-base font-semibold">
              Articles
            </h2>
            <ThresholdLegend thresholds={story.thresholds} />
          </div>
          <StoryArticles storyId={story.id} version={story.version} articles={story.articles} thresholds={story.thresholds} canDecide={canDecide} />
        </section>

        {story.suggestions.length > 0 && (
          <section id="suggestions" aria-labelledby="suggestions-title" className="scroll-mt-20 space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="suggestions-title" className="text-base font-semibold">
                Suggested: {story.suggestions.length} other {story.suggestions.length === 1 ? 'story' : 'stories'} may report the same events
              </h2>
              <ThresholdLegend thresholds={story.thresholds} />
            </div>
            <ul className="space-y-3">
              {story.suggestions.map((s) => (
                <SuggestionCard
                  key={s.id}
                  storyId={story.id}
                  version={story.version}
                  suggestion={s}
                  thresholds={story.thresholds}
                  titles={titles}
                  canDecide={canDecide}
                />
              ))}
            </ul>
          </section>
        )}

        {canDecide && <MergePanel story={story} />}
      </div>
    </LiveSince>
  );
}
