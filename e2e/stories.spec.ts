// Stories (issue 12) in the browser. The seeds are one story whose page and
// claim panels show the shared names in both scripts: checked on a desk of
// their own (a server this spec starts), since the other specs import copies
// of the seeds into the shared one, which regroups them. An editor confirms a
// suggested link (the other story merges in) and splits two articles off,
// while a reviewer on the story page and a viewer on the claims list grouped
// by story see both changes arrive without a reload. The four ferry articles
// (e2e/fixtures/stories) are the test's own: three report the capsizing and
// join each other by themselves; the fourth, an inquiry weeks later, shares
// only the port, the ferry and its company, and lands between the thresholds.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { z } from 'zod';
import { type AppServer, freePort, startAppServer } from '../tests/support/app-server';
import { SEED_ARTICLES } from '../tests/support/fresh-claims';
import { signIn } from './support/auth';
import { expect, test } from './support/fixtures';
import { desktopAndPhone } from './support/screenshots';

const ROOT = path.resolve(import.meta.dirname, '..');
const FERRY = ['ferry-en', 'ferry-es', 'ferry-bg', 'ferry-inquiry-pt'] as const;
type Ferry = (typeof FERRY)[number];

const imported = z.object({ results: z.array(z.object({ outcome: z.literal('created'), claimId: z.uuid() })).length(1) });
const claimStory = z.object({ storyId: z.uuid() });
const claimList = z.object({ claims: z.array(z.object({ id: z.uuid(), sourceKey: z.string() })) });

async function open(browser: Browser, email: string, baseURL?: string): Promise<Page> {
  const page = await (await browser.newContext(baseURL ? { baseURL } : {})).newPage();
  await signIn(page, email);
  return page;
}

async function live(page: Page) {
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
}

/** Marks the document: still there later means no reload happened. */
const mark = (page: Page) => page.evaluate(() => ((window as Window & { __storyMark?: number }).__storyMark = 12));
const stillMarked = async (page: Page) => expect(await page.evaluate(() => (window as Window & { __storyMark?: number }).__storyMark)).toBe(12);

async function storyOf(page: Page, claimId: string): Promise<string> {
  return claimStory.parse(await (await page.request.get(`/api/claims/${claimId}`)).json()).storyId;
}

/** Words only each seed has, to find it on a desk where other specs imported copies (whose source keys carry a tag). */
const SEED_WORDS: Record<keyof typeof SEED_ARTICLES, string> = {
  portuguese: 'balanço',
  colombia567: '567',
  fourGuards: 'Bolivarian National Guard',
  bulgarian: 'Дезертирането',
  hundredSoldiers: 'hundred',
};

async function seedClaim(page: Page, seed: keyof typeof SEED_ARTICLES): Promise<string> {
  const { claims } = claimList.parse(await (await page.request.get(`/api/claims?${new URLSearchParams({ q: SEED_WORDS[seed], limit: '100' })}`)).json());
  const claim = claims.find((c) => c.sourceKey === SEED_ARTICLES[seed]);
  if (!claim) throw new Error(`the ${seed} seed is not on the desk`);
  return claim.id;
}

test.describe('on a desk of the seeds alone', () => {
  let server: AppServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const dataDir = path.join(ROOT, '.data/e2e-stories');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.password`, { force: true });
    server = await startAppServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), DATABASE_URL: undefined });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the seeds are one story, and its page shows the names they share in both scripts', async ({ browser }) => {
    const viewer = await open(browser, 'viewer@factdesk.test', server?.baseUrl);
    const seeds = await Promise.all((Object.keys(SEED_ARTICLES) as (keyof typeof SEED_ARTICLES)[]).map((seed) => seedClaim(viewer, seed)));
    const stories = await Promise.all(seeds.map((id) => storyOf(viewer, id)));
    // Every seed is in one story, with no editor action.
    expect(new Set(stories).size).toBe(1);

    // The claim page names the story and what each other article shares with this one.
    await viewer.goto(`/claims/${await seedClaim(viewer, 'bulgarian')}`);
    await live(viewer);
    const panel = viewer.getByTestId('claim-story');
    await expect(panel.getByTestId('story-other').first()).toBeVisible();
    const guaido = panel.getByTestId('evidence-chip').filter({ hasText: 'Гуайдо' }).filter({ hasText: 'Guaidó' });
    await expect(guaido.first()).toBeVisible();
    // Each spelling keeps the language of the article it comes from.
    await expect(guaido.first().locator('bdi[lang="bg"]', { hasText: 'Гуайдо' })).toBeAttached();
    await desktopAndPhone(viewer, 'stories-claim-panel');
    // On a phone the panel sits below the article: the link at the top leads to it.
    await viewer.setViewportSize({ width: 390, height: 844 });
    await viewer.getByRole('link', { name: 'Story ↓' }).click();
    await expect(panel).toBeInViewport();
    await panel.screenshot({ path: 'e2e/screenshots/stories-claim-panel-phone-panel.png' });
    await viewer.setViewportSize({ width: 1280, height: 800 });

    await panel.getByTestId('claim-story-link').click();
    await expect(viewer.getByTestId('story-title')).toBeVisible();
    const why = viewer.getByTestId('evidence');
    await expect(why.getByTestId('evidence-chip').filter({ hasText: 'Гуайдо' }).filter({ hasText: 'Guaidó' })).toHaveCount(1);
    await expect(why.getByTestId('evidence-chip').filter({ hasText: 'Кукута' }).filter({ hasText: 'Cúcuta' })).toHaveCount(1);
    for (const id of seeds) await expect(viewer.locator(`[data-testid="story-article"][data-claim-id="${id}"]`)).toBeVisible();
    // A viewer reads the decisions but gets no controls.
    await expect(viewer.getByTestId('read-only-note')).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Rename' })).toHaveCount(0);
    await expect(viewer.getByRole('checkbox')).toHaveCount(0);
    await desktopAndPhone(viewer, 'stories-seed-story');

    await viewer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stories' }).click();
    await expect(viewer.getByTestId('story-row').first()).toBeVisible();
    await desktopAndPhone(viewer, 'stories-list');
  });
});

test('an editor confirms a suggestion and splits a story; a reviewer and a viewer see both live', async ({ browser }) => {
  const editor = await open(browser, 'admin@factdesk.test');
  const ids = {} as Record<Ferry, string>;
  for (const name of FERRY) {
    const text = readFileSync(path.join(ROOT, 'e2e/fixtures/stories', `${name}.txt`), 'utf8');
    const res = await editor.request.post('/api/articles', { data: { articles: [{ text, name: `${name}.txt` }] } });
    expect(res.status(), await res.text()).toBe(200);
    ids[name] = imported.parse(await res.json()).results[0]!.claimId;
  }
  // The capsizing reports joined by themselves; the inquiry is a story of its own, suggested.
  const ferryStory = await storyOf(editor, ids['ferry-en']);
  expect(await storyOf(editor, ids['ferry-es'])).toBe(ferryStory);
  expect(await storyOf(editor, ids['ferry-bg'])).toBe(ferryStory);
  expect(await storyOf(editor, ids['ferry-inquiry-pt'])).not.toBe(ferryStory);

  const reviewer = await open(browser, 'reviewer@factdesk.test');
  await reviewer.goto(`/stories/${ferryStory}`);
  // The inquiry's own story, open in another tab: it is about to be merged away.
  const inquiryStory = await storyOf(editor, ids['ferry-inquiry-pt']);
  const mergedAway = await reviewer.context().newPage();
  await mergedAway.goto(`/stories/${inquiryStory}`);
  await live(mergedAway);
  const viewer = await open(browser, 'viewer@factdesk.test');
  await viewer.goto('/?q=Varn');
  await viewer.getByRole('switch', { name: 'Group by story' }).click();
  await expect(viewer.getByRole('switch', { name: 'Group by story' })).toHaveAttribute('aria-checked', 'true');
  const groups = viewer.getByTestId('story-group');
  await expect(groups).toHaveCount(2);
  await expect(viewer.locator(`[data-testid="story-group"][data-story-id="${ferryStory}"] [data-testid="claim-row"]`)).toHaveCount(3);
  await desktopAndPhone(viewer, 'stories-grouped-list');
  await live(reviewer);
  await live(viewer);
  await mark(reviewer);
  await mark(viewer);

  // The editor sees the suggestion with its score and what the closest pair shares.
  await editor.goto(`/stories/${ferryStory}`);
  await live(editor);
  const suggestion = editor.getByTestId('suggestion');
  await expect(suggestion).toHaveCount(1);
  await expect(suggestion.getByTestId('score-meter').first()).toHaveAttribute('data-band', 'suggested');
  await expect(suggestion.getByTestId('evidence-chip').filter({ hasText: 'Varn Ferry Company' }).first()).toBeVisible();
  await desktopAndPhone(editor, 'stories-suggestion');
  await suggestion.getByRole('button', { name: 'Confirm: same story' }).click();

  // Confirmed: the inquiry joins, here and on the others' screens, without a reload.
  const rows = (page: Page) => page.getByTestId('story-article');
  await expect(rows(editor)).toHaveCount(4);
  await expect(editor.getByTestId('suggestion')).toHaveCount(0);
  await expect(rows(reviewer)).toHaveCount(4);
  await expect(reviewer.locator(`[data-testid="story-article"][data-claim-id="${ids['ferry-inquiry-pt']}"]`)).toBeVisible();
  await expect(reviewer.getByTestId('story-live')).toContainText('Ana Admin confirmed a suggested link: 1 article joined the story.');
  await expect(groups).toHaveCount(1);
  await expect(viewer.locator(`[data-testid="story-group"][data-story-id="${ferryStory}"] [data-testid="claim-row"]`)).toHaveCount(4);
  // The page of the story merged away says so, and leads to the one it joined; its old address does too.
  await expect(mergedAway.getByTestId('story-gone')).toContainText('This story was merged into another one.');
  await mergedAway.getByTestId('story-gone').getByRole('link').click();
  await expect(mergedAway).toHaveURL(new RegExp(`/stories/${ferryStory}$`));
  await mergedAway.goto(`/stories/${inquiryStory}`);
  await expect(mergedAway).toHaveURL(new RegExp(`/stories/${ferryStory}$`));
  await expect(mergedAway.getByTestId('story-article')).toHaveCount(4);
  await mergedAway.close();
  // The reviewer sees the decisions, but no controls to make them.
  await expect(reviewer.getByRole('button', { name: /^Move/ })).toHaveCount(0);
  await expect(reviewer.getByTestId('merge-panel')).toHaveCount(0);

  // The editor ticks the Bulgarian report and the inquiry, and splits them off.
  for (const name of ['ferry-bg', 'ferry-inquiry-pt'] as const) {
    await editor.locator(`[data-testid="story-article"][data-claim-id="${ids[name]}"]`).getByRole('checkbox').check();
  }
  const bar = editor.getByTestId('split-bar');
  await expect(bar).toContainText('2 of 4 selected');
  await bar.getByLabel(/Title of the new story/).fill('Ferry inquiry and the Bulgarian report');
  await desktopAndPhone(editor, 'stories-split');
  await bar.getByRole('button', { name: 'Split off 2 into a new story' }).click();
  await expect(editor.getByTestId('decision-message')).toContainText('Split off 2 articles into a new story.');
  await expect(rows(editor)).toHaveCount(2);

  await expect(rows(reviewer)).toHaveCount(2);
  await expect(reviewer.locator(`[data-testid="story-article"][data-claim-id="${ids['ferry-bg']}"]`)).toHaveCount(0);
  await expect(reviewer.getByTestId('story-live')).toContainText('Ana Admin split 2 articles off into a new story');
  await expect(groups).toHaveCount(2);
  await expect(viewer.locator(`[data-testid="story-group"][data-story-id="${ferryStory}"] [data-testid="claim-row"]`)).toHaveCount(2);
  await expect(groups.first()).toContainText('Ferry inquiry and the Bulgarian report');
  await stillMarked(reviewer);
  await stillMarked(viewer);
  await desktopAndPhone(reviewer, 'stories-after-split');

  // The reviewer follows the link to the new story: the two articles, kept apart for good.
  await reviewer.getByTestId('story-live').getByRole('link', { name: 'Open the new story' }).click();
  await expect(reviewer.getByTestId('story-title')).toHaveText('Ferry inquiry and the Bulgarian report');
  await expect(rows(reviewer)).toHaveCount(2);
  await expect(reviewer.getByTestId('pinned')).toHaveCount(2);
});

test('a decision on a story that changed meanwhile is refused and the page shows it as it is now', async ({ browser }) => {
  const editor = await open(browser, 'admin@factdesk.test');
  const other = await open(browser, 'admin@factdesk.test');
  const storyId = await storyOf(editor, await seedClaim(editor, 'portuguese'));
  await editor.goto(`/stories/${storyId}`);
  await live(editor);
  await editor.getByRole('button', { name: 'Rename' }).click();
  await editor.getByLabel('Story title').fill('Venezuelan soldiers cross into Colombia');
  // Someone else renames it just before the editor's request reaches the desk.
  await editor.route(
    `**/api/stories/${storyId}/rename`,
    async (route) => {
      const story = z.object({ story: z.object({ version: z.number() }) }).parse(await (await other.request.get(`/api/stories/${storyId}`)).json()).story;
      const res = await other.request.post(`/api/stories/${storyId}/rename`, {
        data: { title: 'Defections at the Colombian border', expectedVersion: story.version },
      });
      expect(res.status(), await res.text()).toBe(200);
      await route.continue();
    },
    { times: 1 },
  );
  await editor.getByRole('button', { name: 'Save title' }).click();
  await expect(editor.getByTestId('decision-message')).toContainText('Changed meanwhile');
  await expect(editor.getByTestId('decision-message')).toHaveAttribute('data-tone', 'conflict');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor.getByTestId('story-title')).toHaveText('Defections at the Colombian border');
  // Back to the derived title, as the other specs found it.
  await editor.getByRole('button', { name: 'Rename' }).click();
  await editor.getByRole('button', { name: 'Use the derived title' }).click();
  await expect(editor.getByText('Title set by an editor')).toHaveCount(0);
});
