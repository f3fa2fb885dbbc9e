import type { Metadata } from 'next';
import Link from 'next/link';
import { requirePageActor } from '@/lib/auth/page-actor';
import { listClaims, listLanguages } from '@/lib/claims/list-claims';
import { userNames } from '@/lib/users/user-names';
import { formatDateTime, initials, languageName } from '@/lib/utils/format';
import { parseListParams, type RawSearch } from '@/lib/validation/list-params';
import { ClaimFilters } from '@/components/claim-filters';
import { ListKeyboard } from '@/components/list-keyboard';
import { StatusBadge } from '@/components/status-badge';

export const metadata: Metadata = { title: 'Claims' };
export const dynamic = 'force-dynamic';

export default async function ClaimsPage({ searchParams }: { searchParams: Promise<RawSearch> }) {
  const actor = await requirePageActor();
  const raw = await searchParams;
  const { query, valid, keep } = parseListParams(raw);
  const [page, languages, names] = await Promise.all([listClaims({ actor, query }), listLanguages(), userNames()]);
  const filtered = keep.size > 0;
  const suffix = keep.size ? `?${keep}` : '';
  const now = new Date();

  return (
    <div className="space-y-5">
      <ListKeyboard />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold tracking-tight">Claims</h1>
        {!valid && <p className="text-sm text-amber-800">Some filters in the address were not understood and were ignored.</p>}
      </div>
      <ClaimFilters status={query.status} lang={query.lang} q={query.q} assigned={query.assigned} due={query.due}
        languages={languages} focusSearch={raw.focus === 'search'} />

      {page.claims.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center" data-testid="empty-list">
          <p className="font-medium">{filtered ? 'No claims match these filters.' : 'No claims yet.'}</p>
          <p className="mt-1 text-sm text-slate-600">
            {filtered ? <Link href="/" className="text-blue-700 underline">Clear the filters</Link>
              : <>Import articles with <code>npm run db:seed</code>.</>}
          </p>
        </div>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Claims, most recently changed first. Press j and k to move, Enter to open.</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Claim</th>
                <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">Language</th>
                <th scope="col" className="px-4 py-2 font-medium">Status</th>
                <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">Assigned</th>
                <th scope="col" className="hidden px-4 py-2 font-medium lg:table-cell">Last change</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.claims.map((c) => {
                const due = c.status === 'outdated' && c.reReviewAt && new Date(c.reReviewAt) <= now;
                const assignee = c.assigneeId ? names[c.assigneeId] : null;
                return (
                  <tr key={c.id} data-testid="claim-row" data-claim-id={c.id} className="hover:bg-slate-50 focus-within:bg-blue-50/50">
                    <td className="px-4 py-3">
                      <Link href={`/claims/${c.id}${suffix}`} data-claim-link className="font-medium text-slate-900 hover:text-blue-700 hover:underline">
                        {c.title}
                      </Link>
                      <div className="mt-0.5 font-mono text-xs text-slate-500">{c.sourceKey}</div>
                    </td>
                    <td className="hidden px-4 py-3 whitespace-nowrap md:table-cell">{languageName(c.language)}</td>
                    <td className="px-4 py-3">
                      <div className="flex flex-col items-start gap-1">
                        <StatusBadge status={c.status} />
                        {due && <span className="text-xs font-medium text-amber-800">Re-review due</span>}
                      </div>
                    </td>
                    <td className="hidden px-4 py-3 sm:table-cell">
                      {assignee ? (
                        <span title={assignee} className="inline-flex items-center gap-1.5">
                          <span aria-hidden className="flex h-6 w-6 items-center justify-center rounded-full bg-slate-200 text-[10px] font-semibold">{initials(assignee)}</span>
                          <span className="hidden xl:inline">{assignee}</span>
                          <span className="sr-only xl:hidden">{assignee}</span>
                        </span>
                      ) : <span className="text-slate-400">—</span>}
                    </td>
                    <td className="hidden px-4 py-3 whitespace-nowrap text-slate-600 lg:table-cell">
                      <time dateTime={c.updatedAt}>{formatDateTime(c.updatedAt)}</time>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="flex justify-between text-sm">
        {query.cursor ? <Link href={`/${suffix}`} className="text-blue-700 hover:underline">← First page</Link> : <span />}
        {page.nextCursor && (
          <Link href={`/?${new URLSearchParams([...keep, ['cursor', page.nextCursor]])}`} className="text-blue-700 hover:underline">
            Next page →
          </Link>
        )}
      </nav>
    </div>
  );
}
