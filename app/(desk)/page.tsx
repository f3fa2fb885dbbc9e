import type { Metadata } from 'next';
import Link from 'next/link';
import { requirePageActor } from '@/lib/auth/page-actor';
import { listClaims, listLanguages } from '@/lib/claims/list-claims';
import { listClaimsQuerySchema } from '@/lib/validation/claims';
import { formatDateTime, languageName } from '@/lib/utils/format';
import { ClaimFilters } from '@/components/claim-filters';
import { StatusBadge } from '@/components/status-badge';

export const metadata: Metadata = { title: 'Claims' };
export const dynamic = 'force-dynamic';

type Search = Record<string, string | string[] | undefined>;

export default async function ClaimsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const actor = await requirePageActor();
  const raw = Object.fromEntries(Object.entries(await searchParams).filter(([, v]) => typeof v === 'string'));
  const parsed = listClaimsQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : listClaimsQuerySchema.parse({});
  const [page, languages] = await Promise.all([listClaims({ actor, query }), listLanguages()]);
  const filtered = Boolean(query.status || query.lang || query.q);
  const keep = new URLSearchParams(Object.entries({ status: query.status, lang: query.lang, q: query.q })
    .filter((e): e is [string, string] => Boolean(e[1])));

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold tracking-tight">Claims</h1>
        {!parsed.success && (
          <p className="text-sm text-amber-800">Some filters in the address were not understood and were ignored.</p>
        )}
      </div>
      <ClaimFilters status={query.status} lang={query.lang} q={query.q} languages={languages} />

      {page.claims.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="font-medium">{filtered ? 'No claims match these filters.' : 'No claims yet.'}</p>
          <p className="mt-1 text-sm text-slate-600">
            {filtered ? <Link href="/" className="text-blue-700 underline">Clear the filters</Link>
              : <>Import articles with <code>npm run db:seed</code>.</>}
          </p>
        </div>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Claims, most recently changed first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Claim</th>
                <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">Language</th>
                <th scope="col" className="px-4 py-2 font-medium">Status</th>
                <th scope="col" className="hidden px-4 py-2 font-medium lg:table-cell">Last change</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.claims.map((c) => (
                <tr key={c.id} data-testid="claim-row" data-claim-id={c.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <Link href={`/claims/${c.id}`} className="font-medium text-slate-900 hover:text-blue-700 hover:underline">
                      {c.title}
                    </Link>
                    <div className="mt-0.5 font-mono text-xs text-slate-500">{c.sourceKey}</div>
                  </td>
                  <td className="hidden px-4 py-3 whitespace-nowrap md:table-cell" lang={c.language}>{languageName(c.language)}</td>
                  <td className="px-4 py-3"><StatusBadge status={c.status} /></td>
                  <td className="hidden px-4 py-3 whitespace-nowrap text-slate-600 lg:table-cell">
                    <time dateTime={c.updatedAt}>{formatDateTime(c.updatedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="flex justify-between text-sm">
        {query.cursor ? <Link href={keep.size ? `/?${keep}` : '/'} className="text-blue-700 hover:underline">← First page</Link> : <span />}
        {page.nextCursor && (
          <Link href={`/?${new URLSearchParams([...keep, ['cursor', page.nextCursor]])}`} className="text-blue-700 hover:underline">
            Next page →
          </Link>
        )}
      </nav>
    </div>
  );
}
