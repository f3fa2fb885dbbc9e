'use client';

// The claim page's Figures panel: the article's figures in reading order,
// each a button that scrolls to its highlight in the body and focuses it,
// with its verdict (reviewers), and for editors a correction form and
// dismiss / restore. Dismissed figures are listed apart, struck through.
import Link from 'next/link';
import { useRef, useState } from 'react';
import { type FigureDto } from '@/lib/validation/figures';
import { FIGURE_COUNTED_LABELS } from '@/lib/validation/vocabulary';
import { postJson } from '../api-client';
import { StatusBadge } from '../status-badge';
import { useClaimFigures } from './claim-figures';
import { highlightId, panelItemId } from './figure-body';
import { FigureCorrectForm } from './figure-correct-form';
import { QUALIFIER_WORDS, sourceOf, valueText, whenText } from './figure-text';
import { FigureVerdictForm } from './figure-verdict-form';

type Open = { id: string; form: 'verdict' | 'correct' } | null;

function showInBody(figureId: string) {
  const mark = document.getElementById(highlightId(figureId));
  if (!mark) return;
  mark.scrollIntoView({ block: 'center', behavior: 'smooth' });
  mark.focus({ preventScroll: true });
}

export function FiguresPanel({ storyId }: { storyId: string | null }) {
  const { figures, can, put } = useClaimFigures();
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<{ id: string; message: string } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const live = figures.filter((f) => !f.dismissed);
  const dismissed = figures.filter((f) => f.dismissed);
  const close = (id: string) => {
    setOpen(null);
    requestAnimationFrame(() => buttons.current.get(id)?.focus());
  };

  async function dismiss(f: FigureDto, dismissed: boolean) {
    setError(null);
    const result = await postJson<{ figure: FigureDto }>(`/api/figures/${f.id}/dismissal`, { dismissed, expectedVersion: f.version });
    if (result.ok) put(result.data.figure);
    else {
      const current = result.error.body.current as FigureDto | undefined;
      if (current) put(current);
      setError({
        id: f.id,
        message: result.error.status === 409 ? 'Someone changed this figure meanwhile; it is shown as it is now. Try again.' : result.error.message,
      });
    }
  }

  const item = (f: FigureDto) => {
    const superseder = f.supersededById ? figures.find((o) => o.id === f.supersededById) : undefined;
    return (
      <li
        key={f.id}
        id={panelItemId(f.id)}
        tabIndex={-1}
        className="scroll-mt-24 space-y-1.5 border-t border-slate-100 pt-3 outline-none first:border-0 first:pt-0 focus:bg-blue-50"
        data-testid="figure-item"
        data-figure-id={f.id}
      >
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            ref={(el) => {
              if (el) buttons.current.set(f.id, el);
              else buttons.current.delete(f.id);
            }}
            onClick={() => showInBody(f.id)}
            disabled={f.dismissed}
            aria-label={`${valueText(f)}: show in the article`}
            className={`rounded bg-yellow-100 px-1.5 font-semibold tabular-nums text-slate-950 hover:bg-yellow-200 disabled:bg-slate-100 ${f.dismissed || superseder ? 'line-through' : ''}`}
            data-testid="figure-show"
          >
            {valueText(f)}
          </button>
          <span className="text-xs text-slate-700">{FIGURE_COUNTED_LABELS[f.counted]}</span>
          <span className="ms-auto">
            <StatusBadge status={f.status} />
          </span>
        </div>
        <p className="text-xs text-slate-700">
          {QUALIFIER_WORDS[f.qualifier]}
          {f.countedText && (
            <>
              {' · '}
              <span dir="auto">{f.countedText}</span>
            </>
          )}
          {' · '}
          <bdi>{sourceOf(f)}</bdi>
          {f.attribution.relayedBy && (
            <>
              {' '}
              (relayed by <bdi>{f.attribution.relayedBy}</bdi>)
            </>
          )}
          {' · '}
          {whenText(f)}
        </p>
        {(superseder || f.origin === 'added' || f.correctedFields.length > 0) && (
          <p className="text-xs text-slate-600">
            {[
              superseder && `superseded by ${valueText(superseder)}`,
              f.origin === 'added' && 'added by an editor',
              f.correctedFields.length > 0 && `corrected: ${f.correctedFields.join(', ')}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        {f.reason && (
          <p dir="auto" className="whitespace-pre-wrap text-xs text-slate-700">
            {f.reason}
          </p>
        )}
        <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
          {can.review && !f.dismissed && (
            <button
              type="button"
              aria-expanded={open?.id === f.id && open.form === 'verdict'}
              onClick={() => setOpen({ id: f.id, form: 'verdict' })}
              className="font-medium text-blue-800 underline"
              data-testid="figure-item-review"
            >
              Verdict
            </button>
          )}
          {can.edit && !f.dismissed && (
            <button
              type="button"
              aria-expanded={open?.id === f.id && open.form === 'correct'}
              onClick={() => setOpen({ id: f.id, form: 'correct' })}
              className="font-medium text-blue-800 underline"
              data-testid="figure-item-correct"
            >
              Correct
            </button>
          )}
          {can.edit && (
            <button
              type="button"
              onClick={() => void dismiss(f, !f.dismissed)}
              className="font-medium text-blue-800 underline"
              data-testid="figure-item-dismiss"
            >
              {f.dismissed ? 'Restore' : 'Dismiss'}
            </button>
          )}
        </div>
        {error?.id === f.id && <p className="text-xs text-red-800">{error.message}</p>}
        {open?.id === f.id && (
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-2">
            {open.form === 'verdict' ? (
              <FigureVerdictForm
                figure={f}
                canReopen={can.reopen}
                onClose={() => close(f.id)}
                onSaved={(saved) => {
                  put(saved);
                  close(f.id);
                }}
              />
            ) : (
              <FigureCorrectForm figure={f} onSaved={put} onClose={() => close(f.id)} />
            )}
          </div>
        )}
      </li>
    );
  };

  return (
    <section
      id="figures"
      className="scroll-mt-16 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby="figures-panel-title"
      data-testid="figures-panel"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="figures-panel-title" className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          Figures ({live.length})
        </h2>
        {storyId && (
          <Link href={`/stories/${storyId}/figures`} className="text-xs font-medium text-blue-800 underline" data-testid="figures-board-link">
            Story figures board
          </Link>
        )}
      </div>
      {live.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No figures found in this article.</p>
      ) : (
        <ul className="mt-3 space-y-3">{live.map(item)}</ul>
      )}
      {dismissed.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-xs text-slate-600">Dismissed ({dismissed.length})</summary>
          <ul className="mt-2 space-y-3">{dismissed.map(item)}</ul>
        </details>
      )}
    </section>
  );
}
