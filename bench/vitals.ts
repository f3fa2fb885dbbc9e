// Core Web Vitals (LCP, CLS, INP) of four pages in Chromium, on the seeded
// 5-article desk and on the 100,000-article story desk: the claims list, a
// claim, a story and its figures board. Google's web-vitals library (its
// attribution build) is injected before any page script; INP comes from real
// input: the list's filters (keyboard on the selects) and the claim's verdict
// buttons (mouse). Every sample is a fresh browser context (cold cache) and
// page load; the desks take turns, so background load falls on both alike.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright';
import { CLAIMS_VIEW_COOKIE } from '../lib/utils/claims-view';
import { ROOT, sql } from './support/bench-database';
import type { Benchmark } from './support/benchmark';
import { type Factdesk, signInDemoUsers, startFactdesk } from './support/factdesk-server';
import { median } from './support/stats';
import { storyDesk } from './support/story-bench-desk';
import { fmtInt, fmtMs, fmtRatio, markdownTable } from './support/table';

const SIZE = Number(process.env.BENCH_VITALS_SIZE ?? 100_000);
const SAMPLES = Number(process.env.BENCH_VITALS_SAMPLES ?? 5);
const PORT = Number(process.env.BENCH_VITALS_PORT ?? 3360);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = path.join(ROOT, '.data/vitals-screenshots');
const GOAL = { lcp: 1000, cls: 0.01, inp: 100, ratio: 1.5 };

type PageKey = 'list' | 'claim' | 'story' | 'board';
const PAGES: { key: PageKey; label: string }[] = [
  { key: 'list', label: 'claims list' },
  { key: 'claim', label: 'claim page' },
  { key: 'story', label: 'story page' },
  { key: 'board', label: 'figures board' },
];

type Ids = { claimId: string; storyId: string };
type Desk = { key: 'small' | 'large'; label: string; articles: number; app: Factdesk; cookie: string; ids: Ids };
/** What web-vitals reported, read back from the page (null: nothing reported, e.g. no shift at all). */
type Vitals = {
  /** htmlDone: the last byte of the (streamed) HTML, from the navigation's start. */
  lcp: { value: number; element: string | null; ttfb: number; htmlDone: number | null } | null;
  cls: { value: number; target: string | null } | null;
  inp: { value: number; target: string | null; type: string | null; inputDelay: number; processing: number; presentation: number } | null;
};
/** The page's window, with what COLLECTOR keeps in it. */
type VitalsWindow = Window & { __vitals?: Vitals };
type Sample = {
  lcp: number;
  ttfb: number;
  htmlDone: number;
  lcpElement: string | null;
  cls: number;
  clsTarget: string | null;
  inp: number | null;
  inpTarget: string | null;
};

// The package's dist folder (its exports name no IIFE build and no package.json).
const WEB_VITALS_DIST = path.dirname(createRequire(import.meta.url).resolve('web-vitals/attribution'));
const webVitalsSource = () => readFileSync(path.join(WEB_VITALS_DIST, 'web-vitals.attribution.iife.js'), 'utf8');

// Runs in the page before its own scripts. reportAllChanges: every new
// value is kept, so the figures can be read without hiding the page first.
// durationThreshold 16 (the Event Timing minimum, not the default 40): any
// interaction that took a frame or more counts.
const COLLECTOR = `(() => {
  const v = (window.__vitals = { lcp: null, cls: null, inp: null });
  const all = { reportAllChanges: true };
  webVitals.onLCP((m) => {
    const nav = performance.getEntriesByType('navigation')[0];
    v.lcp = { value: m.value, element: m.attribution.target ?? null, ttfb: m.attribution.timeToFirstByte, htmlDone: nav ? nav.responseEnd : null };
  }, all);
  webVitals.onCLS((m) => { v.cls = { value: m.value, target: m.attribution.largestShiftTarget ?? null }; }, all);
  webVitals.onINP((m) => {
    const a = m.attribution;
    v.inp = { value: m.value, target: a.interactionTarget ?? null, type: a.interactionType ?? null,
      inputDelay: a.inputDelay, processing: a.processingDuration, presentation: a.presentationDelay };
  }, { ...all, durationThreshold: 16 });
})();`;

/** The seeds' story (the one with most seed articles) and its first seed claim: present on both desks. */
async function seedIds(url: string): Promise<Ids> {
  const [row] = await sql<{ story_id: string; claim_id: string }>(
    url,
    `SELECT story_id::text, (array_agg(id::text ORDER BY source_key))[1] AS claim_id FROM claims
     WHERE source_key ~ '^[0-9]{3}_' AND story_id IS NOT NULL GROUP BY story_id ORDER BY count(*) DESC LIMIT 1`,
  );
  if (!row) throw new Error('no seed story on the desk');
  return { claimId: row.claim_id, storyId: row.story_id };
}

function cookiesFor(baseUrl: string, header: string) {
  const { hostname } = new URL(baseUrl);
  const pairs = header.split(';').map((c) => c.trim().split('='));
  const named = pairs.filter((p) => p.length >= 2 && p[0]).map(([name, ...rest]) => ({ name: name!, value: rest.join('=') }));
  return [...named, { name: CLAIMS_VIEW_COOKIE, value: 'list' }].map((c) => ({ ...c, domain: hostname, path: '/' }));
}

async function deskReady(page: Page) {
  await page.locator('[data-testid="connection-status"][data-status="live"]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.locator('body[data-shortcuts="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
}

/** The path of one page, and the interactions that give it an INP (none for the story page and the board). */
function pathOf(key: PageKey, ids: Ids): string {
  if (key === 'list') return '/';
  if (key === 'claim') return `/claims/${ids.claimId}`;
  if (key === 'story') return `/stories/${ids.storyId}`;
  return `/stories/${ids.storyId}/figures`;
}

// A select is changed from the keyboard (focus, ArrowDown), as a person does:
// Playwright's selectOption dispatches events from script, which Event Timing
// does not see. Each change navigates (router.push); the next waits for it.
async function useFilters(page: Page) {
  for (const [id, param] of [
    ['status', 'status='],
    ['lang', 'lang='],
  ] as const) {
    await page.focus(`#${id}`);
    await page.keyboard.press('ArrowDown');
    await page.waitForURL((u) => u.search.includes(param), { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  }
}

// The verdict buttons are labels over hidden radios; clicked with the mouse.
// The verdict is saved at the end (the claim's version moves on each sample).
async function useVerdictButtons(page: Page) {
  const panel = page.locator('[data-testid="verdict-panel"][data-shortcuts="ready"]');
  await panel.waitFor({ state: 'attached', timeout: 60_000 });
  for (const name of ['Disputed', 'Outdated', 'Verified']) {
    await panel.locator('label', { hasText: name }).first().click();
    await page.waitForTimeout(150);
  }
  await panel.getByRole('textbox', { name: /Reason/ }).fill('Checked against the agency report (benchmark).');
  await panel.getByRole('button', { name: 'Save verdict' }).click();
  await panel.getByText(/^Saved: /).waitFor({ timeout: 60_000 });
}

/** The last two steps of a selector, each its tag or id and first class: enough to find the element, short enough for a table. */
function shortSelector(selector: string | null): string | null {
  if (!selector) return null;
  return selector
    .split('>')
    .slice(-2)
    .map((step) => step.match(/^[^.]*(\.[^.]+)?/)![0])
    .join('>');
}

/** The interactions this benchmark makes, by name; any other by its selector. */
function interactionName(target: string | null): string {
  if (!target) return 'unknown';
  if (target.includes('#status')) return 'Status filter';
  if (target.includes('#lang')) return 'Language filter';
  if (target.includes('peer-checked:bg-red')) return 'Disputed';
  if (target.includes('peer-checked:bg-amber')) return 'Outdated';
  if (target.includes('peer-checked:bg-emerald')) return 'Verified';
  if (target.includes('textarea')) return 'Reason';
  if (target.includes('button')) return 'Save verdict';
  return shortSelector(target) ?? target;
}

async function sample(browser: Browser, desk: Desk, key: PageKey, screenshot?: string): Promise<Sample> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: desk.app.baseUrl });
  try {
    await context.addCookies(cookiesFor(desk.app.baseUrl, desk.cookie));
    await context.addInitScript({ content: `${webVitalsSource()}\n${COLLECTOR}` });
    const page = await context.newPage();
    const res = await page.goto(pathOf(key, desk.ids), { waitUntil: 'load', timeout: 120_000 });
    if (!res?.ok()) throw new Error(`${desk.label} ${key}: ${res?.status()} at ${page.url()}`);
    if (new URL(page.url()).pathname.startsWith('/login')) throw new Error(`${desk.label} ${key}: sent to the sign-in page`);
    await deskReady(page);
    await page.waitForFunction(() => (window as VitalsWindow).__vitals?.lcp != null, undefined, { timeout: 30_000 });
    // LCP stops at the first input: read it before any interaction.
    const lcp = await page.evaluate(() => (window as VitalsWindow).__vitals?.lcp ?? null);
    if (!lcp) throw new Error(`${desk.label} ${key}: no LCP reported`);
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: false });
    if (key === 'list') await useFilters(page);
    if (key === 'claim') await useVerdictButtons(page);
    // Late shifts and the last interaction's entry land after a while; hiding the page makes web-vitals report what it holds.
    await page.waitForTimeout(1000);
    const v = await page.evaluate(async () => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise((r) => setTimeout(r, 100));
      const v = (window as VitalsWindow).__vitals;
      if (!v) throw new Error('web-vitals did not run in the page');
      return v;
    });
    return {
      lcp: lcp.value,
      ttfb: lcp.ttfb,
      htmlDone: lcp.htmlDone ?? Number.NaN,
      lcpElement: shortSelector(lcp.element),
      cls: v.cls?.value ?? 0,
      clsTarget: shortSelector(v.cls?.target ?? null),
      inp: key === 'list' || key === 'claim' ? (v.inp?.value ?? 0) : null,
      inpTarget: v.inp ? `${v.inp.type} on ${interactionName(v.inp.target)}` : null,
    };
  } finally {
    await context.close();
  }
}

async function largeDesk(database: Parameters<Benchmark['run']>[0]['database'], log: (m: string) => void) {
  log(`vitals: building (or reusing) the story desk of ${fmtInt(SIZE)} articles …`);
  // Its articles are marked read by the figures extractor (story-bench-desk.ts).
  const desk = await storyDesk(database, SIZE);
  return { url: desk.url, articles: desk.summary.articles + 5 };
}

export const vitals: Benchmark = {
  name: 'vitals',
  title: 'Web vitals',
  run: async ({ database, log }) => {
    const smallUrl = await database.create('bench_vitals_small');
    const large = await largeDesk(database, log);
    const desks: Desk[] = [];
    for (const [i, d] of [
      { key: 'small' as const, label: '5 articles', url: smallUrl, articles: 5 },
      { key: 'large' as const, label: `${fmtInt(large.articles)} articles`, url: large.url, articles: large.articles },
    ].entries()) {
      const app = await startFactdesk({ port: PORT + i, databaseUrl: d.url, startTimeoutMs: 180_000 });
      const cookie = (await signInDemoUsers(app.baseUrl)).editor;
      desks.push({ key: d.key, label: d.label, articles: d.articles, app, cookie, ids: await seedIds(d.url) });
    }
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const samples = new Map<string, Sample[]>();
      log(`vitals: 1 warm-up round, then ${SAMPLES} samples of ${PAGES.length} pages on ${desks.length} desks, taking turns …`);
      for (let round = 0; round <= SAMPLES; round++) {
        for (let i = 0; i < PAGES.length * desks.length; i++) {
          // Rotated every round, so no page always follows the same one.
          const j = (i + round) % (PAGES.length * desks.length);
          const page = PAGES[j % PAGES.length]!;
          const desk = desks[Math.floor(j / PAGES.length)]!;
          const shot = round === 1 && desk.key === 'large' ? path.join(SCREENSHOTS, `${page.key}.png`) : undefined;
          const s = await sample(browser, desk, page.key, shot);
          if (round === 0) continue;
          const id = `${desk.key}:${page.key}`;
          samples.set(id, [...(samples.get(id) ?? []), s]);
        }
        if (round > 0) log(`vitals: round ${round} of ${SAMPLES} measured`);
      }
      return report(desks, samples);
    } finally {
      await browser.close();
      for (const d of desks) await d.app.stop();
    }
  },
};

const fmtS = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const fmtCls = (v: number) => v.toFixed(3);
const mostCommon = (values: (string | null)[]) => {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '—';
};

/** What moved most in the load with the highest CLS (a shift in one load in five is the one worth naming). */
const worstShift = (list: Sample[]) => list.reduce<Sample | null>((w, s) => (w === null || s.cls > w.cls ? s : w), null)?.clsTarget ?? '—';

type Figures = { ttfb: number; htmlDone: number; lcp: number; lcpMax: number; cls: number; clsMax: number; inp: number | null; inpMax: number | null };

function figures(list: Sample[]): Figures {
  const inps = list.flatMap((s) => (s.inp === null ? [] : [s.inp]));
  return {
    ttfb: median(list.map((s) => s.ttfb)),
    htmlDone: median(list.map((s) => s.htmlDone)),
    lcp: median(list.map((s) => s.lcp)),
    lcpMax: Math.max(...list.map((s) => s.lcp)),
    cls: median(list.map((s) => s.cls)),
    clsMax: Math.max(...list.map((s) => s.cls)),
    inp: inps.length ? median(inps) : null,
    inpMax: inps.length ? Math.max(...inps) : null,
  };
}

function report(desks: Desk[], samples: Map<string, Sample[]>): string {
  const [small] = desks;
  const misses: string[] = [];
  const tables = desks.map((desk) => {
    const rows = PAGES.map(({ key, label }) => {
      const list = samples.get(`${desk.key}:${key}`) ?? [];
      const f = figures(list);
      const base = desk.key === 'large' && small ? figures(samples.get(`small:${key}`) ?? []) : null;
      const where = `${label} (${desk.label})`;
      if (f.lcp > GOAL.lcp) misses.push(`LCP of the ${where}: ${fmtS(f.lcp)}`);
      if (f.clsMax > GOAL.cls) misses.push(`CLS of the ${where}: up to ${fmtCls(f.clsMax)}`);
      if (f.inp !== null && f.inp > GOAL.inp) misses.push(`INP of the ${where}: ${fmtMs(f.inp)} ms`);
      if (base && f.lcp / base.lcp > GOAL.ratio) misses.push(`LCP of the ${label} at ${desk.label}: ${fmtRatio(f.lcp / base.lcp)} of the 5-article desk's`);
      if (base && f.inp !== null && base.inp && f.inp / base.inp > GOAL.ratio) {
        misses.push(`INP of the ${label} at ${desk.label}: ${fmtRatio(f.inp / base.inp)} of the 5-article desk's`);
      }
      const inp = f.inp === null ? '— (no interaction)' : `${fmtMs(f.inp)} / ${fmtMs(f.inpMax!)} (${mostCommon(list.map((s) => s.inpTarget))})`;
      const row = [
        label,
        `${fmtS(f.lcp)} / ${fmtS(f.lcpMax)}`,
        `${fmtS(f.ttfb)} / ${fmtS(f.htmlDone)}`,
        mostCommon(list.map((s) => s.lcpElement)),
        `${fmtCls(f.cls)} / ${fmtCls(f.clsMax)}`,
        worstShift(list),
        inp,
      ];
      if (!base) return row;
      const inpRatio = f.inp !== null && base.inp ? fmtRatio(f.inp / base.inp) : '—';
      return [...row, `${fmtRatio(f.lcp / base.lcp)} / ${inpRatio}`];
    });
    const headers = [
      'page',
      'LCP median / max',
      'TTFB / HTML done',
      'LCP element',
      'CLS median / max',
      'largest shift (of the worst load)',
      'INP ms median / max (interaction)',
    ];
    return [
      `**${desk.label}** (${fmtInt(samples.get(`${desk.key}:list`)?.length ?? 0)} samples a page):`,
      '',
      markdownTable(desk.key === 'large' ? [...headers, 'LCP / INP against 5 articles'] : headers, rows),
    ].join('\n');
  });
  return [
    `Chromium (\`${CHROMIUM}\`, headless, 1280×800), signed in as the editor, \`web-vitals\` ${webVitalsVersion()} (attribution build) injected before the page's scripts. ` +
      `Each sample is a new browser context (cold cache) loading the page; the two desks and four pages take turns in an order rotated every round, after one warm-up round. ` +
      'INP on the claims list: the Status and Language filters changed from the keyboard (each one navigates); on the claim page: the Disputed, Outdated and Verified buttons clicked, ' +
      "the reason filled in and Save verdict clicked. The claim, the story and the board are the seeds' on both desks. Interactions under 16 ms count as 0. " +
      '"TTFB / HTML done" (medians): the first and the last byte of the page\'s HTML, which streams (the layout first, the page when its data is read); ' +
      'selectors are shortened to their last two steps.',
    '',
    `Goals: LCP ≤ ${GOAL.lcp / 1000} s, CLS ≤ ${GOAL.cls}, INP ≤ ${GOAL.inp} ms on this machine, and the large desk within ${GOAL.ratio}× of the 5-article one.`,
    '',
    ...tables.flatMap((t) => [t, '']),
    misses.length ? `**Missed:** ${misses.join('; ')}.` : '**Every goal met.**',
  ].join('\n');
}

function webVitalsVersion(): string {
  return (JSON.parse(readFileSync(path.join(WEB_VITALS_DIST, '../package.json'), 'utf8')) as { version: string }).version;
}
