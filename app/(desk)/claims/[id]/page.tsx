import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requirePageActor } from '@/lib/auth/page-actor';
import { getClaim } from '@/lib/claims/get-claim';
import { isAppError } from '@/lib/errors';
import { formatDateTime, languageName } from '@/lib/utils/format';
import { StatusBadge } from '@/components/status-badge';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Claim' };

function paragraphs(text: string): string[] {
  // Some sources separate paragraphs with blank lines, others with single newlines.
  return text.split(/\n\s*\n|\n/).map((p) => p.trim()).filter(Boolean);
}

export default async function ClaimPage({ params }: { params: Promise<{ id: string }> }) {
  const actor = await requirePageActor();
  const { id } = await params;
  const claim = await getClaim({ actor, id }).catch((e) => {
    if (isAppError(e) && (e.code === 'not_found' || e.code === 'invalid_input')) notFound();
    throw e;
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <article className="min-w-0 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" lang={claim.language}>
        <Link href="/" className="text-sm text-blue-700 hover:underline">← All claims</Link>
        <h1 className="mt-3 text-2xl font-semibold leading-snug tracking-tight">{claim.title}</h1>
        <div className="article mt-5 max-w-[70ch] text-[16px] leading-7 text-slate-800" data-testid="claim-body">
          {paragraphs(claim.body).map((p, i) => <p key={i}>{p}</p>)}
        </div>
        {claim.boilerplate && (
          <details className="mt-8 rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-sm" data-testid="boilerplate">
            <summary className="cursor-pointer font-medium text-amber-900">
              Trailing boilerplate ({paragraphs(claim.boilerplate).length} lines scraped with the article, not part of it)
            </summary>
            <div className="mt-2 space-y-1 text-slate-600">
              {paragraphs(claim.boilerplate).map((p, i) => <p key={i}>{p}</p>)}
            </div>
          </details>
        )}
      </article>
      <aside className="space-y-4" aria-label="Claim details">
        <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Details</h2>
          <dl className="mt-3 grid grid-cols-[6rem_1fr] gap-y-2 text-sm">
            <dt className="text-slate-500">Status</dt>
            <dd><StatusBadge status={claim.status} /></dd>
            <dt className="text-slate-500">Language</dt>
            <dd data-testid="claim-language">{languageName(claim.language)} <span className="text-slate-400">({claim.language})</span></dd>
            <dt className="text-slate-500">Source key</dt>
            <dd className="break-all font-mono text-xs leading-5">{claim.sourceKey}</dd>
            <dt className="text-slate-500">Version</dt>
            <dd>{claim.version}</dd>
            <dt className="text-slate-500">Updated</dt>
            <dd><time dateTime={claim.updatedAt}>{formatDateTime(claim.updatedAt)}</time></dd>
          </dl>
        </section>
      </aside>
    </div>
  );
}
