'use client';

// The stories list's search (on Enter) and "hide articles alone" (at once); both travel in the URL.
import { useDeskRouter } from '@/components/navigation-progress';
import { useRef } from 'react';
import { formText } from '../form-text';

export function StoryFilters({ q, hideAlone }: { q?: string; hideAlone: boolean }) {
  const router = useDeskRouter();
  const form = useRef<HTMLFormElement>(null);
  function apply() {
    if (!form.current) return;
    const data = new FormData(form.current);
    const params = new URLSearchParams();
    const text = formText(data, 'q').trim();
    if (text) params.set('q', text);
    if (data.get('alone') === 'hide') params.set('alone', 'hide');
    router.push(params.size ? `/stories?${params}` : '/stories');
  }
  return (
    <form
      ref={form}
      role="search"
      aria-label="Find stories"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="min-w-[12rem] flex-1">
        <label htmlFor="story-q" className="block text-xs font-medium text-slate-600">
          Search titles
        </label>
        <input
          id="story-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          placeholder="A name, a place, a date…"
          className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-1.5"
        />
      </div>
      <label className="flex items-center gap-2 pb-1.5 text-sm">
        <input type="checkbox" name="alone" value="hide" defaultChecked={hideAlone} onChange={apply} />
        Hide articles alone
      </label>
      <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
        Search
      </button>
    </form>
  );
}
