'use client';

// The audit sequence number a page's server data was read at. Live components
// inside it (useDeskChanges) get the changes after it replayed when they
// mount, so a change that lands between the render and hydration is not lost.
import { createContext, useContext } from 'react';

const Context = createContext<number | null>(null);

export function LiveSince({ seq, children }: { seq: number; children: React.ReactNode }) {
  return <Context.Provider value={seq}>{children}</Context.Provider>;
}

/** The sequence number of the page's data, or null outside a LiveSince. */
export function useLiveSince(): number | null {
  return useContext(Context);
}
