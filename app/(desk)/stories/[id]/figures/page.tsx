import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { requirePageActor } from '@/lib/auth/page-actor';
import { canReview, canSetVerdict } from '@/lib/auth/permissions';
import { fromBoard, loadStoryBoard } from '@/lib/figures/desk';
import { getStorySummary } from '@/lib/stories/desk/get-story';
import { storyIdSchema } from '@/lib/validation/stories';
import { packBoard } from '@/components/figures/board-payload';
import { FiguresBoard } from '@/components/figures/figures-board';
import { LanguageTags } from '@/components/stories/language-tags';
import { LiveSince } from '@/components/realtime/live-since';
import { latestSeq } from '@/lib/history/replay-changes';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Figures' };

// The figures board of one story (issue 13): every number its articles
// give, grouped by what is counted, with conflicts and a chart per group.
export default async function StoryFiguresPage({ params }: { params: Promise<{ id: string }> }) {
  const actor = await requirePageActor();
  // Read before the page's data: its live parts replay what commits after it.
  const seq = await latestSeq();
  const parsedId = storyIdSchema.safeParse((await params).id);
  if (!parsedId.success) notFound();
  // Both at once; a story that is gone or merged away is answered from its summary.
  const [found, cached] = await Promise.all([getStorySummary(parsedId.data), loadStoryBoard({ storyId: parsedId.data }).catch(() => null)]);
  if (!found) notFound();
  // An old link to a story merged away leads to the board of the one it joined.
  if ('mergedInto' in found) redirect(`/stories/${found.mergedInto}/figures`);
  const story = found;
  // Only what the board shows at first goes to the client (board-payload.ts).
  // The computed board is cached per story revision (board-cache.ts), and so is its packing.
  const initial = fromBoard(cached ?? (await loadStoryBoard({ storyId: story.id })), 'packed', (b) => packBoard(story.id, b));
  const { figures: live, articles } = initial.totals;

  return (
    <LiveSince seq={seq}>
      <div className="space-y-5">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link href={`/stories/${story.id}`} className="text-blue-700 hover:underline">
            ← Back to the story
          </Link>
        </nav>
        <header className="space-y-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Figures board</p>
          <h1 className="text-2xl font-semibold leading-snug tracking-tight" data-testid="board-title">
            <bdi dir="auto">{story.title}</bdi>
          </h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700" data-testid="board-facts">
            <span className="font-medium">
              {live} figure{live === 1 ? '' : 's'} from {articles} of {story.size} article{story.size === 1 ? '' : 's'}
            </span>
            <LanguageTags languages={story.languages} />
          </div>
          <p className="max-w-3xl text-sm text-slate-600">
            Every number the articles give, grouped by what it counts. A conflict is two figures that cannot both be right; a figure that rises or falls over
            time from one source is a progression, not a conflict. Each sentence is shown as the article writes it.
          </p>
        </header>
        <FiguresBoard storyId={story.id} initial={initial} canReview={canReview(actor)} canReopen={canSetVerdict(actor, 'unreviewed')} />
      </div>
    </LiveSince>
  );
}
