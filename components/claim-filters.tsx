'use client';

// Filter bar for the claims list. A plain GET form (works without scripts);
// selects apply at once, search on Enter.
import { useRouter } from 'next/navigation';
import { useRef } from 'react';
import { CLAIM_STATUSES } from '@/lib/validation/claims';
import { languageName } from '@/lib/utils/format';

type Props = { status?: string; lang?: string; q?: string; languages: string[] };

export function ClaimFilters({ status, lang, q, languages }: Props) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);

  function apply() {
    const data = new FormData(form.current!);
    const params = new URLSearchParams();
    for (const [k, v] of data.entries()) if (typeof v === 'string' && v.trim()) params.set(k, v.trim());
    router.push(params.size ? `/?${params}` : '/');
  }

  return (
    <form ref={form} role="search" aria-label="Filter claims" method="get" action="/"
      onSubmit={(e) => { e.preventDefault(); apply(); }}
      className="flex flex-wrap items-end gap-3">
      <div className="min-w-[14rem] flex-1">
        <label htmlFor="q" className="block text-xs font-medium text-slate-600">Search</label>
        <input id="q" name="q" type="search" defaultValue={q} placeholder="Words in title or text…"
          className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-1.5" />
      </div>
      <div>
        <label htmlFor="status" className="block text-xs font-medium text-slate-600">Status</label>
        <select id="status" name="status" defaultValue={status ?? ''} onChange={apply}
          className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5">
          <option value="">All statuses</option>
          {CLAIM_STATUSES.map((s) => <option key={s} value={s}>{s[0]!.toUpperCase() + s.slice(1)}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor="lang" className="block text-xs font-medium text-slate-600">Language</label>
        <select id="lang" name="lang" defaultValue={lang ?? ''} onChange={apply}
          className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5">
          <option value="">All languages</option>
          {languages.map((l) => <option key={l} value={l}>{languageName(l)}</option>)}
        </select>
      </div>
      <button type="submit" className="rounded-md bg-slate-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-900">
        Search
      </button>
    </form>
  );
}
