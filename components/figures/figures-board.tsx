'use client';

// The figures board of a story, kept current in place. The server computes
// the groups and sends each group's first rows and chart points
// (board-payload.ts); "Show all" fetches the rest of a group. A live change
// that carries figures of this story (a verdict, a correction, an import's
// extraction) is shown at once in the rows it touches, and the board's
// groups are asked for again, a moment later so a burst of changes costs one
// request; so is a change to the story's membership.
import Link from 'next/link';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DeskChange } from '@/lib/realtime/events';
import { describeEvent } from '@/lib/utils/describe-event';
import { storyGone } from '@/lib/utils/story-live';
import type { FigureDto, FigureGroup } from '@/lib/validation/figures';
import { useDeskChanges, useRealtime } from '../realtime/realtime-provider';
import { type BoardPayload, type ClientBoard, unpackBoard } from './board-payload';
import { errorText, FigureGroupSection } from './figure-group-section';
import { sourceKey, valueText } from './figure-text';

type Props = {
  storyId: string;
  /** The board as the page loaded it, packed (board-payload.ts). */
  initial: BoardPayload;
  canReview: boolean;
  canReopen: boolean;
};

const REFETCH_DELAY_MS = 400;

type Held = { byId: Map<string, FigureDto>; partial: Set<string> };

/** Figures changed, added or removed live, or fetched whole: a figure whose article left the story leaves the board. */
function merge(held: Held, changed: readonly FigureDto[], removed: readonly string[], storyId: string): Held {
  const byId = new Map(held.byId);
  const partial = new Set(held.partial);
  for (const id of removed) byId.delete(id);
  for (const f of changed) {
    partial.delete(f.id);
    if (f.storyId === storyId && !removed.includes(f.id)) byId.set(f.id, f);
    else byId.delete(f.id);
  }
  return { byId, partial };
}

/** Figures the server sent (a board, or one group opened) added to those held; a whole one replaces a chart-only one. */
function absorb(held: Held, next: ClientBoard): Held {
  const byId = new Map(held.byId);
  const partial = new Set(held.partial);
  for (const f of next.figures) {
    if (!next.partial.has(f.id)) {
      byId.set(f.id, f);
      partial.delete(f.id);
    } else if (!byId.has(f.id)) {
      byId.set(f.id, f);
      partial.add(f.id);
    }
  }
  return { byId, partial };
}

/** The board as the server sends it again, keeping the rows already fetched whole. */
function rebase(held: Held, next: ClientBoard): Held {
  const byId = new Map([...held.byId].filter(([id]) => !held.partial.has(id)));
  const partial = new Set<string>();
  for (const f of next.figures) {
    if (!next.partial.has(f.id)) byId.set(f.id, f);
    else if (!byId.has(f.id)) {
      byId.set(f.id, f);
      partial.add(f.id);
    }
  }
  return { byId, partial };
}

export function FiguresBoard({ storyId, initial, canReview, canReopen }: Props) {
  const { me } = useRealtime();
  const [start] = useState(() => unpackBoard(initial));
  const [board, setBoard] = useState<ClientBoard>(start);
  const [held, setHeld] = useState<Held>(() => ({ byId: new Map(start.figures.map((f) => [f.id, f])), partial: start.partial }));
  // Groups the reader opened that the server sends closed: fetched whole, kept whole across live updates.
  const [opened, setOpened] = useState<Map<string, FigureGroup>>(() => new Map());
  // Values the opened groups' rows name (superseded by, progression steps) that no figure held gives.
  const [openedValues, setOpenedValues] = useState<Record<string, string>>({});
  const openedRef = useRef(opened);
  useEffect(() => {
    openedRef.current = opened;
  }, [opened]);
  const [note, setNote] = useState<string | null>(null);
  const [gone, setGone] = useState<{ survivor: string | null } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The articles of the figures held; a change names its article's story, so the story's other articles need not be sent.
  const members = useMemo(() => new Set([...held.byId.values()].map((f) => f.claimId)), [held]);
  const colours = useMemo(() => new Map(Object.entries(board.colours)), [board.colours]);
  const { byId } = held;
  const keyOf = (f: FigureDto) => board.sourceKeys[f.id] ?? sourceKey(f);
  const valueOf = (id: string) => {
    const f = byId.get(id);
    return f ? valueText(f) : (board.values[id] ?? openedValues[id] ?? null);
  };

  /** One group, open, as `?view=board&counted=…` sends it. */
  const fetchGroup = async (counted: FigureGroup['counted']): Promise<ClientBoard> => {
    const res = await fetch(`/api/stories/${storyId}/figures?view=board&counted=${counted}`);
    if (!res.ok) throw new Error(await errorText(res));
    return unpackBoard((await res.json()) as BoardPayload);
  };
  const openGroup = async (counted: FigureGroup['counted']) => {
    const next = await fetchGroup(counted);
    const group = next.groups.find((g) => g.counted === counted);
    setHeld((h) => absorb(h, next));
    setOpenedValues((v) => ({ ...v, ...next.values }));
    if (group) setOpened((o) => new Map(o).set(counted, group));
    return group;
  };

  const refetch = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void fetch(`/api/stories/${storyId}/figures?view=board`)
        .then(async (res) => {
          if (res.ok) {
            const next = unpackBoard((await res.json()) as BoardPayload);
            // The groups the reader opened come again whole too.
            const reopened = await Promise.all(
              [...openedRef.current.keys()].filter((c) => !next.open.has(c) && next.sizes[c]).map((c) => fetchGroup(c as FigureGroup['counted'])),
            );
            setBoard(next);
            setHeld((h) => reopened.reduce(absorb, rebase(h, next)));
            setOpened(new Map(reopened.flatMap((r) => r.groups.map((g) => [g.counted, g] as const))));
            setOpenedValues(Object.assign({}, ...reopened.map((r) => r.values)) as Record<string, string>);
          } else if (res.status === 404 || res.status === 410) {
            const body = (await res.json().catch(() => ({}))) as { error?: { code?: string }; mergedInto?: string };
            setGone({ survivor: body.error?.code === 'story_merged' ? (body.mergedInto ?? null) : null });
          }
        })
        .catch(() => undefined); // offline: the next change or a reconnect's replay tries again
    }, REFETCH_DELAY_MS);
  };

  const apply = (change: DeskChange) => {
    const mine = change.stories?.find((s) => s.id === storyId);
    if (mine && storyGone(mine)) {
      setGone({ survivor: mine.mergedIntoId });
      return;
    }
    const changed = (change.figures ?? []).filter((f) => f.storyId === storyId || byId.has(f.id) || members.has(f.claimId));
    const removed = (change.removedFigureIds ?? []).filter((id) => byId.has(id));
    // Articles joining or leaving: every such change names this story too (mine), and its claims as they are now.
    const membership = (change.claims ?? []).some((c) => c.storyId === storyId || members.has(c.id));
    const figureEvent =
      change.event.action.startsWith('figure.') && change.event.claimId !== null && (change.claim?.storyId === storyId || members.has(change.event.claimId));
    if (!changed.length && !removed.length && !membership && !figureEvent && !mine) return;
    // The rows it touches change at once; the groups (computed on the server) follow.
    if (changed.length || removed.length) setHeld((h) => merge(h, changed, removed, storyId));
    refetch();
    const who = change.event.actorId === me.id ? 'You' : (change.actorName ?? change.event.actorLabel);
    setNote(`${describeEvent(change.event, who)}.`);
  };
  useDeskChanges(apply);

  return (
    <div className="space-y-6">
      <div role="status" aria-live="polite" data-testid="board-live">
        {gone ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="board-gone">
            {gone.survivor ? (
              <>
                This story was merged into another one.{' '}
                <Link href={`/stories/${gone.survivor}/figures`} className="font-medium text-blue-800 underline">
                  Open its figures
                </Link>
                . What you see below is how it was before.
              </>
            ) : (
              <>This story no longer exists. What you see below is how it was before.</>
            )}
          </p>
        ) : (
          note && (
            <p className="flex flex-wrap items-center gap-x-3 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-950">
              <span className="text-xs font-semibold uppercase tracking-wide text-blue-800">Updated live</span>
              <span>{note}</span>
              <button type="button" onClick={() => setNote(null)} className="ms-auto text-xs text-blue-800 underline">
                Dismiss
              </button>
            </p>
          )
        )}
      </div>
      {board.totals.figures === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600" data-testid="board-empty">
          No figures in this story&apos;s articles yet.
        </p>
      ) : (
        board.groups.map((g) => (
          <FigureGroupSection
            key={g.counted}
            storyId={storyId}
            group={opened.get(g.counted) ?? g}
            closed={!board.open.has(g.counted) && !opened.has(g.counted)}
            size={board.sizes[g.counted] ?? g.figureIds.length}
            onOpen={() => openGroup(g.counted)}
            complete={opened.has(g.counted)}
            figureOf={(id) => byId.get(id)}
            isWhole={(id) => byId.has(id) && !held.partial.has(id)}
            colours={colours}
            keyOf={keyOf}
            valueOf={valueOf}
            canReview={canReview}
            canReopen={canReopen}
            onSaved={(f) => setHeld((h) => merge(h, [f], [], storyId))}
            onLoaded={(figures) => setHeld((h) => merge(h, figures, [], storyId))}
          />
        ))
      )}
    </div>
  );
}
