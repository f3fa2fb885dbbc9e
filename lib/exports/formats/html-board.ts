// The figures board in the printable HTML report: per story, each group's
// summary, conflicts and progressions, an inline SVG chart (one row per
// figure on a value axis, coloured by source, conflicts ringed; each figure
// focusable and named for screen readers) and the same data as a table, the
// sentence in its own language and direction with the figure marked.
import 'server-only';
import { STATUS_LABELS } from '../../utils/status-labels';
import { CONFLICT_COLOUR, type ChartLayout, type ReportBoard, type ReportGroup, type BoardRow } from '../board-report';
import { STATUS_COLOR } from './report-text';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const bdi = (s: string) => `<bdi>${esc(s)}</bdi>`;

export const BOARD_STYLE = `
.board{border-top:2px solid #0f172a;margin:2rem 0 1rem;padding-top:.5rem}.board h2{font-size:1.25rem;margin:.25rem 0}
.group{margin:1.25rem 0;break-inside:auto}.group h3{font-size:1.05rem;margin:.5rem 0 .15rem}.group .line{font-weight:600;margin:.1rem 0}
.group ul{font-size:.85rem;margin:.25rem 0;padding-left:1.2rem}.group li.conflict{color:#991b1b}
.chart{margin:.5rem 0;max-width:100%}.chart svg{max-width:100%;height:auto}.chart g[tabindex]:focus{outline:2px solid #1d4ed8}
table.figures{border-collapse:collapse;width:100%;font-size:.78rem;margin:.5rem 0}table.figures th,table.figures td{border-bottom:1px solid #e2e8f0;padding:.2rem .3rem;text-align:start;vertical-align:top}
table.figures th{background:#f1f5f9}table.figures tr.conflict td:first-child{box-shadow:inset 3px 0 0 ${CONFLICT_COLOUR}}table.figures tr.superseded{color:#64748b}
table.figures mark{background:#fef08a;padding:0 .1em}td.value{font-weight:700;white-space:nowrap}
`;

const W = 720;
const LABEL_W = 220;
const PLOT_L = LABEL_W + 10;
const PLOT_R = W - 24;
const ROW_H = 18;
const TOP = 8;

const x = (at: number) => Math.round((PLOT_L + at * (PLOT_R - PLOT_L)) * 10) / 10;
const clip = (s: string, n: number) =>
  Array.from(s).length > n
    ? `${Array.from(s)
        .slice(0, n - 1)
        .join('')}…`
    : s;

function svgChart(chart: ChartLayout, id: string): string {
  const rows = chart.points.length;
  const axisY = TOP + rows * ROW_H + 4;
  const legendTop = axisY + 34;
  const perLine = 3;
  const legendRows = Math.ceil((chart.legend.length + (chart.conflicts ? 1 : 0)) / perLine);
  const height = legendTop + legendRows * 18 + 4;
  const parts: string[] = [];
  for (const t of chart.ticks) {
    parts.push(`<line x1="${x(t.at)}" y1="${TOP}" x2="${x(t.at)}" y2="${axisY}" stroke="#e2e8f0"/>`);
    parts.push(`<text x="${x(t.at)}" y="${axisY + 14}" font-size="10" text-anchor="middle" fill="#475569">${esc(t.label)}</text>`);
  }
  parts.push(`<line x1="${PLOT_L}" y1="${axisY}" x2="${PLOT_R}" y2="${axisY}" stroke="#475569"/>`);
  parts.push(
    `<text x="${PLOT_R}" y="${axisY + 28}" font-size="10" text-anchor="end" fill="#475569">${chart.scale === 'log' ? 'logarithmic scale' : 'linear scale'}</text>`,
  );
  const items = chart.points.map((p) => {
    const cy = TOP + p.row * ROW_H + ROW_H / 2;
    const g: string[] = [`<title>${esc(p.title)}</title>`];
    g.push(`<text x="${LABEL_W}" y="${cy + 3.5}" font-size="10.5" text-anchor="end" fill="#0f172a">${esc(clip(p.label, 38))}</text>`);
    g.push(`<line x1="${x(p.from)}" y1="${cy}" x2="${x(p.to)}" y2="${cy}" stroke="${p.colour}" stroke-width="2.5" stroke-linecap="round"/>`);
    if (p.openRight) g.push(`<path d="M${x(1) + 8},${cy} l-8,-4 v8 z" fill="${p.colour}"/>`);
    if (p.openLeft) g.push(`<path d="M${x(0) - 8},${cy} l8,-4 v8 z" fill="${p.colour}"/>`);
    for (const at of [p.at, ...(p.at2 === null ? [] : [p.at2])]) {
      g.push(`<circle cx="${x(at)}" cy="${cy}" r="4.5" fill="${p.hollow ? '#fff' : p.colour}" stroke="${p.colour}" stroke-width="2"/>`);
    }
    if (p.conflict) g.push(`<circle cx="${x(p.at)}" cy="${cy}" r="8" fill="none" stroke="${CONFLICT_COLOUR}" stroke-width="2"/>`);
    // Beside the dot, on the side the interval's arrow does not take.
    const valueAt = p.openRight ? `x="${x(p.at) - 11}" text-anchor="end"` : `x="${Math.min(x(Math.max(p.at, p.at2 ?? 0)) + 11, PLOT_R)}"`;
    g.push(`<text ${valueAt} y="${cy + 3.5}" font-size="10" fill="#334155">${esc(p.superseded ? `${p.value} (superseded)` : p.value)}</text>`);
    return `<g role="listitem" tabindex="0" aria-label="${esc(p.title)}"${p.superseded ? ' opacity="0.5"' : ''}>${g.join('')}</g>`;
  });
  const legend = [
    ...chart.legend.map((l) => ({ text: l.source, colour: l.colour, ring: false })),
    ...(chart.conflicts ? [{ text: 'in conflict', colour: CONFLICT_COLOUR, ring: true }] : []),
  ].map((l, i) => {
    const lx = 10 + (i % perLine) * ((W - 20) / perLine);
    const ly = legendTop + Math.floor(i / perLine) * 18;
    const swatch = l.ring
      ? `<circle cx="${lx + 5}" cy="${ly + 5}" r="6" fill="none" stroke="${l.colour}" stroke-width="2"/>`
      : `<circle cx="${lx + 5}" cy="${ly + 5}" r="5" fill="${l.colour}"/>`;
    return `<g>${swatch}<text x="${lx + 16}" y="${ly + 9}" font-size="10.5" fill="#0f172a">${esc(clip(l.text, 34))}</text></g>`;
  });
  return `<svg role="group" aria-labelledby="${id}-t" aria-describedby="${id}-d" viewBox="0 0 ${W} ${height}" width="${W}" height="${height}" xmlns="http://www.w3.org/2000/svg" font-family="inherit">
<title id="${id}-t">Chart: ${esc(chart.description.split('. ')[0] ?? '')}</title><desc id="${id}-d">${esc(chart.description)}</desc>
${parts.join('')}<g role="list" aria-label="Figures in time order">${items.join('')}</g><g aria-label="Legend: colours by source">${legend.join('')}</g></svg>`;
}

function sentenceCell(r: BoardRow): string {
  const { start, end } = r.mark;
  const inside = start >= 0 && end <= r.sentence.length && start < end;
  const text = inside ? `${esc(r.sentence.slice(0, start))}<mark>${esc(r.sentence.slice(start, end))}</mark>${esc(r.sentence.slice(end))}` : esc(r.sentence);
  return `<td lang="${esc(r.language)}" dir="${r.direction}">${text}</td>`;
}

function tableRow(r: BoardRow): string {
  const cls = [r.conflict ? 'conflict' : '', r.superseded ? 'superseded' : ''].filter(Boolean).join(' ');
  const verdict = `<span style="color:${STATUS_COLOR[r.status]};font-weight:600">${STATUS_LABELS[r.status]}</span>${r.reason ? `<br><span dir="auto">${esc(r.reason)}</span>` : ''}`;
  const marks = [r.conflict ? 'in conflict' : '', r.superseded ? 'superseded' : ''].filter(Boolean).join(', ');
  return `<tr data-figure-id="${esc(r.id)}"${cls ? ` class="${cls}"` : ''}><td class="value">${esc(r.value)}${marks ? `<br><small>${marks}</small>` : ''}</td><td>${esc(r.qualifier)}</td><td>${bdi(r.counted)}</td><td>${bdi(r.who)}</td><td>${bdi(r.when)}</td><td>${bdi(r.article)}</td>${sentenceCell(r)}<td>${verdict}</td></tr>`;
}

function groupSection(g: ReportGroup, id: string): string {
  const lists = [
    g.conflictLines.length ? `<ul aria-label="Conflicts">${g.conflictLines.map((l) => `<li class="conflict">${esc(l)}</li>`).join('')}</ul>` : '',
    g.progressionLines.length ? `<ul aria-label="Progressions">${g.progressionLines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '',
  ].join('');
  const chart = g.chart
    ? `<figure class="chart">${svgChart(g.chart, id)}${g.chart.omitted ? `<figcaption class="meta">The chart shows the first ${g.chart.points.length} figures in time order; ${g.chart.omitted} more are in the table and the figures CSV.</figcaption>` : ''}</figure>`
    : '';
  // tabindex on the table: on a phone it scrolls sideways (CSS below 40rem), and a keyboard must reach it to scroll.
  return `<section class="group" aria-labelledby="${id}-h"><h3 id="${id}-h">${esc(g.group.label)}</h3><p class="line">${esc(g.group.summary)}</p>${lists}${chart}
<table class="figures" tabindex="0"><caption class="meta">${esc(g.group.label)}: every figure, in time order</caption><thead><tr><th scope="col">Value</th><th scope="col">Qualifier</th><th scope="col">Counted</th><th scope="col">Who says it</th><th scope="col">When</th><th scope="col">Article</th><th scope="col">Sentence</th><th scope="col">Verdict</th></tr></thead>
<tbody>${g.rows.map(tableRow).join('')}</tbody></table>${g.omittedRows ? `<p class="meta">${g.omittedRows} more figures are in the figures CSV.</p>` : ''}</section>`;
}

/** `n`: the board's position in the report, for element ids. */
export function boardSection(board: ReportBoard, n: number): string {
  return `<section class="board" data-testid="figures-board" aria-labelledby="board-${n}"><h2 id="board-${n}">Figures board — ${bdi(board.storyTitle)}</h2>
<p class="meta">${board.figures} figures in ${board.articles} ${board.articles === 1 ? 'article' : 'articles'} of this export, grouped by what they count.</p>
${board.groups.map((g, i) => groupSection(g, `board-${n}-${i}`)).join('\n')}</section>`;
}
