'use client';

// Filter bar for the claims list. Selects apply at once, search on Enter.
import { useDeskRouter } from '@/components/navigation-progress';
import { useRef } from 'react';
import { STATUS_LABELS } from '@/lib/utils/status-labels';
import { CLAIM_STATUSES } from '@/lib/validation/vocabulary';
import { languageName } from '@/lib/utils/format';
import { formText } from './form-text';

type Props = { status?: string; lang?: string; q?: string; assigned?: string; due?: string; languages: string[]; focusSearch?: boolean };

const VIEWS = [
  { value: '', label: 'All claims' },
  { value: 'mine', label: 'Assigned to me' },
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'due', label: 'Re-review due' },
] as const;

export function ClaimFilters({ status, lang, q, assigned, due, languages, focusSearch }: Props) {
  const router = useDeskRouter();
  const form = useRef<HTMLFormElement>(null);
  const view = due ? 'due' : assigned === 'me' ? 'mine' : assigned === 'none' ? 'unassigned' : '';

  function apply() {
    if (!form.current) return;
    const data = new FormData(form.current);
    const params = new URLSearchParams();
    for (const key of ['q', 'status', 'lang']) {
      const v = formText(data, key).trim();
      if (v) params.set(key, v);
    }
    const v = formText(data, 'view');
    if (v === 'mine') params.set('assigned', 'me');
    if (v === 'unassigned') params.set('assigned', 'none');
    if (v === 'due') params.set('due', '1');
    router.push(params.size ? `/?${params}` : '/');
  }

  const select = 'mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5';
  return (
    <form
      ref={form}
      role="search"
      aria-label="Filter claims"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="min-w-[12rem] flex-1">
        <label htmlFor="q" className="block text-xs font-medium text-slate-600">
          Search <kbd className="ml-1 text-slate-500">/</kbd>
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Words in title or text…"
          autoFocus={focusSearch}
          className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-1.5"
        />
      </div>
      <div>
        <label htmlFor="view" className="block text-xs font-medium text-slate-600">
          Queue
        </label>
        <select id="view" name="view" defaultValue={view} onChange={apply} className={select}>
          {VIEWS.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="status" className="block text-xs font-medium text-slate-600">
          Status
        </label>
        <select id="status" name="status" defaultValue={status ?? ''} onChange={apply} className={select}>
          <option value="">All statuses</option>
          {CLAIM_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="lang" className="block text-xs font-medium text-slate-600">
          Language
        </label>
        <select id="lang" name="lang" defaultValue={lang ?? ''} onChange={apply} className={select}>
          <option value="">All languages</option>
          {languages.map((l) => (
            <option key={l} value={l}>
              {languageName(l)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded-md bg-slate-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-900">
        Search
      </button>
    </form>
  );
}
