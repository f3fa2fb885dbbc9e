'use client';

// "Group by story" on the claims list: a switch remembered in a cookie (read
// by the page on the server), then the list is rendered again in the new view.
import { useDeskRouter } from '@/components/navigation-progress';
import { useTransition } from 'react';
import { CLAIMS_VIEW_COOKIE, CLAIMS_VIEW_MAX_AGE, type ClaimsView } from '@/lib/utils/claims-view';

export function GroupToggle({ view, filterQuery }: { view: ClaimsView; filterQuery: string }) {
  const router = useDeskRouter();
  const [pending, startTransition] = useTransition();
  const on = view === 'stories';
  function toggle() {
    const next: ClaimsView = on ? 'list' : 'stories';
    document.cookie = `${CLAIMS_VIEW_COOKIE}=${next}; path=/; max-age=${CLAIMS_VIEW_MAX_AGE}; samesite=lax`;
    // The other view starts at its top: a later page of one is not where the reader was in the other.
    startTransition(() => router.push(filterQuery ? `/?${filterQuery}` : '/'));
  }
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={toggle}
      disabled={pending}
      data-testid="group-toggle"
      className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-70"
    >
      <span aria-hidden className={`relative inline-block h-4 w-7 rounded-full transition-colors ${on ? 'bg-blue-700' : 'bg-slate-300'}`}>
        <span className={`absolute top-0.5 h-3 w-3 rounded-full bg-white shadow transition-all ${on ? 'left-3.5' : 'left-0.5'}`} />
      </span>
      Group by story
    </button>
  );
}
