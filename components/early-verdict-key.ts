'use client';

// A 1 / 2 / 3 pressed while a claim page is still on its way (the verdict
// panel's own listener is not there yet) is held by the desk's layout, which
// listens from the start, and taken by the panel when it is ready. Keys are
// held only on the way to a claim page (global-shortcuts.tsx); one held longer
// than a navigation may take (navigation-progress.tsx gives up after 30 s) was
// not meant for a later claim.
const HOLD_MS = 30_000;
export const VERDICT_KEYS = { '1': 'verified', '2': 'disputed', '3': 'outdated' } as const;
export type VerdictKey = keyof typeof VERDICT_KEYS;

let held: { key: VerdictKey; at: number } | null = null;

export function holdVerdictKey(key: VerdictKey) {
  held = { key, at: performance.now() };
}

/** The key held for the panel now ready, at most once. */
export function takeVerdictKey(): VerdictKey | null {
  const taken = held;
  held = null;
  return taken && performance.now() - taken.at <= HOLD_MS ? taken.key : null;
}
