'use client';

// The claim page's figures, shared by the highlights in the body and the
// Figures panel beside it, kept current: a live change carrying figures of
// this article is applied in place; a figure event without them (or a body
// edit, which re-extracts) asks GET /api/claims/{id}/figures again.
import { createContext, useContext, useMemo, useRef, useState } from 'react';
import type { FigureDto } from '@/lib/validation/figures';
import { useDeskChanges } from '../realtime/realtime-provider';

export type ClaimFiguresCan = { review: boolean; reopen: boolean; edit: boolean };

type ClaimFigures = {
  claimId: string;
  body: string;
  figures: FigureDto[];
  can: ClaimFiguresCan;
  /** A figure as the server answered it (a save of mine, before the live change arrives). */
  put: (figure: FigureDto) => void;
};

const Context = createContext<ClaimFigures | null>(null);

export function useClaimFigures(): ClaimFigures {
  const ctx = useContext(Context);
  if (!ctx) throw new Error('useClaimFigures outside ClaimFiguresProvider');
  return ctx;
}

const REFETCH_DELAY_MS = 300;
const byPosition = (a: FigureDto, b: FigureDto) => a.span.start - b.span.start || a.span.end - b.span.end;

type Props = { claimId: string; body: string; initial: FigureDto[]; can: ClaimFiguresCan; children: React.ReactNode };

export function ClaimFiguresProvider({ claimId, body, initial, can, children }: Props) {
  const [figures, setFigures] = useState(() => [...initial].sort(byPosition));
  // The page re-rendered on the server (router.refresh): its figures are the newest.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setFigures([...initial].sort(byPosition));
  }
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const apply = (changed: FigureDto[], removed: string[]) =>
    setFigures((all) => {
      const drop = new Set(removed);
      const incoming = new Map(changed.map((f) => [f.id, f]));
      const kept = all.filter((f) => !drop.has(f.id)).map((f) => incoming.get(f.id) ?? f);
      const known = new Set(kept.map((f) => f.id));
      return [...kept, ...changed.filter((f) => !known.has(f.id) && !drop.has(f.id))].sort(byPosition);
    });

  const refetch = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void fetch(`/api/claims/${claimId}/figures`)
        .then(async (res) => {
          if (res.ok) setFigures(((await res.json()) as { figures: FigureDto[] }).figures.sort(byPosition));
        })
        .catch(() => undefined);
    }, REFETCH_DELAY_MS);
  };

  useDeskChanges((change) => {
    const changed = (change.figures ?? []).filter((f) => f.claimId === claimId);
    const removed = change.removedFigureIds ?? [];
    if (changed.length || removed.length) apply(changed, removed);
    else if (change.event.claimId === claimId && (change.event.action.startsWith('figure.') || change.event.action === 'claim.updated')) refetch();
  });

  const value = useMemo<ClaimFigures>(() => ({ claimId, body, figures, can, put: (f) => apply([f], []) }), [claimId, body, figures, can]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}
