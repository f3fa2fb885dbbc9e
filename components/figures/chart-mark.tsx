// One figure's shape on the chart: a dot (exact), a diamond (about), or a bar
// for a range, with an arrow where it is open and a hollow bound where the
// bound itself is excluded.
import type { FigureDto } from '@/lib/validation/figures';

type MarkProps = {
  figure: FigureDto;
  cx: number;
  colour: string;
  py: (v: number) => number;
  top: number;
  bottom: number;
  low: number | null;
  high: number | null;
};

/** The figure's own shape: a dot, a diamond, or a bar with open or closed ends. */
export function ChartMark({ figure, cx, colour, py, top, bottom, low, high }: MarkProps) {
  const q = figure.qualifier;
  if (q === 'exact') return <circle cx={cx} cy={py(figure.value ?? 0)} r={6} fill={colour} stroke="#fff" strokeWidth={1.5} />;
  if (q === 'about') {
    const cy = py(figure.value ?? 0);
    return <path d={`M${cx},${cy - 7} L${cx + 7},${cy} L${cx},${cy + 7} L${cx - 7},${cy} Z`} fill={colour} stroke="#fff" strokeWidth={1.5} />;
  }
  const open = q === 'more_than' || q === 'fewer_than';
  const up = q === 'more_than' || q === 'at_least';
  const from = q === 'between' ? py(low ?? 0) : up ? py(low ?? 0) : py(high ?? 0);
  const to = q === 'between' ? py(high ?? 0) : up ? top + 4 : bottom - 4;
  const end = q === 'between' ? null : to;
  return (
    <g>
      <rect x={cx - 3} y={Math.min(from, to)} width={6} height={Math.max(Math.abs(to - from), 2)} rx={3} fill={colour} opacity={0.35} />
      {q === 'between' && (
        <>
          <line x1={cx - 6} x2={cx + 6} y1={from} y2={from} stroke={colour} strokeWidth={2.5} />
          <line x1={cx - 6} x2={cx + 6} y1={to} y2={to} stroke={colour} strokeWidth={2.5} />
        </>
      )}
      {end !== null && (
        <path
          d={up ? `M${cx - 6},${end + 7} L${cx},${end} L${cx + 6},${end + 7}` : `M${cx - 6},${end - 7} L${cx},${end} L${cx + 6},${end - 7}`}
          fill="none"
          stroke={colour}
          strokeWidth={2}
        />
      )}
      {/* The bound itself: hollow when it is excluded (>, <), filled when it is included (≥, ≤). */}
      {q !== 'between' && <circle cx={cx} cy={from} r={5.5} fill={open ? '#fff' : colour} stroke={colour} strokeWidth={2.5} />}
    </g>
  );
}
