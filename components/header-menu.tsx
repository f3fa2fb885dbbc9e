'use client';

// The desk's main links. On a laptop they sit in the header row; on a phone the
// header keeps one row and a Menu button opens them as a list, so every link
// is reachable without sideways scrolling. Escape, a link followed or a click
// outside closes it.
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';

export function HeaderMenu({ children, account }: { children: React.ReactNode; account: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [shownFor, setShownFor] = useState(pathname);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // A link followed closes the menu: the new page is what the person asked for.
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target instanceof Node ? e.target : null;
      if (target && !panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((o) => !o)}
        className="order-last rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 lg:hidden"
      >
        Menu
      </button>
      <div
        ref={panel}
        id={`${id}-menu`}
        className={`${open ? 'block' : 'hidden'} absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pb-3 pt-1 shadow-md lg:static lg:block lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none`}
      >
        <nav aria-label="Main" className="flex flex-col text-base lg:flex-row lg:gap-1 lg:text-sm">
          {children}
        </nav>
        <div className="mt-2 flex items-center justify-between gap-3 border-t border-slate-100 pt-2 text-sm sm:hidden">{account}</div>
      </div>
    </>
  );
}
