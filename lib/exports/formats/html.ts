// The printable report: summary counts with a small chart, each story's
// figures board (html-board.ts), then every claim with its verdict and history. Self-contained HTML; all text is escaped, and the
// file carries its own no-script policy because it is opened from disk.
import 'server-only';
import { Readable } from 'node:stream';
import { REPORT_CSP } from '../../http/security-headers';
import type { ClaimStatus } from '../../validation/claims';
import { noBoards, type ReportBoard } from '../board-report';
import type { ExportClaim } from '../export-claims';
import { auditLine } from '../report-audit';
import type { ExportMeta } from './json';
import { languageName } from '../../utils/format';
import { STATUS_LABELS } from '../../utils/status-labels';
import { dirAttribute } from '../../utils/text-direction';
import { isHttpUrl } from '../../validation/http-url';
import { BOARD_STYLE, boardSection } from './html-board';
import { STATUS_COLOR, describeFilters, figuresLine, when } from './report-text';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
// User text inside a line of report text: an RTL override stays inside it.
const bdi = (s: string) => `<bdi>${escapeHtml(s)}</bdi>`;
const safeUrl = (u: string) => (/^https?:\/\//i.test(u) ? escapeHtml(u) : '#');

const STYLE = `
body{font-family:"Inter Variable","Noto Sans","Noto Sans Arabic","Segoe UI","Geeza Pro",Tahoma,"DejaVu Sans",system-ui,sans-serif;color:#0f172a;margin:2rem auto;max-width:52rem;padding:0 1rem;line-height:1.5}
h1{font-size:1.6rem;margin:0}h1 .story{display:block;font-size:1.15rem;font-weight:600;color:#334155;margin-top:.2rem}.meta{color:#475569;font-size:.85rem}
.summary{display:flex;flex-wrap:wrap;gap:.5rem 2rem;align-items:center;margin:1.5rem 0;padding:1rem;border:1px solid #e2e8f0;border-radius:.5rem}.summary svg{max-width:100%;height:auto}
h1,h2,dd{overflow-wrap:anywhere}dd{min-width:0}
.claim{border-top:1px solid #e2e8f0;padding:1rem 0;break-inside:avoid}.claim h2{font-size:1.05rem;margin:0 0 .25rem}
.badge{display:inline-block;padding:0 .5rem;border-radius:999px;color:#fff;font-size:.75rem;font-weight:600;-webkit-print-color-adjust:exact;print-color-adjust:exact}
dl{display:grid;grid-template-columns:8rem 1fr;gap:.15rem .75rem;font-size:.85rem;margin:.5rem 0}dt{color:#64748b}dd{margin:0}
ol.history{font-size:.8rem;color:#334155;margin:.25rem 0 0;padding-left:1.2rem}
.toolbar{margin:1rem 0}
@media (max-width:40rem){body{margin:1rem auto}dl{grid-template-columns:1fr;gap:0}dt{margin-top:.35rem}table.figures{display:block;overflow-x:auto}}
@media print{.toolbar{display:none}body{margin:0}a{color:inherit}}
`;

function chart(counts: Record<ClaimStatus, number>): string {
  const total = Math.max(1, ...Object.values(counts));
  const rows = (Object.keys(counts) as ClaimStatus[]).map((s, i) => {
    const w = Math.round((counts[s] / total) * 220);
    return `<text x="0" y="${i * 24 + 15}" font-size="12">${STATUS_LABELS[s]}</text><rect x="90" y="${i * 24 + 3}" width="${w}" height="16" rx="3" fill="${STATUS_COLOR[s]}"/><text x="${96 + w}" y="${i * 24 + 15}" font-size="12">${counts[s]}</text>`;
  });
  return `<svg role="img" aria-label="Claims by status" width="360" height="${24 * 4}" xmlns="http://www.w3.org/2000/svg">${rows.join('')}</svg>`;
}

/** Outlet · byline · published day · link, for the articles that name them. */
function articleRow(c: ExportClaim): string {
  const parts = [
    c.outlet ? bdi(c.outlet) : null,
    c.byline ? bdi(c.byline) : null,
    c.publishedAt ? `published ${escapeHtml(c.publishedAt.slice(0, 10))}` : null,
    c.articleUrl && isHttpUrl(c.articleUrl) ? `<a href="${escapeHtml(c.articleUrl)}">original article</a>` : null,
  ].filter(Boolean);
  return parts.length ? `<dt>Article</dt><dd>${parts.join(' · ')}</dd>` : '';
}

/** The claim's story, in a report of many stories (a report of one names it in its heading). */
const storyRow = (c: ExportClaim) => (c.storyTitle ? `<dt>Story</dt><dd>${bdi(c.storyTitle)}</dd>` : '');

function claimSection(c: ExportClaim, showStory: boolean): string {
  const evidence = c.evidence.length ? `<ul>${c.evidence.map((e) => `<li><a href="${safeUrl(e.url)}">${bdi(e.label || e.url)}</a></li>`).join('')}</ul>` : '—';
  const history = c.history.length
    ? `<ol class="history">${c.history.map((h) => `<li>${escapeHtml(when(h.at))} — ${bdi(h.by)}: ${STATUS_LABELS[h.status]}${h.reason ? ` — “${bdi(h.reason)}”` : ''}</li>`).join('')}</ol>`
    : '<p class="meta">No verdicts yet.</p>';
  const figures = figuresLine(c.figures);
  // The report is English; the title is the article's, in its language and direction.
  return `<section class="claim">
<h2 lang="${escapeHtml(c.language)}" dir="${dirAttribute(c.language)}">${escapeHtml(c.title)}</h2>
<span class="badge" style="background:${STATUS_COLOR[c.status]}">${STATUS_LABELS[c.status]}</span>
<dl><dt>Source key</dt><dd>${escapeHtml(c.sourceKey)}</dd>${showStory ? storyRow(c) : ''}${articleRow(c)}<dt>Language</dt><dd>${escapeHtml(languageName(c.language))} (${escapeHtml(c.language)})</dd>
<dt>Reason</dt><dd dir="auto">${c.reason ? escapeHtml(c.reason) : '—'}</dd><dt>Evidence</dt><dd>${evidence}</dd>
<dt>Reviewer</dt><dd>${c.decidedBy ? bdi(c.decidedBy.name) : '—'}</dd><dt>Decided</dt><dd>${escapeHtml(when(c.decidedAt))}</dd>
${c.reReviewAt ? `<dt>Re-review</dt><dd>${escapeHtml(c.reReviewAt.slice(0, 10))}</dd>` : ''}${figures ? `<dt>Figures</dt><dd>${escapeHtml(figures)}</dd>` : ''}</dl>
<h3 class="meta">History</h3>${history}
</section>`;
}

export function htmlStream(
  claims: AsyncIterable<ExportClaim>,
  meta: ExportMeta,
  counts: Record<ClaimStatus, number>,
  org: string,
  boards: AsyncIterable<ReportBoard> = noBoards(),
): Readable {
  const { story } = meta;
  async function* chunks() {
    yield `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="factdesk-audit" content="${escapeHtml(JSON.stringify(meta.audit))}">
<title>Verdict report — ${story ? `${escapeHtml(story.title)} — ` : ''}${escapeHtml(org)}</title><style>${STYLE}${BOARD_STYLE}</style></head><body><main>
<h1>Verdict report${story ? `<span class="story">Story: ${bdi(story.title)}</span>` : ''}</h1><p class="meta">${escapeHtml(org)} · exported ${escapeHtml(when(meta.exportedAt))} by ${escapeHtml(meta.exportedBy)} · ${escapeHtml(describeFilters(meta.filters))}</p>
<p class="meta audit">${escapeHtml(auditLine(meta.audit))}</p>
<div class="summary">${chart(counts)}<p><strong>${meta.count}</strong> claims</p></div>`;
    let n = 0;
    for await (const board of boards) yield boardSection(board, n++);
    if (n > 0) yield '<h2 class="claims-heading">Claims</h2>';
    for await (const c of claims) yield claimSection(c, !story);
    yield '</main></body></html>\n';
  }
  return Readable.from(chunks());
}
