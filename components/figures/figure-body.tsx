'use client';

// The article body with every live figure highlighted: a <mark> over exactly
// the figure's characters (offsets into the body as stored, carried across
// the paragraph split), each a link back to the figure in the Figures panel.
// Editors select words in the body and press "Add as figure" (the button
// follows the selection, and Tab reaches it); without a mouse, "Add a
// figure…" takes the words typed instead.
import { useEffect, useRef, useState } from 'react';
import { bodyParagraphs, type Paragraph, paragraphSegments, trimSpan } from './body-segments';
import { useClaimFigures } from './claim-figures';
import { FigureAddForm } from './figure-add-form';
import { valueText } from './figure-text';
import { VisibleText } from '@/components/visible-text';

export const highlightId = (figureId: string) => `figure-${figureId}`;
export const panelItemId = (figureId: string) => `figure-item-${figureId}`;

const SELECTION_MAX = 400;

/** Where a DOM point falls in the body: the segment's data-o plus the offset inside its text. */
function pointOffset(node: Node, offset: number): number | null {
  if (node.nodeType === Node.TEXT_NODE) {
    const el = node.parentElement?.closest<HTMLElement>('[data-o]');
    return el ? Number(el.dataset.o) + Math.min(offset, pieceLength(el)) : null;
  }
  if (!(node instanceof Element)) return null;
  const child = node.childNodes[offset];
  if (child) {
    const seg =
      child instanceof HTMLElement && child.dataset.o !== undefined ? child : child instanceof Element ? child.querySelector<HTMLElement>('[data-o]') : null;
    if (seg) return Number(seg.dataset.o);
  }
  const all = node.querySelectorAll<HTMLElement>('[data-o]');
  const last = all[all.length - 1];
  return last ? Number(last.dataset.o) + pieceLength(last) : null;
}

/** Code units of the body a piece stands for: an invisible character's chip shows a code ("RLO") for one. */
function pieceLength(el: HTMLElement): number {
  return el.dataset.len === undefined ? el.textContent.length : Number(el.dataset.len);
}

/** The body's first paragraph when it is the headline itself. */
function headlineOf(body: string, title: string): Paragraph | null {
  const first = bodyParagraphs(body)[0];
  return first && body.slice(first.start, first.end) === title ? first : null;
}

/** One paragraph with its figures marked; each mark links to the figure in the panel. */
function Segments({ paragraph }: { paragraph: Paragraph }) {
  const { body, figures } = useClaimFigures();
  const live = figures.filter((f) => !f.dismissed);
  const seen = new Set<string>();
  return paragraphSegments(body, paragraph, live).map((s) => {
    const id = s.figureIds[0];
    if (!id) {
      return (
        <span key={s.start}>
          <VisibleText text={s.text} offset={s.start} />
        </span>
      );
    }
    const firstOfFigure = !seen.has(id);
    seen.add(id);
    const figure = live.find((f) => f.id === id);
    return (
      <mark
        key={s.start}
        className="rounded-sm bg-yellow-200 text-slate-950 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-blue-600 has-[a:target]:ring-2 has-[a:target]:ring-amber-500"
        data-testid="figure-highlight"
        data-figure-id={id}
      >
        <a
          href={`#${panelItemId(id)}`}
          id={firstOfFigure ? highlightId(id) : undefined}
          className="scroll-mt-24 text-inherit underline decoration-amber-700/70 decoration-dotted underline-offset-4 outline-none"
          title={figure ? `Figure ${valueText(figure)}: show it in the Figures panel` : undefined}
          onClick={(e) => {
            const item = document.getElementById(panelItemId(id));
            if (!item) return;
            e.preventDefault();
            item.scrollIntoView({ block: 'center', behavior: 'smooth' });
            item.focus({ preventScroll: true });
          }}
        >
          <VisibleText text={s.text} offset={s.start} />
        </a>
      </mark>
    );
  });
}

/** The claim's title; when it is the body's first line, with the figures in it marked. */
export function FigureHeadline({ title }: { title: string }) {
  const { body } = useClaimFigures();
  const headline = headlineOf(body, title);
  return headline ? <Segments paragraph={headline} /> : <VisibleText text={title} />;
}

export function FigureBody({ title, language, dir }: { title: string; language: string; dir: 'ltr' | 'rtl' | 'auto' }) {
  const { body, can } = useClaimFigures();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [picked, setPicked] = useState<{ start: number; end: number; top: number; left: number } | null>(null);
  const [adding, setAdding] = useState<{ start: number; end: number } | 'words' | null>(null);
  const paragraphs = bodyParagraphs(body);
  // The headline repeated as the first line is shown once, as the heading (FigureHeadline marks its figures).
  if (headlineOf(body, title)) paragraphs.shift();

  useEffect(() => {
    if (!can.edit) return;
    const onChange = () => {
      const sel = document.getSelection();
      const el = root.current;
      if (!sel || !el || sel.rangeCount === 0 || sel.isCollapsed) {
        if (document.activeElement !== button.current) setPicked(null);
        return;
      }
      const range = sel.getRangeAt(0);
      if (!el.contains(range.startContainer) || !el.contains(range.endContainer)) {
        setPicked(null);
        return;
      }
      const a = pointOffset(range.startContainer, range.startOffset);
      const b = pointOffset(range.endContainer, range.endOffset);
      const span = a === null || b === null ? null : trimSpan(body, a, b);
      if (!span || span.end - span.start > SELECTION_MAX) {
        setPicked(null);
        return;
      }
      const rect = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      setPicked({ ...span, top: rect.bottom - box.top + 6, left: Math.max(0, Math.min(rect.left - box.left, box.width - 140)) });
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [body, can.edit]);

  return (
    <div className="relative">
      <div ref={root} lang={language} dir={dir} className="article mt-5 text-[16px] leading-7 text-slate-800" data-testid="claim-body">
        <div className="max-w-[70ch]">
          {paragraphs.map((p) => (
            <p key={p.start}>
              <Segments paragraph={p} />
            </p>
          ))}
        </div>
      </div>
      {can.edit && picked && !adding && (
        <button
          ref={button}
          type="button"
          // Keep the selection: a press would otherwise clear it before the click lands.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            setAdding({ start: picked.start, end: picked.end });
            setPicked(null);
          }}
          style={{ top: picked.top, left: picked.left }}
          className="absolute z-10 rounded-md bg-slate-900 px-2.5 py-1 text-xs font-medium text-white shadow-lg hover:bg-slate-800"
          data-testid="add-as-figure"
        >
          + Add as figure
        </button>
      )}
      {can.edit && (
        <div className="mt-4 border-t border-slate-100 pt-3">
          {adding ? (
            <FigureAddForm span={adding === 'words' ? null : adding} onClose={() => setAdding(null)} />
          ) : (
            <p className="text-xs text-slate-600">
              Select words in the article to add a figure the extractor missed, or{' '}
              <button type="button" className="font-medium text-blue-800 underline" onClick={() => setAdding('words')}>
                add a figure…
              </button>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
