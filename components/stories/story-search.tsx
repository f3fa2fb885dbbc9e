'use client';

// Finds another story by its title (GET /api/stories?q=) for a merge or a
// move, and lets the editor pick one from the answers: radio buttons, so the
// keyboard and screen readers work as with any form. Searching waits for a
// pause in typing; an answer to an older search is dropped.
import { useEffect, useId, useRef, useState } from 'react';
import type { StorySummary } from '@/lib/validation/stories';
import { LanguageTags } from './language-tags';
import { VisibleText } from '@/components/visible-text';

type Props = {
  /** The story the editor is on: never offered. */
  excludeId: string;
  label: string;
  picked: StorySummary | null;
  onPick: (story: StorySummary | null) => void;
};

type Found = { state: 'idle' } | { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; stories: StorySummary[] };

const WAIT_MS = 250;

export function StorySearch({ excludeId, label, picked, onPick }: Props) {
  const id = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const latest = useRef(0);

  useEffect(() => {
    const text = q.trim();
    const ask = ++latest.current;
    if (!text) return;
    const search = async () => {
      setFound({ state: 'loading' });
      try {
        const res = await fetch(`/api/stories?${new URLSearchParams({ q: text, limit: '8' })}`, { signal: AbortSignal.timeout(15_000) });
        const body = (await res.json().catch(() => ({}))) as { stories?: StorySummary[]; error?: { message?: string } };
        if (ask !== latest.current) return;
        if (!res.ok || !body.stories) setFound({ state: 'error', message: body.error?.message ?? `The search failed (${res.status}).` });
        else setFound({ state: 'done', stories: body.stories.filter((s) => s.id !== excludeId && s.mergedIntoId === null) });
      } catch {
        if (ask === latest.current) setFound({ state: 'error', message: 'Could not reach Factdesk. Check the connection and try again.' });
      }
    };
    const timer = setTimeout(() => void search(), WAIT_MS);
    return () => clearTimeout(timer);
  }, [q, excludeId]);

  const shown = q.trim() ? found : ({ state: 'idle' } as const);
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-q`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          onPick(null);
        }}
        placeholder="Words of its title…"
        autoComplete="off"
        maxLength={200}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
      />
      <div aria-live="polite" className="text-sm">
        {shown.state === 'loading' && <p className="text-slate-600">Searching…</p>}
        {shown.state === 'error' && <p className="text-red-700">{shown.message}</p>}
        {shown.state === 'done' && shown.stories.length === 0 && <p className="text-slate-600">No other story has these words in its title.</p>}
      </div>
      {shown.state === 'done' && shown.stories.length > 0 && (
        <fieldset>
          <legend className="sr-only">Stories found</legend>
          <ul className="max-h-64 space-y-1 overflow-y-auto" data-testid="story-search-results">
            {shown.stories.map((s) => (
              <li key={s.id}>
                <label className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 px-2 py-1.5 hover:bg-slate-50 has-[:checked]:border-blue-500 has-[:checked]:bg-blue-50">
                  <input type="radio" name={`${id}-story`} checked={picked?.id === s.id} onChange={() => onPick(s)} className="mt-1" />
                  <span className="min-w-0">
                    <bdi dir="auto" className="block font-medium">
                      <VisibleText text={s.title} />
                    </bdi>
                    <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      {s.size} article{s.size === 1 ? '' : 's'} <LanguageTags languages={s.languages} />
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
