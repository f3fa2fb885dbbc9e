'use client';

import { useEffect, useRef } from 'react';
import { isPlainKey } from '@/lib/utils/shortcuts';

/** Calls handlers[key] for plain key presses outside text fields. */
export function useShortcuts(handlers: Record<string, (e: KeyboardEvent) => void>, enabled = true) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isPlainKey(e)) return;
      const handler = ref.current[e.key];
      if (!handler) return;
      e.preventDefault();
      handler(e);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
