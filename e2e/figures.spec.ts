// Figures (issue 13) in the browser, on a desk of the seeds alone (a server
// this spec starts, so copies other specs import do not join the seed story):
// the seed story's board lines the defection figures up side by side with the
// conflict marked; a reviewer disputes one with the keyboard only while a
// second browser on the board sees the new status arrive without a reload; on
// a claim page a figure in the panel scrolls to its highlight; an editor adds
// a figure from words selected with the mouse.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { z } from 'zod';
import { type AppServer, freePort, startAppServer } from '../tests/support/app-server';
import { SEED_ARTICLES } from '../tests/support/fresh-claims';
import { signIn } from './support/auth';
import { expect, test } from './support/fixtures';
import { desktopAndPhone } from './support/screenshots';

const ROOT = path.resolve(import.meta.dirname, '..');
type Seed = keyof typeof SEED_ARTICLES;

const claimList = z.object({ claims: z.array(z.object({ id: z.uuid(), sourceKey: z.string() })) });
const claimStory = z.object({ storyId: z.uuid() });
const figureSchema = z.object({
  id: z.uuid(),
  claimId: z.uuid(),
  qualifier: z.string(),
  value: z.number().nullable(),
  min: z.number().nullable(),
  counted: z.string(),
  dismissed: z.boolean(),
  origin: z.string(),
  status: z.string(),
  span: z.object({ start: z.number(), end: z.number(), text: z.string() }),
});
const boardSchema = z.object({
  figures: z.array(figureSchema),
  groups: z.array(z.object({ counted: z.string(), conflicts: z.array(z.object({ a: z.string(), b: z.string() })) })),
});
const claimFigures = z.object({ figures: z.array(figureSchema) });

let server: AppServer | undefined;

async function open(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: server?.baseUrl })).newPage();
  await signIn(page, email);
  return page;
}

async function live(page: Page) {
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
}

const mark = (page: Page) => page.evaluate(() => ((window as Window & { __figuresMark?: number }).__figuresMark = 13));
const stillMarked = async (page: Page) => expect(await page.evaluate(() => (window as Window & { __figuresMark?: number }).__figuresMark)).toBe(13);

async function seedClaim(page: Page, seed: Seed): Promise<string> {
  const { claims } = claimList.parse(await (await page.request.get('/api/claims?limit=100')).json());
  const claim = claims.find((c) => c.sourceKey === SEED_ARTICLES[seed]);
  if (!claim) throw new Error(`the ${seed} seed is not on the desk`);
  return claim.id;
}

async function seedStory(page: Page): Promise<string> {
  return claimStory.parse(await (await page.request.get(`/api/claims/${await seedClaim(page, 'colombia567')}`)).json()).storyId;
}

/** Selects `words` in the claim body with a real mouse drag, from their end back to their start (a drag that starts on a highlight's link would drag the link). */
async function selectWithMouse(page: Page, words: string) {
  const box = await page.getByTestId('claim-body').evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
    const text = nodes.map((n) => n.data).join('');
    const at = text.indexOf(wanted);
    if (at < 0) return null;
    const locate = (offset: number): [Text, number] => {
      let seen = 0;
      for (const n of nodes) {
        if (offset <= seen + n.data.length) return [n, offset - seen];
        seen += n.data.length;
      }
      throw new Error('offset outside the body');
    };
    const rectOf = (offset: number) => {
      const [node, inNode] = locate(offset);
      const range = document.createRange();
      range.setStart(node, inNode);
      range.setEnd(node, Math.min(inNode + 1, node.data.length));
      const r = range.getBoundingClientRect();
      return { x: r.left, y: r.top + r.height / 2, width: r.width };
    };
    const first = rectOf(at);
    const last = rectOf(at + wanted.length - 1);
    return { start: { x: first.x + 0.5, y: first.y }, end: { x: last.x + last.width - 0.5, y: last.y } };
  }, words);
  if (!box) throw new Error(`"${words}" is not in the article body`);
  await page.mouse.move(box.end.x, box.end.y);
  await page.mouse.down();
  await page.mouse.move(box.start.x, box.start.y, { steps: 8 });
  await page.mouse.up();
}

test.describe('figures on a desk of the seeds alone', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const dataDir = path.join(ROOT, '.data/e2e-figures');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.password`, { force: true });
    server = await startAppServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), DATABASE_URL: undefined });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the board shows the defection figures side by side, the conflict marked', async ({ browser }) => {
    const viewer = await open(browser, 'viewer@factdesk.test');
    const storyId = await seedStory(viewer);
    // The story page leads to the board.
    await viewer.goto(`/stories/${storyId}`);
    await viewer.getByTestId('figures-board-link').click();
    await expect(viewer.getByTestId('board-title')).toBeVisible();
    await live(viewer);

    const defections = viewer.locator('[data-testid="figure-group"][data-counted="people_defected"]');
    await expect(defections.getByTestId('group-summary')).toContainText(/^Defections: .+ across \d+ articles, \d+ languages, \d+ sources$/);
    const values = defections.getByTestId('figure-row').getByTestId('figure-value');
    // Every seed's defection figure, one table: 000 (pt), 001 (en), 002 (en), 003 (bg), 004 (en).
    for (const v of ['23', '60', '567', '156', '≈104', '>100'])
      await expect(values.filter({ hasText: new RegExp(`^${v.replace(/[>]/g, '\\$&')}$`) }).first()).toBeVisible();
    const seeds = await Promise.all((['portuguese', 'colombia567', 'fourGuards', 'bulgarian', 'hundredSoldiers'] as const).map((s) => seedClaim(viewer, s)));
    for (const id of seeds) await expect(defections.locator(`[data-testid="figure-article-link"][href^="/claims/${id}#figure-"]`).first()).toBeVisible();
    // The conflict is marked in words and an icon, with why, and on the chart.
    await expect(defections.getByTestId('group-conflicts')).toContainText(/\d+ conflicts?/);
    const conflict = defections.locator('[data-testid="figure-row"][data-conflict]').first();
    await expect(conflict.getByTestId('conflict-mark')).toContainText('Conflict');
    await conflict.getByTestId('conflict-mark').click();
    await expect(defections.getByTestId('conflict-why').first()).toContainText(/cannot both be right|gives both/);
    await expect(conflict.getByTestId('conflict-mark')).toHaveAttribute('aria-expanded', 'true');
    await expect(defections.locator('[data-testid="chart-point"][data-conflict]').first()).toBeAttached();
    // 23 then 60 in one article: a progression, and the 23 superseded.
    await expect(defections.getByTestId('progression').filter({ hasText: '23 → 60' }).first()).toBeVisible();
    await expect(defections.locator('[data-testid="figure-row"][data-superseded]').getByTestId('figure-value').filter({ hasText: /^23$/ })).toBeVisible();
    // Each sentence in its own language.
    await expect(defections.locator('[data-testid="figure-sentence"][lang="bg"]').first()).toContainText('Около 104');
    await expect(defections.locator('[data-testid="figure-sentence"][lang="pt"]').first()).toBeVisible();

    // The chart: one point per figure, focusable, with a tooltip; arrows move between points.
    const chart = defections.getByTestId('figure-chart');
    await expect(chart).toHaveAttribute('data-scale', 'log');
    const points = chart.getByTestId('chart-point');
    expect(await points.count()).toBe(await defections.getByTestId('figure-row').count());
    await points.first().focus();
    await expect(chart.getByTestId('chart-tooltip')).toBeVisible();
    await viewer.keyboard.press('ArrowRight');
    await expect(points.nth(1)).toBeFocused();
    await chart.screenshot({ path: 'e2e/screenshots/figures-chart-desktop.png' });
    await viewer.keyboard.press('Enter');
    const second = await points.nth(1).getAttribute('data-figure-id');
    await expect(viewer.locator(`[data-testid="figure-row"][data-figure-id="${second}"]`)).toBeFocused();

    await viewer.evaluate(() => window.scrollTo(0, 0));
    await viewer.screenshot({ path: 'e2e/screenshots/figures-board-top-desktop.png' });
    await desktopAndPhone(viewer, 'figures-board', 6);
    await viewer.setViewportSize({ width: 390, height: 844 });
    await chart.scrollIntoViewIfNeeded();
    await chart.screenshot({ path: 'e2e/screenshots/figures-chart-phone.png' });
    await viewer.setViewportSize({ width: 1280, height: 800 });
  });

  test('a reviewer disputes a figure with the keyboard only; another browser sees it at once', async ({ browser }) => {
    const reviewer = await open(browser, 'reviewer@factdesk.test');
    const viewer = await open(browser, 'viewer@factdesk.test');
    const storyId = await seedStory(reviewer);
    const colombia = await seedClaim(reviewer, 'colombia567');
    const board = boardSchema.parse(await (await reviewer.request.get(`/api/stories/${storyId}/figures`)).json());
    const target = board.figures.find((f) => f.claimId === colombia && f.value === 567 && f.counted === 'people_defected' && f.status === 'unreviewed');
    if (!target) throw new Error('no unreviewed 567 defection figure in the Colombia article');

    for (const page of [reviewer, viewer]) {
      await page.goto(`/stories/${storyId}/figures`);
      await live(page);
    }
    await mark(viewer);
    const row = (page: Page) => page.locator(`[data-testid="figure-row"][data-figure-id="${target.id}"]`);
    await expect(row(viewer).getByTestId('status-badge')).toHaveAttribute('data-status', 'unreviewed');

    // Tab through the board to the figure's Review button: no mouse.
    const review = row(reviewer).getByTestId('figure-review');
    let reached = false;
    for (let i = 0; i < 400 && !reached; i++) {
      await reviewer.keyboard.press('Tab');
      reached = await review.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'Tab never reached the Review button').toBe(true);
    await reviewer.keyboard.press('Enter');
    const form = reviewer.getByTestId('figure-verdict-form');
    await expect(form.getByRole('radio', { name: 'Verified' })).toBeFocused();
    await reviewer.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: 'Disputed' })).toBeChecked();
    await reviewer.keyboard.press('Tab');
    await expect(form.getByLabel(/^Reason/)).toBeFocused();
    await reviewer.keyboard.type('Migración Colombia counted 567 over five days; the 156 of the last hours is the figure for Thursday.');
    // As on the claim's panel: Enter is a new line, evidence takes several links, Ctrl+Enter saves.
    await reviewer.keyboard.press('Enter');
    await expect(form).toBeVisible();
    await reviewer.keyboard.press('Tab'); // → "Add evidence link"
    await reviewer.keyboard.press('Enter');
    await reviewer.keyboard.type('https://www.migracioncolombia.gov.co/');
    await reviewer.keyboard.press('Tab');
    await reviewer.keyboard.type('Migración Colombia');
    await form.getByRole('button', { name: '+ Add evidence link' }).focus();
    await reviewer.keyboard.press('Enter');
    await reviewer.keyboard.type('https://www.efe.com/');
    const size = reviewer.viewportSize();
    for (const width of [1440, 390]) {
      await reviewer.setViewportSize({ width, height: 900 });
      await form.screenshot({ path: `e2e/screenshots/figure-verdict-evidence-${width}.png` });
    }
    if (size) await reviewer.setViewportSize(size);
    await form.getByRole('textbox', { name: 'Link 2', exact: true }).focus();
    await reviewer.keyboard.press('Control+Enter');

    await expect(form).toBeHidden();
    await expect(row(reviewer).getByTestId('status-badge')).toHaveAttribute('data-status', 'disputed');
    // Focus went back to where the reviewer was.
    await expect(review).toBeFocused();
    // The other browser: the new status, no reload.
    await expect(row(viewer).getByTestId('status-badge')).toHaveAttribute('data-status', 'disputed');
    await expect(viewer.getByTestId('board-live')).toContainText('marked a figure disputed');
    await stillMarked(viewer);
    const saved = figureSchema
      .extend({ evidence: z.array(z.object({ url: z.string() })) })
      .parse(((await (await viewer.request.get(`/api/figures/${target.id}`)).json()) as { figure: unknown }).figure);
    expect(saved.status).toBe('disputed');
    expect(saved.evidence.map((e) => e.url)).toEqual(['https://www.migracioncolombia.gov.co/', 'https://www.efe.com/']);
  });

  test("a verdict saved over someone else's meanwhile is refused with a clear message, the draft kept", async ({ browser }) => {
    const reviewer = await open(browser, 'reviewer@factdesk.test');
    const colleague = await open(browser, 'reviewer2@factdesk.test');
    const storyId = await seedStory(reviewer);
    const board = boardSchema.parse(await (await reviewer.request.get(`/api/stories/${storyId}/figures`)).json());
    const target = board.figures.find((f) => f.value === 156 && f.status === 'unreviewed');
    if (!target) throw new Error('no unreviewed 156 figure');
    await reviewer.goto(`/stories/${storyId}/figures`);
    await live(reviewer);
    const row = reviewer.locator(`[data-testid="figure-row"][data-figure-id="${target.id}"]`);
    await row.getByTestId('figure-review').click();
    const form = reviewer.getByTestId('figure-verdict-form');
    await form.getByText('Disputed', { exact: true }).click();
    await form.getByLabel(/^Reason/).fill('Rubio gives no source for 156.');
    // Meanwhile a colleague verifies it.
    const res = await colleague.request.post(`/api/figures/${target.id}/verdict`, {
      data: { status: 'verified', reason: 'Matches Migración Colombia on Thursday.', evidence: [], expectedVersion: 1 },
    });
    expect(res.status(), await res.text()).toBe(200);
    await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status', 'verified');
    await form.getByRole('button', { name: 'Save verdict' }).click();
    const conflict = form.getByTestId('figure-verdict-conflict');
    await expect(conflict).toContainText('changed this figure while you were writing');
    await expect(conflict).toContainText('Matches Migración Colombia on Thursday.');
    await expect(form.getByLabel(/^Reason/)).toHaveValue('Rubio gives no source for 156.');
    await form.screenshot({ path: 'e2e/screenshots/figures-verdict-conflict.png' });
    await conflict.getByRole('button', { name: /^Save my verdict over version 2$/ }).click();
    await expect(form).toBeHidden();
    await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status', 'disputed');
  });

  test('on a claim page, a figure in the panel scrolls to its highlight', async ({ browser }) => {
    const viewer = await open(browser, 'viewer@factdesk.test');
    const id = await seedClaim(viewer, 'colombia567');
    await viewer.setViewportSize({ width: 390, height: 844 });
    await viewer.goto(`/claims/${id}`);
    await live(viewer);
    const { figures } = claimFigures.parse(await (await viewer.request.get(`/api/claims/${id}/figures`)).json());
    const first = figures.filter((f) => !f.dismissed).sort((a, b) => a.span.start - b.span.start)[0];
    if (!first) throw new Error('the Colombia article has no figures');
    // Every live figure is highlighted, on exactly its words (the headline's in the heading).
    const highlights = viewer.getByRole('article').getByTestId('figure-highlight');
    for (const f of figures.filter((x) => !x.dismissed)) {
      await expect(highlights.filter({ has: viewer.locator(`#figure-${f.id}`) }).first()).toBeAttached();
    }
    await expect(viewer.locator(`#figure-${first.id}`)).toHaveText(first.span.text);

    // On a phone the panel is below the article: go there, then back up to the figure.
    await viewer.getByRole('link', { name: 'Figures ↓' }).click();
    const item = viewer.locator(`[data-testid="figure-item"][data-figure-id="${first.id}"]`);
    await expect(item).toBeInViewport();
    await expect(viewer.locator(`#figure-${first.id}`)).not.toBeInViewport();
    await item.getByTestId('figure-show').click();
    await expect(viewer.locator(`#figure-${first.id}`)).toBeInViewport();
    await expect(viewer.locator(`#figure-${first.id}`)).toBeFocused();
    // And the highlight leads back to the panel.
    await viewer.keyboard.press('Enter');
    await expect(item).toBeFocused();
    await viewer.setViewportSize({ width: 1280, height: 800 });
    await viewer.evaluate(() => window.scrollTo(0, 0));
    await desktopAndPhone(viewer, 'figures-claim', 4);
  });

  test('an editor adds a figure from a selection', async ({ browser }) => {
    const editor = await open(browser, 'admin@factdesk.test');
    const viewer = await open(browser, 'viewer@factdesk.test');
    const id = await seedClaim(editor, 'bulgarian');
    for (const page of [editor, viewer]) {
      await page.goto(`/claims/${id}`);
      await live(page);
    }
    // A viewer gets no editing controls.
    await expect(viewer.getByTestId('figure-item-correct')).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'add a figure…' })).toHaveCount(0);

    const before = claimFigures.parse(await (await editor.request.get(`/api/claims/${id}/figures`)).json()).figures;
    const words = '300 бяха ранени';
    const body = await editor.getByTestId('claim-body').innerText();
    expect(body).toContain(words);
    expect(before.some((f) => f.span.text === words)).toBe(false);

    await selectWithMouse(editor, words);
    await editor.getByTestId('add-as-figure').click();
    const form = editor.getByTestId('figure-add-form');
    await expect(form.getByTestId('figure-add-span')).toHaveText(words);
    await expect(form.getByLabel('Value')).toHaveValue('300');
    await form.getByLabel('What is counted').selectOption('people_injured');
    await form.getByLabel('Source').fill('CNN en Español');
    await form.scrollIntoViewIfNeeded();
    await editor.screenshot({ path: 'e2e/screenshots/figures-add-form.png' });
    await form.getByRole('button', { name: 'Add figure' }).click();
    await expect(form).toBeHidden();

    const after = claimFigures.parse(await (await editor.request.get(`/api/claims/${id}/figures`)).json()).figures;
    const added = after.find((f) => f.span.text === words);
    expect(added).toMatchObject({ origin: 'added', counted: 'people_injured', qualifier: 'exact', value: 300 });
    await expect(editor.locator(`[data-testid="figure-item"][data-figure-id="${added?.id}"]`)).toBeVisible();
    await expect(editor.locator(`#figure-${added?.id}`)).toBeAttached();
    // The viewer's page shows it too, live.
    await expect(viewer.locator(`[data-testid="figure-item"][data-figure-id="${added?.id}"]`)).toBeVisible();
    await expect(viewer.locator(`[data-testid="figure-highlight"][data-figure-id="${added?.id}"]`).first()).toBeAttached();
  });
});
