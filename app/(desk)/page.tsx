import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { requirePageActor } from '@/lib/auth/page-actor';
import { canImportArticles } from '@/lib/auth/permissions';
import { listClaimOrigins } from '@/lib/claims/claim-origins';
import { listClaims, listLanguages } from '@/lib/claims/list-claims';
import { listStoryGroups } from '@/lib/stories/desk/list-story-groups';
import { userNames } from '@/lib/users/user-names';
import { CLAIMS_VIEW_COOKIE, claimsView } from '@/lib/utils/claims-view';
import { parseListParams, type RawSearch } from '@/lib/validation/list-params';
import { ClaimFilters } from '@/components/claim-filters';
import { ClaimsTable } from '@/components/claims-table';
import { GroupToggle } from '@/components/stories/group-toggle';
import { GroupedClaims } from '@/components/stories/grouped-claims';
import { LiveSince } from '@/components/realtime/live-since';
import { latestSeq } from '@/lib/history/replay-changes';

export const metadata: Metadata = { title: 'Claims' };
export const dynamic = 'force-dynamic';

export default async function ClaimsPage({ searchParams }: { searchParams: Promise<RawSearch> }) {
  const actor = await requirePageActor();
  // Read before the page's data: its live parts replay what commits after it.
  const seq = await latestSeq();
  const raw = await searchParams;
  const { query, valid, keep } = parseListParams(raw);
  // The view is remembered in a cookie, read here, so the page renders in it at once.
  const view = claimsView((await cookies()).get(CLAIMS_VIEW_COOKIE)?.value);
  const [page, grouped, languages, names] = await Promise.all([
    view === 'list' ? listClaims({ actor, query }) : null,
    view === 'stories' ? listStoryGroups({ actor, query }) : null,
    listLanguages(),
    userNames(),
  ]);
  const listed = [...(page?.claims ?? []), ...(grouped?.groups.flatMap((g) => g.claims) ?? [])];
  const origins = await listClaimOrigins({ actor, ids: listed.map((c) => c.id) });
  const filtered = keep.size > 0;
  const suffix = keep.size ? `?${keep}` : '';
  // Both views page by the same key (a claim's last change), so one cursor serves either.
  const nextCursor = page?.nextCursor ?? grouped?.nextCursor ?? null;
  const empty = (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center" data-testid="empty-list">
      <p className="font-medium">{filtered ? 'No claims match these filters.' : 'No claims yet.'}</p>
      <p className="mt-1 text-sm text-slate-600">
        {filtered ? (
          <Link href="/" className="text-blue-700 underline">
            Clear the filters
          </Link>
        ) : canImportArticles(actor) ? (
          <Link href="/articles/new" className="text-blue-700 underline">
            Add articles
          </Link>
        ) : (
          'Reviewers and editors add articles to the desk.'
        )}
      </p>
    </div>
  );

  return (
    <LiveSince seq={seq}>
      <div className="space-y-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-xl font-semibold tracking-tight">Claims</h1>
          {!valid && <p className="text-sm text-amber-800">Some filters in the address were not understood and were ignored.</p>}
          <GroupToggle view={view} filterQuery={keep.toString()} />
        </div>
        <ClaimFilters
          status={query.status}
          lang={query.lang}
          q={query.q}
          assigned={query.assigned}
          due={query.due}
          languages={languages}
          focusSearch={raw.focus === 'search'}
        />

        {page && (
          <ClaimsTable
            key={keep.toString() + (query.cursor ?? '')}
            claims={page.claims}
            names={names}
            origins={origins}
            suffix={suffix}
            filterQuery={keep.toString()}
            firstPage={!query.cursor}
            empty={empty}
          />
        )}
        {grouped && (
          <GroupedClaims
            key={keep.toString() + (query.cursor ?? '')}
            groups={grouped.groups}
            names={names}
            origins={origins}
            suffix={suffix}
            filterQuery={keep.toString()}
            firstPage={!query.cursor}
            empty={empty}
          />
        )}
        <nav aria-label="Pages" className="flex justify-between text-sm">
          {query.cursor ? (
            <Link href={`/${suffix}`} className="text-blue-700 hover:underline">
              ← First page
            </Link>
          ) : (
            <span />
          )}
          {nextCursor && (
            <Link href={`/?${new URLSearchParams([...keep, ['cursor', nextCursor]])}`} className="text-blue-700 hover:underline">
              Next page →
            </Link>
          )}
        </nav>
      </div>
    </LiveSince>
  );
}
