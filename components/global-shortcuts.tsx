'use client';

// Desk-wide shortcuts: "/" focuses search, "?" lists every shortcut, j / k move
// between the claims of whatever list the page shows (the claims list, a story's
// articles: the elements marked data-keyboard-list).
// They live here, in the layout, rather than in each list page: the layout
// hydrates first, so a j pressed as soon as the desk says it is ready is never
// lost to a page whose own script has not run yet. They read the links from the
// DOM as it is, which server-rendered rows already fill.
import { pendingPath, useDeskRouter } from '@/components/navigation-progress';
import { useEffect, useRef, useState } from 'react';
import { useShortcuts } from './use-shortcuts';
import { type VerdictKey, holdVerdictKey } from './early-verdict-key';

// The verdict panel, once its own 1 / 2 / 3 listener is live (verdict-panel.tsx).
const panelReady = () => document.querySelector('[data-testid="verdict-panel"][data-shortcuts="ready"]') !== null;
// Held only for a claim page: the one on its way, or the one shown while it hydrates.
const holdUnlessReady = (key: VerdictKey) => () => {
  if (panelReady()) return;
  if ((pendingPath() ?? location.pathname).startsWith('/claims/')) holdVerdictKey(key);
};

/** Focuses the claim link `delta` away from the focused one (the first or last when none is). */
function moveInList(delta: number) {
  const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('[data-keyboard-list] a[data-claim-link]'));
  if (links.length === 0) return;
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = at === -1 ? (delta > 0 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, at + delta));
  const link = links[next];
  if (!link) return;
  link.focus();
  link.closest('tr, li')?.scrollIntoView({ block: 'nearest' });
}

const SHORTCUTS: [string, string][] = [
  ['1 / 2 / 3', 'Pick Verified / Disputed / Outdated (claim page)'],
  ['Ctrl + Enter', "Save the verdict (a claim's or a figure's)"],
  ['j / k', 'Next / previous claim in the current list'],
  ['Enter', 'Open the selected claim (list)'],
  ['/', 'Search claims'],
  ['?', 'Show this help'],
  ['Esc', 'Close dialogs'],
];

export function GlobalShortcuts() {
  const router = useDeskRouter();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useShortcuts({
    '/': () => {
      const search = document.getElementById('q');
      if (search) search.focus();
      else router.push('/?focus=search');
    },
    '?': () => setOpen(true),
    j: () => moveInList(1),
    k: () => moveInList(-1),
    '1': holdUnlessReady('1'),
    '2': holdUnlessReady('2'),
    '3': holdUnlessReady('3'),
  });

  // Enter on a claim the keyboard selected opens it inside the desk, through the
  // router the layout already has: a page whose own links have not hydrated yet
  // would otherwise reload the whole desk, and keys pressed during that reload
  // (the 1 / 2 / 3 that follow) would be lost. With a modifier it stays the
  // browser's (a new tab or window).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || e.defaultPrevented || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('[data-keyboard-list] a[data-claim-link]') : null;
      const href = link?.getAttribute('href');
      if (!href) return;
      e.preventDefault();
      router.push(href);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [router]);

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
