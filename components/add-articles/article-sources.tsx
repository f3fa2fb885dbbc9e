'use client';

// The three ways to add articles, as tabs (WAI-ARIA tabs pattern: arrow keys,
// Home and End move between them). Every panel stays mounted, so a half-typed
// paste survives a look at the upload tab.
import { useId, useRef, useState } from 'react';
import type { ItemSource } from './import-items';
import { FileDrop } from './file-drop';
import { PasteForm } from './paste-form';
import { UrlForm } from './url-form';

const TABS = [
  { id: 'upload', label: 'Upload files' },
  { id: 'paste', label: 'Paste text' },
  { id: 'url', label: 'From a URL' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export type AddSources = (sources: { source: ItemSource; label: string }[]) => void;

export function ArticleSources({ onAdd, room, disabled }: { onAdd: AddSources; room: number; disabled: boolean }) {
  const base = useId();
  const [tab, setTab] = useState<TabId>('upload');
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});

  function onKeyDown(e: React.KeyboardEvent) {
    const at = TABS.findIndex((t) => t.id === tab);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = TABS[(to + TABS.length) % TABS.length];
    if (!next) return;
    setTab(next.id);
    tabs.current[next.id]?.focus();
  }

  return (
    <section aria-labelledby={`${base}-heading`} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id={`${base}-heading`} className="sr-only">
        Choose articles
      </h2>
      <div role="tablist" aria-label="Ways to add articles" className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 pt-2" onKeyDown={onKeyDown}>
        {TABS.map((t) => {
          const selected = t.id === tab;
          return (
            <button
              key={t.id}
              ref={(el) => {
                tabs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setTab(t.id)}
              className={`-mb-px whitespace-nowrap rounded-t-md border-b-2 px-3 py-2 text-sm font-medium ${
                selected ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {TABS.map((t) => (
        <div key={t.id} role="tabpanel" id={`${base}-panel-${t.id}`} aria-labelledby={`${base}-tab-${t.id}`} hidden={t.id !== tab} className="p-4 sm:p-5">
          {t.id === 'upload' && <FileDrop onAdd={onAdd} room={room} disabled={disabled} />}
          {t.id === 'paste' && <PasteForm onAdd={onAdd} room={room} disabled={disabled} />}
          {t.id === 'url' && <UrlForm onAdd={onAdd} room={room} disabled={disabled} />}
        </div>
      ))}
    </section>
  );
}
