// The figures board of a story with 500 articles and about 3,000 figures
// (bench/support/figure-desk.ts) against the claims list page, in one run,
// taking turns: the pages as a signed-in browser gets them, the API routes
// behind them, and in this process the domain function (listStoryFigures)
// and the pure board (buildBoard) on the story's figures. Goal: the board
// page within 2× of the list page. Where a request's time goes is shown by
// its parts: the database calls of listStoryFigures, buildBoard alone, and
// the page's HTML split into markup and the React flight data it carries.
import type { Actor } from '../lib/auth/permissions';
import { listClaims } from '../lib/claims/list-claims';
import { db } from '../lib/db';
import { buildBoard } from '../lib/figures/board';
import { listStoryFigures, loadStoryBoard } from '../lib/figures/desk';
import { CLAIMS_VIEW_COOKIE } from '../lib/utils/claims-view';
import type { FigureDto } from '../lib/validation/figures';
import { listClaimsQuerySchema } from '../lib/validation/claims';
import { type BenchDatabase, sql, usingDatabase } from './support/bench-database';
import type { Benchmark } from './support/benchmark';
import { signInDemoUsers, startFactdesk } from './support/factdesk-server';
import { type FigureDeskSummary, fillFigureDesk } from './support/figure-desk';
import { summarize } from './support/stats';
import { timedPrisma } from './support/timed-prisma';
import { fmtInt, fmtMs, fmtRatio, markdownTable } from './support/table';

const ARTICLES = Number(process.env.BENCH_FIGURES_BOARD_ARTICLES ?? 500);
const PER_ARTICLE = 6;
const PORT = Number(process.env.BENCH_FIGURES_PORT ?? 3351);
const WARMUP_ROUNDS = 3;
const MIN_ROUNDS = 15;
const MAX_ROUNDS = 40;
const BUDGET_MS = 150_000;

type Target = {
  group: 'in process' | 'API' | 'page';
  label: string;
  /** The request it is compared with (a label of another target). */
  against?: string;
  run: () => Promise<number>;
};
type Measured = Target & { ms: number[]; calls: Map<string, { ms: number; calls: number }> };
type Page = { bytes: number; flight: number; svg: number; classes: number };

const bytesOf = (html: string, pattern: RegExp) => {
  let n = 0;
  for (const m of html.matchAll(pattern)) n += Buffer.byteLength(m[0]);
  return n;
};

/** A page's HTML by part: the React flight data (`self.__next_f.push(…)` scripts: client props, serialised), the SVG, and the class attributes of the markup. */
function pageParts(html: string): Page {
  const flight = bytesOf(html, /<script[^>]*>self\.__next_f\.push\([\s\S]*?<\/script>/g);
  const markup = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '');
  return { bytes: Buffer.byteLength(html), flight, svg: bytesOf(markup, /<svg[\s\S]*?<\/svg>/g), classes: bytesOf(markup, / class="[^"]*"/g) };
}

async function httpGet(url: string, cookie: string, check: (body: string) => boolean): Promise<{ ms: number; body: string }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie }, redirect: 'manual', signal: AbortSignal.timeout(120_000) });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200 || !check(body)) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 300)}`);
  return { ms, body };
}

async function buildDesk(database: BenchDatabase, log: (m: string) => void): Promise<{ url: string; summary: FigureDeskSummary }> {
  const url = await database.create('bench_figures_board');
  log(`figures-board: writing a story of ${fmtInt(ARTICLES)} articles with ${PER_ARTICLE} figures each …`);
  const summary = await fillFigureDesk(url, { articles: ARTICLES, figuresPerArticle: PER_ARTICLE, prefix: 'board' });
  log(`figures-board: desk written in ${((summary.ms.generating + summary.ms.writing) / 1000).toFixed(1)} s`);
  return { url, summary };
}

export const figuresBoard: Benchmark = {
  name: 'figures-board',
  title: 'The figures board of a large story',
  run: async ({ database, log }) => {
    const { url, summary } = await buildDesk(database, log);
    const storyId = summary.storyId;
    const [editorRow] = await sql<{ id: string; email: string; display_name: string }>(
      url,
      "SELECT id::text, email, display_name FROM users WHERE email = 'admin@factdesk.test'",
    );
    if (!editorRow) throw new Error('no demo editor on the desk');
    const actor: Actor = { id: editorRow.id, email: editorRow.email, displayName: editorRow.display_name, role: 'editor' };
    const first = listClaimsQuerySchema.parse({});

    const app = await startFactdesk({ port: PORT, databaseUrl: url });
    try {
      const cookie = (await signInDemoUsers(app.baseUrl)).editor;
      const listed = `${cookie}; ${CLAIMS_VIEW_COOKIE}=list`;
      const pages = new Map<string, Page>();
      const apiBytes = new Map<string, number>();
      const html = (body: string) => body.includes('</html>');
      const json = (key: string) => (body: string) => key in (JSON.parse(body) as Record<string, unknown>);
      const page = (label: string, path: string, c: string) => async () => {
        const r = await httpGet(`${app.baseUrl}${path}`, c, html);
        pages.set(label, pageParts(r.body));
        return r.ms;
      };
      const api = (label: string, path: string, key: string) => async () => {
        const r = await httpGet(`${app.baseUrl}${path}`, cookie, json(key));
        apiBytes.set(label, Buffer.byteLength(r.body));
        return r.ms;
      };
      // The story's figures, once, for buildBoard on its own (as the page and the API hand them to it).
      const figures = await usingDatabase(url, () => listStoryFigures({ storyId }));
      if (figures.length !== summary.figures) throw new Error(`listStoryFigures gave ${figures.length} figures, the desk holds ${summary.figures}`);
      const groups = buildBoard(figures);
      const inProcess = (fn: () => unknown) => async () => {
        const t0 = performance.now();
        const result = await fn();
        if (result === null) throw new Error('no result');
        return performance.now() - t0;
      };
      // A change to one of the story's figures moves its board revision: the next board request computes the board again.
      const touched = figures[0]!.id;
      const afterChange = (run: () => Promise<number>) => async () => {
        await sql(url, 'UPDATE figures SET updated_at = now() WHERE id = $1', [touched]);
        return run();
      };
      const targets: Target[] = [
        { group: 'page', label: 'GET /stories/{id}/figures (the board)', against: 'GET / (list)', run: page('board', `/stories/${storyId}/figures`, cookie) },
        {
          group: 'page',
          label: 'GET /stories/{id}/figures, the board just after a change',
          against: 'GET / (list)',
          run: afterChange(page('board', `/stories/${storyId}/figures`, cookie)),
        },
        { group: 'page', label: 'GET /stories/{id} (the story page)', against: 'GET / (list)', run: page('story', `/stories/${storyId}`, cookie) },
        { group: 'page', label: 'GET / (list)', run: page('list', '/', listed) },
        {
          group: 'API',
          label: 'GET /api/stories/{id}/figures',
          against: 'GET /api/claims',
          run: api('figures', `/api/stories/${storyId}/figures`, 'figures'),
        },
        { group: 'API', label: 'GET /api/claims', run: api('claims', '/api/claims', 'claims') },
        { group: 'in process', label: 'listStoryFigures', against: 'listClaims, first page', run: inProcess(() => listStoryFigures({ storyId })) },
        {
          group: 'in process',
          label: 'loadStoryBoard, cached (asked twice, the second timed)',
          against: 'listClaims, first page',
          run: async () => {
            await loadStoryBoard({ storyId });
            return inProcess(() => loadStoryBoard({ storyId }))();
          },
        },
        { group: 'in process', label: `buildBoard (${fmtInt(figures.length)} figures)`, run: inProcess(() => buildBoard(figures)) },
        { group: 'in process', label: 'listClaims, first page', run: inProcess(() => listClaims({ actor, query: first })) },
      ];
      const measured: Measured[] = targets.map((t) => ({ ...t, ms: [], calls: new Map() }));
      const rounds = await usingDatabase(url, async () => {
        await db.$connect();
        const plain = globalThis.__factdeskDb;
        if (!plain) throw new Error('lib/db made no client');
        let current: Measured | undefined;
        globalThis.__factdeskDb = timedPrisma(plain, ({ label, ms }) => {
          if (!current) return;
          const seen = current.calls.get(label) ?? { ms: 0, calls: 0 };
          current.calls.set(label, { ms: seen.ms + ms, calls: seen.calls + 1 });
        });
        try {
          log(`figures-board: timing ${targets.length} requests, taking turns …`);
          const started = performance.now();
          let n = 0;
          for (let r = 0; r < WARMUP_ROUNDS + MAX_ROUNDS; r++) {
            if (n >= MIN_ROUNDS && performance.now() - started > BUDGET_MS) break;
            for (let i = 0; i < measured.length; i++) {
              const m = measured[(i + r) % measured.length]!;
              current = r >= WARMUP_ROUNDS && m.group === 'in process' ? m : undefined;
              const ms = await m.run();
              if (r >= WARMUP_ROUNDS) m.ms.push(ms);
            }
            current = undefined;
            if (r >= WARMUP_ROUNDS) n += 1;
            if (n > 0 && n % 5 === 0) log(`figures-board: ${n} rounds measured`);
          }
          return n;
        } finally {
          globalThis.__factdeskDb = plain;
        }
      });
      return report({
        measured,
        rounds,
        summary,
        figures,
        groups: groups.length,
        conflicts: groups.reduce((s, g) => s + g.conflicts.length, 0),
        pages,
        apiBytes,
      });
    } finally {
      await app.stop();
    }
  },
};

function report(r: {
  measured: Measured[];
  rounds: number;
  summary: FigureDeskSummary;
  figures: FigureDto[];
  groups: number;
  conflicts: number;
  pages: Map<string, Page>;
  apiBytes: Map<string, number>;
}): string {
  const byLabel = new Map(r.measured.map((m) => [m.label, m]));
  const baselines = new Set(r.measured.flatMap((m) => (m.against ? [m.against] : [])));
  const size = (m: Measured) => {
    const key = m.label.includes('board') ? 'board' : m.label.includes('story page') ? 'story' : m.label === 'GET / (list)' ? 'list' : null;
    const p = key ? r.pages.get(key) : undefined;
    const kb = (n: number) => fmtInt(n / 1024);
    if (p) return `${kb(p.bytes)} (flight data ${kb(p.flight)}, SVG ${kb(p.svg)}, class attributes ${kb(p.classes)})`;
    const api = m.label.includes('/figures') ? r.apiBytes.get('figures') : m.label === 'GET /api/claims' ? r.apiBytes.get('claims') : undefined;
    return api === undefined ? '—' : (api / 1024).toFixed(0);
  };
  const rows = r.measured.map((m) => {
    const s = summarize(m.ms);
    const base = m.against ? byLabel.get(m.against) : undefined;
    const b = base ? summarize(base.ms) : undefined;
    return [
      m.group,
      m.label,
      `${fmtMs(s.p50)} / ${fmtMs(s.p95)}`,
      b ? `${fmtRatio(s.p50 / b.p50)} / ${fmtRatio(s.p95 / b.p95)}` : baselines.has(m.label) ? '(baseline)' : '—',
      size(m),
    ];
  });
  const board = summarize(byLabel.get('GET /stories/{id}/figures (the board)')!.ms);
  const list = summarize(byLabel.get('GET / (list)')!.ms);
  const ratio50 = board.p50 / list.p50;
  const ratio95 = board.p95 / list.p95;
  const cold = summarize(byLabel.get('GET /stories/{id}/figures, the board just after a change')!.ms);
  const goal = ratio50 <= 2 && ratio95 <= 2 ? 'within the 2× goal' : ratio50 <= 2 ? 'within 2× on the median, not on p95' : 'not within the 2× goal';
  const callRows = r.measured
    .filter((m) => m.group === 'in process' && m.calls.size > 0)
    .flatMap((m) => {
      const n = m.ms.length || 1;
      const top = [...m.calls].sort((x, y) => y[1].ms - x[1].ms).slice(0, 3);
      return top.map(([label, v], i) => [i === 0 ? m.label : '', `\`${label}\``, (v.calls / n).toFixed(1), fmtMs(v.ms / n)]);
    });
  const counted = Object.entries(r.summary.counted)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${fmtInt(v)}`)
    .join(', ');
  const languages = Object.entries(r.summary.languages)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return [
    `One desk: the seeded template plus one story of ${fmtInt(r.summary.articles)} articles (${languages}; 600–1,500 words each, published over three weeks) ` +
      `holding ${fmtInt(r.summary.figures)} figures (\`bench/support/figure-desk.ts\`: the figures the article generator planted, with spans into the stored bodies; ` +
      `${counted}; ${fmtInt(r.summary.sources)} sources as written in five languages; ${fmtInt(r.summary.verdicts)} with verdicts, ${fmtInt(r.summary.dismissed)} dismissed). ` +
      `buildBoard makes ${r.groups} groups with ${fmtInt(r.conflicts)} conflicts of them. One app server on it (production build), signed in as the editor; ` +
      `${r.rounds} rounds after ${WARMUP_ROUNDS} warm-up rounds, each asking for everything once in an order rotated every round. ` +
      '"In process" calls the domain functions through the app\'s Prisma client in the benchmark process (buildBoard on the figures loaded once); ' +
      '"API" and "page" are HTTP requests to the server (the list page with the list view cookie: 25 claims).',
    '',
    "Time in ms, p50 / p95; the ratio compares with the request named (p50 / p95); size in KB (of a page: the HTML, and in it the React flight data, the SVG and the markup's class attributes):",
    '',
    markdownTable(['kind', 'request', 'p50 / p95', 'against', 'size KB'], rows),
    '',
    `**The board against the list page: ${fmtRatio(ratio50)} on the median, ${fmtRatio(ratio95)} on p95, ${goal}.** ` +
      `Just after a change to the story (its board computed again): ${fmtRatio(cold.p50 / list.p50)} / ${fmtRatio(cold.p95 / list.p95)}.`,
    '',
    'Where the in-process time goes: the three longest database calls of each (calls per request; mean ms per request, Prisma included):',
    '',
    markdownTable(['function', 'call', 'calls', 'ms'], callRows),
  ].join('\n');
}
