'use client';

// j / k on the claim page: next / previous claim of the list the reviewer came from.
import Link from 'next/link';
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
  const router = useDeskRouter();
  const href = (id: string) => `/claims/${id}${listQuery ? `?${listQuery}` : ''}`;
  useShortcuts({
    j: () => next && router.push(href(next)),
    k: () => previous && router.push(href(previous)),
  });
  return (
    <nav aria-label="Claim navigation" className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <Link href={listQuery ? `/?${listQuery}` : '/'} className="text-blue-700 hover:underline">
        ← Back to list
      </Link>
      {children}
      {/* At either end of the list the missing neighbour is a disabled link: it reads as one, and is exempt from text contrast. */}
      <span className="ml-auto flex gap-2">
        {previous ? (
          <Link href={href(previous)} className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50" aria-keyshortcuts="k">
            ‹ Previous <kbd className="text-xs text-slate-500">k</kbd>
          </Link>
        ) : (
          <span role="link" aria-disabled="true" className="rounded border border-slate-200 px-2 py-0.5 text-slate-400">
            ‹ Previous
          </span>
        )}
        {next ? (
          <Link href={href(next)} className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50" aria-keyshortcuts="j">
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
