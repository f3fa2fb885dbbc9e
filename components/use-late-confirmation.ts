'use client';

import { useLayoutEffect, useMemo, useRef } from 'react';

/**
 * A save that timed out (see postJson) may still have landed on the server.
 * My own matching live change confirms it, whether it arrives while the
 * request is still out or after the timeout was reported.
 *
 *   start(matches)  as the request goes out
 *   landed(change)  for each of my own live changes on this item
 *   settle(timedOut) with the outcome; true if the save is already confirmed
 */
export function useLateConfirmation<T>(confirm: (change: T) => void) {
  // The latest callback for the stable object below (refs change after render, not during it).
  const confirmRef = useRef(confirm);
  useLayoutEffect(() => {
    confirmRef.current = confirm;
  });
  const state = useRef<{ matches: (change: T) => boolean; landed: T | null; late: boolean } | null>(null);
  return useMemo(() => {
    const done = (change: T) => {
      state.current = null;
      confirmRef.current(change);
    };
    return {
      start(matches: (change: T) => boolean) {
        state.current = { matches, landed: null, late: false };
      },
      landed(change: T) {
        const s = state.current;
        if (!s || !s.matches(change)) return;
        if (s.late) done(change);
        else s.landed = change;
      },
      settle(timedOut: boolean): boolean {
        const s = state.current;
        if (!s || !timedOut) {
          state.current = null;
          return false;
        }
        if (s.landed !== null) {
          done(s.landed);
          return true;
        }
        s.late = true;
        return false;
      },
    };
  }, []);
}
