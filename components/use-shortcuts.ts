'use client';

import { useEffect, useEffectEvent } from 'react';
import { isPlainKey } from '@/lib/utils/shortcuts';

/** Calls handlers[key] for plain key presses outside text fields. */
export function useShortcuts(handlers: Record<string, (e: KeyboardEvent) => void>, enabled = true) {
  // The latest handlers, without re-adding the listener on every render.
  const onKeyEvent = useEffectEvent((e: KeyboardEvent) => {
    if (!isPlainKey(e)) return;
    const handler = handlers[e.key];
    if (!handler) return;
    e.preventDefault();
    handler(e);
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => onKeyEvent(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
