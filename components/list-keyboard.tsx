'use client';

// j / k move between claims in the list; Enter opens the focused one.
import { useShortcuts } from './use-shortcuts';

export function ListKeyboard() {
  const move = (delta: number) => {
    const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('a[data-claim-link]'));
    if (links.length === 0) return;
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = at === -1 ? (delta > 0 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, at + delta));
    const link = links[next];
    if (!link) return;
    link.focus();
    link.closest('tr')?.scrollIntoView({ block: 'nearest' });
  };
  useShortcuts({ j: () => move(1), k: () => move(-1) });
  return null;
}
