'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true once this
 * page's script runs. A control that only works through script (a button
 * that opens the file picker) stays disabled until then, so a click in the
 * first moments of a slow page load is visibly not taken instead of lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
