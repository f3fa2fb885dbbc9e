'use client';

// One group's figures on a value axis: a dot per exact figure, a diamond per
// approximate one, a bar per interval (an arrow where it is open: ">100" runs
// off the top). x is time when every figure has a day, else the articles in
// board order. Colour says the source (legend below); a conflict is a red
// dashed link with "!" marks, a progression a grey arrowed line, a superseded
// figure is faded and struck. Every point is a focusable list item (Tab into
// the chart, arrows between points, Enter jumps to its table row) whose
// label and tooltip say what the table row says.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { STATUS_LABELS } from '@/lib/utils/status-labels';
import type { FigureDto, FigureGroup } from '@/lib/validation/figures';
import { ChartMark as Mark } from './chart-mark';
import { valueScale, visibleTicks, xLayout } from './chart-scales';
import { figureBounds, figureLabel, formatNumber, sourceOf, UNATTRIBUTED, valueText, whenText } from './figure-text';

type Props = {
  group: FigureGroup;
  figures: FigureDto[];
  colours: Map<string, string>;
  /** The figure's folded source key (board-payload.ts): what `colours` is keyed by. */
  keyOf: (f: FigureDto) => string;
  onPick: (figureId: string) => void;
  /** The group's size when `figures` is a sample of it (a large group's chart shows a bounded number of points). */
  total?: number;
};

const HEIGHT = 260;
const M = { top: 18, right: 18, bottom: 44, left: 52 };
const CONFLICT = '#DC2626';
const CONFLICT_LINKS_MAX = 4;

function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(720);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(280, Math.round(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function languageTick(f: FigureDto): string {
  return f.article.language.toUpperCase();
}

function articleTick(f: FigureDto): string {
  const name = f.article.outlet ?? f.article.title;
  return `${f.article.language.toUpperCase()} ${name.length > 14 ? `${name.slice(0, 13)}…` : name}`;
}

export function FigureChart({ group, figures, colours, keyOf, onPick, total }: Props) {
  const id = useId();
  const [box, width] = useWidth<HTMLDivElement>();
  const [active, setActive] = useState(0);
  const [shown, setShown] = useState<string | null>(null);
  const points = useRef(new Map<string, SVGGElement>());
  const scale = useMemo(() => valueScale(figures), [figures]);
  const phone = width < 480;
  const x = useMemo(() => xLayout(figures, phone ? languageTick : articleTick), [figures, phone]);
  const inConflict = useMemo(() => new Set(group.conflicts.flatMap((c) => [c.a, c.b])), [group.conflicts]);
  const left = phone ? 44 : M.left;
  const plotW = width - left - M.right;
  const top = M.top;
  const bottom = HEIGHT - M.bottom;
  const px = (fid: string) => left + (x.position.get(fid) ?? 0.5) * plotW;
  const py = (v: number) => scale.y(v, top, bottom);
  const index = new Map(figures.map((f, i) => [f.id, i]));
  const current = Math.min(active, figures.length - 1);

  const anchorY = (f: FigureDto) => {
    const b = figureBounds(f);
    return py(b.low ?? b.high ?? scale.domain[0]);
  };

  const move = (to: number) => {
    const next = (to + figures.length) % figures.length;
    setActive(next);
    const f = figures[next];
    if (f) points.current.get(f.id)?.focus();
  };

  const tip = figures.find((f) => f.id === shown);
  const sampled = total !== undefined && total > figures.length ? ` (${figures.length} of ${total} shown, evenly spread)` : '';
  const chartTitle = `${group.label}: ${figures.length} figure${figures.length === 1 ? '' : 's'}${sampled} on a ${scale.log ? 'logarithmic' : 'linear'} value axis, ${
    x.mode === 'time' ? 'in time order' : 'by article'
  }${group.conflicts.length ? `, ${group.conflicts.length} conflict${group.conflicts.length === 1 ? '' : 's'}` : ''}`;

  return (
    <figure className="space-y-2" data-testid="figure-chart" data-scale={scale.log ? 'log' : 'linear'} data-x={x.mode}>
      <div ref={box} className="relative w-full">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="group"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-keys`}
          className="block max-w-full overflow-visible font-sans"
        >
          <title id={`${id}-title`}>{chartTitle}</title>
          {/* Value axis and grid */}
          <g aria-hidden="true">
            {scale.ticks.map((t) => (
              <g key={t}>
                <line x1={left} x2={width - M.right} y1={py(t)} y2={py(t)} stroke="#E2E8F0" />
                <text x={left - 6} y={py(t)} dy="0.32em" textAnchor="end" fontSize={11} fill="#475569">
                  {formatNumber(t)}
                </text>
              </g>
            ))}
            <text x={12} y={top + (bottom - top) / 2} fontSize={11} fill="#475569" transform={`rotate(-90 12 ${top + (bottom - top) / 2})`} textAnchor="middle">
              {scale.log ? 'value (log scale)' : 'value'}
            </text>
            <line x1={left} x2={width - M.right} y1={bottom} y2={bottom} stroke="#94A3B8" />
            {visibleTicks(x.ticks, plotW, phone ? 10 : 11).map((t, i) => (
              <text
                key={`${t.label}-${i}`}
                x={left + t.at * plotW}
                y={bottom + 16}
                textAnchor="middle"
                fontSize={phone ? 10 : 11}
                fill="#475569"
                data-testid="x-tick"
              >
                {t.label}
              </text>
            ))}
            <text x={left + plotW / 2} y={HEIGHT - 4} textAnchor="middle" fontSize={11} fill="#475569">
              {x.mode === 'time' ? 'date' : 'article'}
            </text>
          </g>
          {/* Progressions: one source's figures, in order */}
          <g aria-hidden="true">
            {group.progressions.map((p) => {
              const path = p.figureIds.flatMap((fid) => figures[index.get(fid) ?? -1] ?? []);
              if (path.length < 2) return null;
              const d = path.map((f, i) => `${i === 0 ? 'M' : 'L'}${px(f.id)},${anchorY(f)}`).join(' ');
              return <path key={p.figureIds.join()} d={d} fill="none" stroke="#64748B" strokeWidth={1.5} markerEnd={`url(#${id}-arrow)`} />;
            })}
            {/* Links for a few conflicts; past that they would hide the points, and the rings and ! say it. */}
            {group.conflicts.length <= CONFLICT_LINKS_MAX &&
              group.conflicts.map((c) => {
                const a = figures[index.get(c.a) ?? -1];
                const b = figures[index.get(c.b) ?? -1];
                if (!a || !b) return null;
                return (
                  <line
                    key={`${c.a}-${c.b}`}
                    x1={px(a.id)}
                    y1={anchorY(a)}
                    x2={px(b.id)}
                    y2={anchorY(b)}
                    stroke={CONFLICT}
                    strokeWidth={1.5}
                    strokeDasharray="4 3"
                  />
                );
              })}
            <defs>
              <marker id={`${id}-arrow`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" fill="#64748B" />
              </marker>
            </defs>
          </g>
          <g role="list" aria-label={`${group.label}: figures`}>
            {figures.map((f, i) => {
              const colour = colours.get(keyOf(f)) ?? '#374151';
              const cx = px(f.id);
              const b = figureBounds(f);
              const faded = f.supersededById !== null;
              const conflict = inConflict.has(f.id);
              const label = `${figureLabel(f)}. ${STATUS_LABELS[f.status]}${conflict ? '. In conflict' : ''}${faded ? '. Superseded later in its article' : ''}`;
              return (
                <g
                  key={f.id}
                  ref={(el) => {
                    if (el) points.current.set(f.id, el);
                    else points.current.delete(f.id);
                  }}
                  role="listitem"
                  aria-label={label}
                  tabIndex={i === current ? 0 : -1}
                  data-testid="chart-point"
                  data-figure-id={f.id}
                  data-conflict={conflict || undefined}
                  className="cursor-pointer outline-none [&:focus-visible_.ring]:opacity-100"
                  opacity={faded ? 0.5 : 1}
                  onFocus={() => {
                    setActive(i);
                    setShown(f.id);
                  }}
                  onBlur={() => setShown((s) => (s === f.id ? null : s))}
                  onMouseEnter={() => setShown(f.id)}
                  onMouseLeave={() => setShown((s) => (s === f.id ? null : s))}
                  onClick={() => onPick(f.id)}
                  onKeyDown={(e) => {
                    const keys: Record<string, () => void> = {
                      ArrowRight: () => move(i + 1),
                      ArrowDown: () => move(i + 1),
                      ArrowLeft: () => move(i - 1),
                      ArrowUp: () => move(i - 1),
                      Home: () => move(0),
                      End: () => move(figures.length - 1),
                      Enter: () => onPick(f.id),
                      ' ': () => onPick(f.id),
                      Escape: () => setShown(null),
                    };
                    const run = keys[e.key];
                    if (run) {
                      e.preventDefault();
                      run();
                    }
                  }}
                >
                  <Mark figure={f} cx={cx} colour={colour} py={py} top={top} bottom={bottom} low={b.low} high={b.high} />
                  {conflict && (
                    <>
                      <circle cx={cx} cy={anchorY(f)} r={9} fill="none" stroke={CONFLICT} strokeWidth={1.5} strokeDasharray="3 2" />
                      <text x={cx + 7} y={anchorY(f) - 9} fontSize={12} fontWeight={700} fill={CONFLICT}>
                        !
                      </text>
                    </>
                  )}
                  {!phone && (
                    <text x={cx + 9} y={anchorY(f)} dy="0.32em" fontSize={11} fill="#0F172A" textDecoration={faded ? 'line-through' : undefined}>
                      {valueText(f)}
                    </text>
                  )}
                  <circle className="ring" cx={cx} cy={anchorY(f)} r={11} fill="none" stroke="#1D4ED8" strokeWidth={2} opacity={0} />
                </g>
              );
            })}
          </g>
        </svg>
        {tip && (
          <div
            aria-hidden="true"
            data-testid="chart-tooltip"
            className="pointer-events-none absolute z-10 w-56 rounded-md border border-slate-300 bg-white p-2 text-xs shadow-lg"
            style={{
              left: Math.min(Math.max(px(tip.id) - 112, 0), width - 224),
              // Above the point, or below it when there is no room above: never over it.
              top: anchorY(tip) > 150 ? anchorY(tip) - 144 : anchorY(tip) + 16,
            }}
          >
            <p className="font-semibold text-slate-900">{valueText(tip)}</p>
            <p className="text-slate-700">
              <bdi>{sourceOf(tip)}</bdi>
            </p>
            <p className="text-slate-600">{whenText(tip)}</p>
            <p className="truncate text-slate-600">
              {tip.article.language.toUpperCase()} · <bdi dir="auto">{tip.article.outlet ?? tip.article.title}</bdi>
            </p>
            <p className="text-slate-600">{STATUS_LABELS[tip.status]}</p>
            {inConflict.has(tip.id) && <p className="font-medium text-red-800">! In conflict</p>}
            {tip.supersededById && <p className="text-slate-600">Superseded later in its article</p>}
          </div>
        )}
      </div>
      <figcaption className="space-y-1 text-xs text-slate-700">
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Sources" data-testid="chart-legend">
          {[...new Map(figures.map((f) => [keyOf(f), keyOf(f) === UNATTRIBUTED ? 'No source named' : sourceOf(f)])).entries()].map(([key, name]) => (
            <li key={key} className="inline-flex items-center gap-1">
              <span aria-hidden="true" className="inline-block size-2.5 rounded-full" style={{ background: colours.get(key) }} />
              <bdi>{name}</bdi>
            </li>
          ))}
        </ul>
        <p id={`${id}-keys`} className="text-slate-600">
          ● exact · ◆ about · bar: a range, arrow where open (&gt;, ≥, &lt;, ≤) · <span className="text-red-800">red dashed ring and ! : in conflict</span> ·
          grey arrow: same source over time · faded: superseded. Tab to a point, arrows move, Enter goes to its row.
        </p>
      </figcaption>
    </figure>
  );
}
