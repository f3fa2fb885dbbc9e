import type { Metadata } from 'next';
import Link from 'next/link';
import { requirePageActor } from '@/lib/auth/page-actor';
import { canImportArticles } from '@/lib/auth/permissions';
import { listClaims, listLanguages } from '@/lib/claims/list-claims';
import { userNames } from '@/lib/users/user-names';
import { parseListParams, type RawSearch } from '@/lib/validation/list-params';
import { ClaimFilters } from '@/components/claim-filters';
import { ListKeyboard } from '@/components/list-keyboard';
import { ClaimsTable } from '@/components/claims-table';

export const metadata: Metadata = { title: 'Claims' };
export const dynamic = 'force-dynamic';

export default async function ClaimsPage({ searchParams }: { searchParams: Promise<RawSearch> }) {
  const actor = await requirePageActor();
  const raw = await searchParams;
  const { query, valid, keep } = parseListParams(raw);
  const [page, languages, names] = await Promise.all([listClaims({ actor, query }), listLanguages(), userNames()]);
  const filtered = keep.size > 0;
  const suffix = keep.size ? `?${keep}` : '';

  return (
    <div className="space-y-5">
      <ListKeyboard />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold tracking-tight">Claims</h1>
        {!valid && <p className="text-sm text-amber-800">Some filters in the address were not understood and were ignored.</p>}
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

      <ClaimsTable
        key={keep.toString() + (query.cursor ?? '')}
        claims={page.claims}
        names={names}
        suffix={suffix}
        filterQuery={keep.toString()}
        firstPage={!query.cursor}
        empty={
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
        }
      />
      <nav aria-label="Pages" className="flex justify-between text-sm">
        {query.cursor ? (
          <Link href={`/${suffix}`} className="text-blue-700 hover:underline">
            ← First page
          </Link>
        ) : (
          <span />
        )}
        {page.nextCursor && (
          <Link href={`/?${new URLSearchParams([...keep, ['cursor', page.nextCursor]])}`} className="text-blue-700 hover:underline">
            Next page →
          </Link>
        )}
      </nav>
    </div>
  );
}
