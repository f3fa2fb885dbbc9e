'use client';

// j / k on the claim page: next / previous claim of the list the reviewer came from,
// as it was on arrival. A verdict re-sorts the list (the decided claim moves),
// and the refreshed neighbours would send j back to the claim above: the page
// keys this component by claim, so the neighbours are read once per claim.
import Link from 'next/link';
import { useState } from 'react';
import { useDeskRouter } from '@/components/navigation-progress';
import { useShortcuts } from './use-shortcuts';

export function ClaimNav({
  previous,
  next,
  listQuery,
  children,
}: {
  previous: string | null;
  next: string | null;
  listQuery: string;
  children?: React.ReactNode;
}) {
  const [arrival] = useState({ previous, next });
  const router = useDeskRouter();
  const href = (id: string) => `/claims/${id}${listQuery ? `?${listQuery}` : ''}`;
  useShortcuts({
    j: () => arrival.next && router.push(href(arrival.next)),
    k: () => arrival.previous && router.push(href(arrival.previous)),
  });
  return (
    <nav aria-label="Claim navigation" className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <Link href={listQuery ? `/?${listQuery}` : '/'} className="text-blue-700 hover:underline">
        ← Back to list
      </Link>
      {children}
      {/* At either end of the list the missing neighbour is a disabled link: it reads as one, and is exempt from text contrast. */}
      <span className="ml-auto flex gap-2">
        {arrival.previous ? (
          <Link href={href(arrival.previous)} className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50" aria-keyshortcuts="k">
            ‹ Previous <kbd className="text-xs text-slate-500">k</kbd>
          </Link>
        ) : (
          <span role="link" aria-disabled="true" className="rounded border border-slate-200 px-2 py-0.5 text-slate-400">
            ‹ Previous
          </span>
        )}
        {arrival.next ? (
          <Link href={href(arrival.next)} className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50" aria-keyshortcuts="j">
            Next <kbd className="text-xs text-slate-500">j</kbd> ›
          </Link>
        ) : (
          <span role="link" aria-disabled="true" className="rounded border border-slate-200 px-2 py-0.5 text-slate-400">
            Next ›
          </span>
        )}
      </span>
    </nav>
  );
}
