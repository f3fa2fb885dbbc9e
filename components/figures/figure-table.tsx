'use client';

// One group of the board as a table: every figure with its qualifier, what
// it counts, who says it, when, the article and the sentence as written.
// Conflicts are marked with an icon and the word (never colour alone), with
// the board's reason one click (or Enter) away; progressions read "23 → 60,
// same source"; a superseded figure is struck through and says by what.
// Reviewers open a verdict form under the row. On a phone each row becomes a
// labelled card.
import Link from 'next/link';
import { Fragment, useRef, useState } from 'react';
import { languageName } from '@/lib/utils/format';
import { type FigureDto, type FigureGroup } from '@/lib/validation/figures';
import { FIGURE_COUNTED_LABELS } from '@/lib/validation/vocabulary';
import { StatusBadge } from '../status-badge';
import { FigureSentence } from './figure-sentence';
import { QUALIFIER_WORDS, sourceOf, valueText, whenText } from './figure-text';
import { FigureVerdictForm } from './figure-verdict-form';
import { VisibleText } from '@/components/visible-text';
import { revealInvisible } from '@/lib/utils/invisible-characters';

type Props = {
  group: FigureGroup;
  figures: FigureDto[];
  /** "567" for a figure a row names (its superseder, a progression's steps), or null when the board does not know it. */
  valueOf: (figureId: string) => string | null;
  canReview: boolean;
  canReopen: boolean;
  onSaved: (figure: FigureDto) => void;
};

const COLUMNS = ['Value', 'Qualifier', 'What is counted', 'Who says it', 'When', 'Article', 'Sentence', 'Verdict'] as const;
// The cell's utilities live in app/globals.css (.figure-cell): written once, not on every cell of a 3,000-row board.
const cell = 'figure-cell';

export const rowId = (figureId: string) => `board-row-${figureId}`;

export function FigureTable({ group, figures, valueOf, canReview, canReopen, onSaved }: Props) {
  const [open, setOpen] = useState<string | null>(null);
  const [why, setWhy] = useState<Set<string>>(() => new Set());
  const toggleWhy = (id: string) =>
    setWhy((all) => {
      const next = new Set(all);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const close = (figureId: string) => {
    setOpen(null);
    // Back to where the reviewer was, so the next Tab goes on down the board.
    requestAnimationFrame(() => buttons.current.get(figureId)?.focus());
  };

  return (
    <table className="w-full border-collapse text-sm max-md:block" data-testid="figure-table">
      <caption className="sr-only">{group.summary}</caption>
      <thead className="border-b border-slate-200 text-start text-xs uppercase tracking-wide text-slate-600 max-md:sr-only">
        <tr>
          {COLUMNS.map((c) => (
            <th key={c} scope="col" className="px-2 py-2 text-start font-semibold">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {figures.map((f) => {
          const conflicts = group.conflicts.filter((c) => c.a === f.id || c.b === f.id);
          const progressions = group.progressions.filter((p) => p.figureIds.includes(f.id));
          const superseder = f.supersededById ? valueOf(f.supersededById) : null;
          const formId = `figure-verdict-${f.id}`;
          const whyId = `figure-why-${f.id}`;
          return (
            <Fragment key={f.id}>
              <tr
                id={rowId(f.id)}
                tabIndex={-1}
                data-testid="figure-row"
                data-figure-id={f.id}
                data-conflict={conflicts.length > 0 || undefined}
                data-superseded={superseder ? true : undefined}
                className={`scroll-mt-24 border-b border-slate-100 outline-none focus:bg-blue-50 max-md:block max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:p-3 ${
                  conflicts.length ? 'bg-red-50/40' : ''
                }`}
              >
                <td data-label="Value" className={`${cell} whitespace-nowrap`}>
                  <div className="space-y-1">
                    <span className={`font-semibold tabular-nums text-slate-900 ${superseder ? 'line-through decoration-2' : ''}`} data-testid="figure-value">
                      {valueText(f)}
                    </span>
                    {superseder && (
                      <p className="text-xs text-slate-600" data-testid="superseded">
                        Superseded by {superseder}
                      </p>
                    )}
                    {conflicts.length > 0 && (
                      <button
                        type="button"
                        aria-expanded={why.has(f.id)}
                        aria-controls={why.has(f.id) ? whyId : undefined}
                        onClick={() => toggleWhy(f.id)}
                        className="block text-xs font-semibold text-red-900 underline decoration-dotted underline-offset-2 hover:decoration-solid"
                        data-testid="conflict-mark"
                      >
                        <span aria-hidden="true">⚠ </span>Conflict{conflicts.length > 1 ? ` (${conflicts.length})` : ''}
                        <span className="sr-only">: show why</span>
                      </button>
                    )}
                    {progressions.map((p) => (
                      <p key={p.figureIds.join()} className="whitespace-normal text-xs text-slate-700" data-testid="progression">
                        <span aria-hidden="true">↗ </span>
                        {p.figureIds.map((id) => valueOf(id) ?? '?').join(' → ')}, same source
                      </p>
                    ))}
                  </div>
                </td>
                <td data-label="Qualifier" className={cell}>
                  {QUALIFIER_WORDS[f.qualifier]}
                  {f.approximate && f.qualifier !== 'about' ? ', approximately' : ''}
                </td>
                <td data-label="What is counted" className={cell}>
                  <span>
                    {FIGURE_COUNTED_LABELS[f.counted]}
                    {f.countedText && (
                      <span className="block text-xs text-slate-600" lang={f.article.language} dir={f.article.direction}>
                        {f.countedText}
                      </span>
                    )}
                  </span>
                </td>
                <td data-label="Who says it" className={cell}>
                  <span>
                    <bdi className="font-medium">{sourceOf(f)}</bdi>
                    {f.attribution.relayedBy && (
                      <span className="block text-xs text-slate-600">
                        relayed by <bdi>{f.attribution.relayedBy}</bdi>
                      </span>
                    )}
                  </span>
                </td>
                <td data-label="When" className={cell}>
                  {whenText(f)}
                </td>
                <td data-label="Article" className={cell}>
                  <span className="space-x-1">
                    <abbr title={languageName(f.article.language)} className="rounded bg-slate-100 px-1 font-mono text-[11px] uppercase no-underline">
                      {f.article.language}
                    </abbr>
                    <Link
                      href={`/claims/${f.claimId}#figure-${f.id}`}
                      title={revealInvisible(f.article.title)}
                      className="text-blue-800 underline-offset-2 hover:underline"
                      data-testid="figure-article-link"
                    >
                      <bdi dir="auto" className="line-clamp-2">
                        <VisibleText text={f.article.outlet ?? f.article.title} />
                      </bdi>
                    </Link>
                  </span>
                </td>
                <td data-label="Sentence" className={`${cell} min-w-56 max-w-md`}>
                  <FigureSentence figure={f} />
                </td>
                <td data-label="Verdict" className={cell}>
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge status={f.status} />
                    {canReview && (
                      <button
                        type="button"
                        ref={(el) => {
                          if (el) buttons.current.set(f.id, el);
                          else buttons.current.delete(f.id);
                        }}
                        aria-expanded={open === f.id}
                        aria-controls={open === f.id ? formId : undefined}
                        aria-label={`Review the figure ${valueText(f)} (${sourceOf(f)})`}
                        onClick={() => setOpen((o) => (o === f.id ? null : f.id))}
                        className="rounded-md border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-800 hover:bg-slate-50"
                        data-testid="figure-review"
                      >
                        Review
                      </button>
                    )}
                  </div>
                </td>
              </tr>
              {why.has(f.id) && conflicts.length > 0 && (
                <tr id={whyId} className="border-b border-red-100 bg-red-50/60 max-md:block max-md:rounded-lg" data-testid="conflict-why">
                  <td colSpan={COLUMNS.length} className="px-3 py-2 text-xs text-red-950 max-md:block">
                    <p className="font-semibold">
                      {valueText(f)} is in conflict with {conflicts.length} other figure{conflicts.length === 1 ? '' : 's'} of this group:
                    </p>
                    <ul className="mt-1 list-disc space-y-0.5 ps-5">
                      {conflicts.map((c) => (
                        <li key={`${c.a}-${c.b}`}>{c.why}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              )}
              {open === f.id && (
                <tr id={formId} className="border-b border-slate-200 bg-slate-50 max-md:block max-md:rounded-lg">
                  <td colSpan={COLUMNS.length} className="px-3 py-3 max-md:block">
                    <FigureVerdictForm
                      figure={f}
                      canReopen={canReopen}
                      onClose={() => close(f.id)}
                      onSaved={(saved) => {
                        onSaved(saved);
                        close(f.id);
                      }}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
