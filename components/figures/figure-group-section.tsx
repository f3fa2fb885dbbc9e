'use client';

// One group of the board: its summary line as the heading, the conflicts
// counted, the chart, and the table with the same data. A group the page
// sent closed shows its heading and fetches its figures when opened.
import { useEffect, useRef, useState } from 'react';
import { type FigureDto, type FigureGroup, type StoryFiguresPage } from '@/lib/validation/figures';
import { STORY_FIGURES_PAGE_MAX } from '@/lib/validation/vocabulary';
import { CHART_POINTS_MAX, chartSample, rowsShown } from './board-payload';
import { FigureChart } from './figure-chart';
import { FigureTable, rowId } from './figure-table';

type Props = {
  storyId: string;
  group: FigureGroup;
  /** Sent as its heading only: the figures come when the reader opens it. */
  closed: boolean;
  /** Figures in the group (a closed group lists none). */
  size: number;
  /** Fetches the group whole: every conflict and progression listed (an open group lists those of its first rows). */
  onOpen: () => Promise<FigureGroup | undefined>;
  /** The group as fetched whole. */
  complete: boolean;
  /** A figure the board holds, whole (with its sentence) or for the chart only. */
  figureOf: (id: string) => FigureDto | undefined;
  isWhole: (id: string) => boolean;
  colours: Map<string, string>;
  keyOf: (f: FigureDto) => string;
  valueOf: (id: string) => string | null;
  canReview: boolean;
  canReopen: boolean;
  onSaved: (figure: FigureDto) => void;
  /** Figures fetched whole for "Show all": the board keeps them. */
  onLoaded: (figures: FigureDto[]) => void;
};

// A story of hundreds of articles has groups of hundreds of figures: the page
// sends and renders each group's first rows and a bounded chart, so its size
// does not grow with the story; "Show all" fetches the rest of the group from
// GET /api/stories/{id}/figures?counted=…, a page at a time.
export { CHART_POINTS_MAX, chartSample, ROWS_SHOWN, rowsShown } from './board-payload';

function focusRow(figureId: string) {
  const row = document.getElementById(rowId(figureId));
  row?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  row?.focus({ preventScroll: true });
}

export async function errorText(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message ?? `The desk answered ${res.status}.`;
}

export function FigureGroupSection({
  storyId,
  group,
  closed,
  size,
  onOpen,
  complete,
  figureOf,
  isWhole,
  colours,
  keyOf,
  valueOf,
  canReview,
  canReopen,
  onSaved,
  onLoaded,
}: Props) {
  const [all, setAll] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const focusNext = useRef<string | null>(null);
  const ids = group.figureIds;
  const headingId = `group-${group.counted}`;
  const conflicts = group.conflictCount ?? group.conflicts.length;
  // A large open group lists only its first rows and chart points (board-payload.ts); `size` counts them all.
  const total = Math.max(size, ids.length);
  const rows = (all ? ids : ids.slice(0, rowsShown(total))).flatMap((id) => (isWhole(id) ? (figureOf(id) ?? []) : []));
  const hidden = total - rows.length;
  const chart = chartSample(ids, CHART_POINTS_MAX).flatMap((id) => figureOf(id) ?? []);

  // Once the fetched rows are rendered, the one asked for takes focus (the reader's place is kept).
  useEffect(() => {
    const id = focusNext.current;
    if (id && document.getElementById(rowId(id))) {
      focusNext.current = null;
      focusRow(id);
    }
  }, [all, rows.length]);

  const open = async () => {
    if (loading) return;
    setLoading(true);
    setError(null);
    try {
      await onOpen();
    } catch (e) {
      setError(e instanceof TypeError ? 'The desk could not be reached; check the connection and try again.' : e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  };
  const failed = error && (
    <p role="alert" className="mt-2 text-sm text-red-800" data-testid="show-all-error">
      Could not load the figures of this group: {error}
    </p>
  );

  const showAll = async (focusId?: string) => {
    if (loading) return;
    let first = ids.find((id) => !rows.some((f) => f.id === id));
    setLoading(true);
    setError(null);
    try {
      let offset: number | null = Math.max(
        0,
        ids.findIndex((id) => !isWhole(id)),
      );
      if (ids.every(isWhole)) offset = null;
      // A group sent trimmed comes whole first (every figure id, conflict and progression), then its rows after the first.
      if (!complete) {
        const whole = await onOpen();
        offset = rowsShown(total) < total ? rowsShown(total) : null;
        first = whole?.figureIds[rowsShown(total)] ?? first;
      }
      while (offset !== null) {
        const res = await fetch(`/api/stories/${storyId}/figures?counted=${group.counted}&offset=${offset}&limit=${STORY_FIGURES_PAGE_MAX}`);
        if (!res.ok) throw new Error(await errorText(res));
        const page = (await res.json()) as StoryFiguresPage;
        onLoaded(page.figures);
        offset = page.nextOffset;
      }
      focusNext.current = focusId ?? first ?? null;
      setAll(true);
    } catch (e) {
      setError(e instanceof TypeError ? 'The desk could not be reached; check the connection and try again.' : e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  };
  const pick = (figureId: string) => {
    if (document.getElementById(rowId(figureId))) focusRow(figureId);
    // A point whose row is not loaded yet: load every row, then go to it.
    else void showAll(figureId);
  };
  const table = (
    <>
      <FigureTable group={group} figures={rows} valueOf={valueOf} canReview={canReview} canReopen={canReopen} onSaved={onSaved} />
      {hidden > 0 && (
        <p className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span>
            Showing the first {rows.length} of {total} figures.
          </span>
          <button
            type="button"
            onClick={() => void showAll()}
            disabled={loading}
            aria-busy={loading || undefined}
            className="rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-wait disabled:opacity-70"
            data-testid="show-all-figures"
          >
            {loading ? `Loading ${hidden} more figures…` : `Show all ${total} figures`}
          </button>
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800" data-testid="show-all-error">
          Could not load the rest of this group: {error}
        </p>
      )}
    </>
  );
  if (group.counted === 'other') {
    return (
      <section
        aria-labelledby={headingId}
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        data-testid="figure-group"
        data-counted={group.counted}
      >
        <details
          onToggle={(e) => {
            if (closed && e.currentTarget.open) void open();
          }}
        >
          <summary className="cursor-pointer">
            <h2 id={headingId} className="inline text-base font-semibold">
              {group.summary}
            </h2>
            <span className="ms-2 text-xs text-slate-600">numbers the desk could not place; never compared</span>
          </summary>
          <div className="mt-3">
            {closed ? (
              <p className="text-sm text-slate-600" aria-busy={loading || undefined}>
                {loading ? `Loading ${size} figures…` : failed ? null : `${size} figures.`}
              </p>
            ) : (
              table
            )}
            {closed && failed}
          </div>
        </details>
      </section>
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="figure-group"
      data-counted={group.counted}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold" data-testid="group-summary">
          {group.summary}
        </h2>
        {conflicts > 0 && (
          <p className="text-sm font-medium text-red-800" data-testid="group-conflicts">
            <span aria-hidden="true">⚠ </span>
            {conflicts.toLocaleString('en-US')} conflict{conflicts === 1 ? '' : 's'}
            {!closed && conflicts > group.conflicts.length ? ` (${group.conflicts.length} listed)` : ''}
          </p>
        )}
      </div>
      {closed ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <button
            type="button"
            onClick={() => void open()}
            disabled={loading}
            aria-busy={loading || undefined}
            aria-expanded={false}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-wait disabled:opacity-70"
            data-testid="open-group"
          >
            {loading ? `Loading ${size} figures…` : `Show the chart and the ${size} figure${size === 1 ? '' : 's'}`}
          </button>
          {failed}
        </div>
      ) : (
        <>
          <FigureChart group={group} figures={chart} total={total} colours={colours} keyOf={keyOf} onPick={pick} />
          <div className="-mx-1 overflow-x-auto px-1">{table}</div>
        </>
      )}
    </section>
  );
}
