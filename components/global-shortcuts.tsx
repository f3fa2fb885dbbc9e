'use client';

// Desk-wide shortcuts: "/" focuses search, "?" lists every shortcut.
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useShortcuts } from './use-shortcuts';

const SHORTCUTS: [string, string][] = [
  ['1 / 2 / 3', 'Pick Verified / Disputed / Outdated (claim page)'],
  ['Ctrl + Enter', 'Save the verdict while typing the reason'],
  ['j / k', 'Next / previous claim in the current list'],
  ['Enter', 'Open the selected claim (list)'],
  ['/', 'Search claims'],
  ['?', 'Show this help'],
  ['Esc', 'Close dialogs'],
];

export function GlobalShortcuts() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useShortcuts({
    '/': () => {
      const search = document.getElementById('q');
      if (search) search.focus();
      else router.push('/?focus=search');
    },
    '?': () => setOpen(true),
  });

  // Lets tests (and scripts) know keyboard shortcuts are live after hydration.
  useEffect(() => {
    document.body.dataset.shortcuts = 'ready';
  }, []);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      onClose={() => setOpen(false)}
      aria-labelledby="shortcuts-title"
      className="m-auto w-full max-w-md rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="p-5">
        <h2 id="shortcuts-title" className="text-lg font-semibold">
          Keyboard shortcuts
        </h2>
        <p className="mt-1 text-sm text-slate-600">Shortcuts are off while you type in a field.</p>
        <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-5 text-right">
          <button type="button" onClick={() => setOpen(false)} className="rounded-md bg-slate-800 px-3 py-1.5 text-sm font-medium text-white">
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
