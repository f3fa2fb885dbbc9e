'use client';

// What the desk shows while it moves to another page. The pages render on the
// server, and a first load paints them in one go: no route-level loading
// skeleton, which cost the first paint a second layout and React's 300 ms
// hold before revealing streamed content (docs/BENCHMARKS.md, section 11).
// Moving within the desk keeps the page on screen until the next one is
// ready, so this says the click was taken: a thin bar across the top, the
// old page marked aria-busy (not dimmed: that failed the contrast checks),
// and "Loading…" in a status region for screen readers. It shows only for a
// navigation slower than SHOW_AFTER_MS.
//
// A navigation starts on a click that a next/link handled (it prevents the
// default; a plain link is the browser's own navigation and shows its own
// progress), or through useDeskRouter().push; it ends when the URL the app
// renders changes.
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';

const SHOW_AFTER_MS = 120;
/** A navigation that never lands (the server gave up, the link led nowhere) stops being shown after this. */
const GIVE_UP_MS = 30_000;

/** The pending navigation: a number (each navigation its own, so a second move to one page waits its own delay) and the URL. */
let pending: string | null = null;
let started = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

const shownKey = () => `${location.pathname}${location.search}`;

/** Marks a navigation to `href` as started; a link to the page already shown (or to a part of it) is not one. */
export function navigationStarted(href: string) {
  const url = new URL(href, location.href);
  const key = `${url.pathname}${url.search}`;
  if (url.origin !== location.origin || key === shownKey() || url.pathname.startsWith('/api/')) return;
  pending = `${++started} ${key}`;
  emit();
}

/** The path (and query) a navigation under way goes to, if any. */
export function pendingPath(): string | null {
  return pending === null ? null : pending.slice(pending.indexOf(' ') + 1);
}

function navigationEnded() {
  if (pending === null) return;
  pending = null;
  emit();
}

/** The app router's push, with the navigation shown as started. */
export function useDeskRouter(): { push: (href: string) => void } {
  const router = useRouter();
  return useMemo(
    () => ({
      push: (href: string) => {
        navigationStarted(href);
        router.push(href);
      },
    }),
    [router],
  );
}

function onClick(e: MouseEvent) {
  // Bubbling to the window comes after React's handlers: a next/link that
  // navigates has prevented the default by now.
  if (!e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target && link.target !== '_self')) return;
  navigationStarted(link.href);
}

export function NavigationProgress() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const target = useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
  // The navigation the bar was shown for: a later one starts its own delay.
  const [shownFor, setShownFor] = useState<string | null>(null);
  const shown = target !== null && shownFor === target;

  useEffect(() => {
    window.addEventListener('click', onClick);
    return () => window.removeEventListener('click', onClick);
  }, []);

  // The rendered URL changed: whatever was pending has landed (or was redirected).
  useEffect(() => navigationEnded(), [pathname, search]);

  useEffect(() => {
    if (target === null) return;
    const show = setTimeout(() => setShownFor(target), SHOW_AFTER_MS);
    const giveUp = setTimeout(navigationEnded, GIVE_UP_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(giveUp);
    };
  }, [target]);

  useEffect(() => {
    const main = document.getElementById('main');
    if (shown) main?.setAttribute('aria-busy', 'true');
    else main?.removeAttribute('aria-busy');
  }, [shown]);

  return (
    <>
      <div
        aria-hidden="true"
        data-testid="navigation-progress"
        hidden={!shown}
        className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden"
      >
        <div className="nav-progress h-full w-1/3 bg-blue-600" />
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {shown ? 'Loading…' : ''}
      </p>
    </>
  );
}
