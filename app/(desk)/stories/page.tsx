import type { Metadata } from 'next';
import Link from 'next/link';
import { requirePageActor } from '@/lib/auth/page-actor';
import { listStories } from '@/lib/stories/desk/list-stories';
import type { RawSearch } from '@/lib/validation/list-params';
import { listStoriesQuerySchema } from '@/lib/validation/stories';
import { StoriesTable } from '@/components/stories/stories-table';
import { StoryFilters } from '@/components/stories/story-filters';
import { LiveSince } from '@/components/realtime/live-since';
import { latestSeq } from '@/lib/history/replay-changes';

export const metadata: Metadata = { title: 'Stories' };
export const dynamic = 'force-dynamic';

export default async function StoriesPage({ searchParams }: { searchParams: Promise<RawSearch> }) {
  await requirePageActor();
  // Read before the page's data: its live parts replay what commits after it.
  const seq = await latestSeq();
  const raw = await searchParams;
  const text = (k: string) => (typeof raw[k] === 'string' ? raw[k] : undefined);
  const hideAlone = text('alone') === 'hide';
  const parsed = listStoriesQuerySchema.safeParse({ q: text('q') || undefined, cursor: text('cursor'), minSize: hideAlone ? 2 : 1 });
  const query = parsed.success ? parsed.data : listStoriesQuerySchema.parse({ minSize: hideAlone ? 2 : 1 });
  const page = await listStories(query);
  const keep = new URLSearchParams(Object.entries({ q: query.q, alone: hideAlone ? 'hide' : undefined }).filter((e): e is [string, string] => Boolean(e[1])));
  const filtered = keep.size > 0;

  return (
    <LiveSince seq={seq}>
      <div className="space-y-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <div>
            <h1 className="text-xl font-semibold tracking-tight">Stories</h1>
            <p className="text-sm text-slate-600">Articles that report the same events, grouped by the desk as they are imported, in every language.</p>
          </div>
          {!parsed.success && <p className="text-sm text-amber-800">Some of the address was not understood and was ignored.</p>}
        </div>
        <StoryFilters q={query.q} hideAlone={hideAlone} />
        <StoriesTable
          key={keep.toString() + (query.cursor ?? '')}
          stories={page.stories}
          minSize={query.minSize}
          searching={Boolean(query.q)}
          firstPage={!query.cursor}
          empty={
            <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center" data-testid="empty-stories">
              <p className="font-medium">{filtered ? 'No story matches.' : 'No stories yet.'}</p>
              <p className="mt-1 text-sm text-slate-600">
                {filtered ? (
                  <Link href="/stories" className="text-blue-700 underline">
                    Show every story
                  </Link>
                ) : (
                  'Stories appear by themselves as articles are imported.'
                )}
              </p>
            </div>
          }
        />
        <nav aria-label="Pages" className="flex justify-between text-sm">
          {query.cursor ? (
            <Link href={`/stories${keep.size ? `?${keep}` : ''}`} className="text-blue-700 hover:underline">
              ← First page
            </Link>
          ) : (
            <span />
          )}
          {page.nextCursor && (
            <Link href={`/stories?${new URLSearchParams([...keep, ['cursor', page.nextCursor]])}`} className="text-blue-700 hover:underline">
              Next page →
            </Link>
          )}
        </nav>
      </div>
    </LiveSince>
  );
}
