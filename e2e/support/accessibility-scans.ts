// The pages, dialogs and states e2e/accessibility.spec.ts scans, and the roles
// each is scanned as. A page or dialog added on disk fails that spec until it
// is listed here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { RELOAD_MESSAGE } from '../../lib/realtime/events';
import { signIn } from './auth';

// `colleague` is the other person at the desk in scans that need one (never scanned itself).
export const ROLES = {
  viewer: 'viewer@factdesk.test',
  reviewer: 'reviewer@factdesk.test',
  editor: 'admin@factdesk.test',
  colleague: 'reviewer2@factdesk.test',
} as const;
export type Role = keyof typeof ROLES;
export const ALL_ROLES: Role[] = ['viewer', 'reviewer', 'editor'];
export const SIGNED_IN: Role[] = [...ALL_ROLES, 'colleague'];
const WRITERS: Role[] = ['reviewer', 'editor'];

// Claims put into each state once, before the scans (beforeAll in e2e/accessibility.spec.ts).
export const TITLES = {
  verified: /More than one hundred Venezuelan soldiers/,
  disputed: /Дезертирането дойде/,
  outdated: /Four members of the Bolivarian National Guard/,
  assigned: /Um balanço anterior/,
  open: /The Colombian authorities reported that 567/,
} as const;
export type ClaimKey = keyof typeof TITLES;
export type Claims = Record<ClaimKey, string>;

export type Helpers = {
  claims: Claims;
  /** A second signed-in browser, open until the scan is over: another person at the desk. */
  colleague: () => Promise<Page>;
};

export type Scan = {
  name: string;
  /** What on disk this scan renders: `page:/route`, `not-found:/segment`, `loading:/segment`, `dialog:components/file.tsx`, `report:lib/exports/formats/file.ts`. */
  covers: string[];
  roles: Role[] | 'signed-out';
  /** Leaves the page in the state to check. The scan then waits for it to settle (e2e/support/settled.ts). */
  open: (page: Page, helpers: Helpers) => Promise<void>;
  /** `open` leaves a navigation in flight on purpose: settling waits for the title and a quiet document only. */
  navigationHeld?: true;
};

async function deskReady(page: Page) {
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
  await expect(page.locator('body[data-shortcuts="ready"]')).toBeAttached();
}

export async function openClaim(page: Page, id: string) {
  await page.goto(`/claims/${id}`);
  await deskReady(page);
}

/**
 * The verdict panel's own shortcuts (1, 2, 3) are live. deskReady is not enough:
 * the page hydrates after the layout, and a key pressed before goes to the body
 * (the draft stays empty and the typed spaces scroll the page).
 */
async function verdictKeysReady(page: Page) {
  await expect(page.locator('[data-testid="verdict-panel"][data-shortcuts="ready"]')).toBeAttached();
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const readText = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/**
 * The Add articles page with a preview of every kind: new (Arabic, right to
 * left), a near-duplicate with boilerplate (a seed article re-headlined), an
 * exact duplicate, a refusal, a request that failed, and a file the browser turned away.
 */
async function previewArticles(page: Page) {
  // The proxy in front of the desk refuses one upload: the page says why and offers a retry.
  await page.route('**/api/articles', async (route) => {
    if (route.request().postDataBuffer()?.includes('proxy-limit.txt')) await route.fulfill({ status: 413, contentType: 'text/html', body: '<h1>413</h1>' });
    else await route.continue();
  });
  await page.goto('/articles/new');
  await deskReady(page);
  const hundred = readText('seeds/004_70e37703d5faa8e3.txt');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await (
    await chooser
  ).setFiles([
    { name: 'desalination-ar.txt', mimeType: 'text/plain', buffer: Buffer.from(readText('tests/fixtures/import/desalination-ar.txt')) },
    {
      name: 'soldiers-rewritten.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(hundred.replace(/^.*$/m, 'Over a hundred Venezuelan guardsmen cross into Colombia and Brazil')),
    },
    { name: 'colombia-567.txt', mimeType: 'text/plain', buffer: Buffer.from(readText('seeds/001_a4564d29494e56b0.txt')) },
    { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.from('') },
    { name: 'proxy-limit.txt', mimeType: 'text/plain', buffer: Buffer.from(readText('tests/fixtures/import/eastgate-bridge.md')) },
    { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff]) },
  ]);
  await expect(page.getByTestId('file-problems')).toContainText('photo.jpg');
  await page.getByRole('button', { name: 'Preview 5 articles' }).click();
  await expect(page.getByTestId('summary-text')).toHaveText(/^Preview: 1 new, 1 duplicate, 1 near-duplicate, 1 cannot be imported, 1 failed\./);
  await page.getByTestId('preview-boilerplate').locator('summary').click();
}

const ADD_ARTICLES_SCANS: Scan[] = [
  {
    name: 'add articles page',
    covers: ['page:/articles/new'],
    roles: WRITERS,
    open: async (page) => {
      await page.goto('/articles/new');
      await deskReady(page);
      await expect(page.getByRole('tab', { name: 'Upload files' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('no-articles')).toBeVisible();
    },
  },
  {
    name: 'add articles page, refused',
    covers: ['page:/articles/new'],
    roles: ['viewer'],
    open: async (page) => {
      await page.goto('/articles/new');
      await deskReady(page);
      await expect(page.getByRole('heading', { name: 'Your role cannot add articles' })).toBeVisible();
    },
  },
  {
    name: 'add articles, a paste with field errors and an address',
    covers: ['page:/articles/new'],
    roles: ['reviewer'],
    open: async (page) => {
      await page.goto('/articles/new');
      await deskReady(page);
      await page.getByRole('tab', { name: 'From a URL' }).click();
      await page.getByLabel('Article address').fill('https://www.example.org/news/article');
      await page.getByRole('button', { name: 'Add to the list' }).click();
      await page.getByRole('tab', { name: 'Paste text' }).click();
      await page.getByLabel('Source URL (optional)').fill('not a link');
      await page.getByLabel('Language (optional)').selectOption({ label: 'Portuguese' });
      await page.getByRole('button', { name: 'Add to the list' }).click();
      await expect(page.getByText('Paste the article’s text.')).toBeVisible();
      await expect(page.getByTestId('article-card')).toHaveCount(1);
    },
  },
  {
    name: 'add articles, previews of every kind',
    covers: ['page:/articles/new'],
    roles: ['editor'],
    open: previewArticles,
  },
  {
    // Last: it writes a claim, which the scans of the claims list above do not expect.
    name: 'add articles, outcomes',
    covers: ['page:/articles/new'],
    roles: ['editor'],
    open: async (page) => {
      await previewArticles(page);
      await page.getByRole('checkbox', { name: /^Import anyway, linked to/ }).check();
      await page.getByRole('button', { name: 'Import 2 articles' }).click();
      await expect(page.getByTestId('summary-text')).toHaveText(/^Import finished: 2 claims created, 1 duplicate/);
    },
  },
];

/** The story of a claim, as GET /api/claims/{id} names it. */
async function storyOf(page: Page, claimId: string): Promise<string> {
  const { storyId } = (await (await page.request.get(`/api/claims/${claimId}`)).json()) as { storyId: string | null };
  if (!storyId) throw new Error(`claim ${claimId} has no story`);
  return storyId;
}

async function openStory(page: Page, claims: Claims) {
  await page.goto(`/stories/${await storyOf(page, claims.verified)}`);
  await deskReady(page);
  await expect(page.getByTestId('evidence-chip').first()).toBeVisible();
}

/** The ferry articles of e2e/stories.spec.ts: a story of three and, suggested beside it, a fourth. Imported once; later calls find them. */
async function ferryStory(colleague: Page): Promise<string> {
  let first: string | undefined;
  for (const name of ['ferry-en', 'ferry-es', 'ferry-bg', 'ferry-inquiry-pt']) {
    const text = readText(`e2e/fixtures/stories/${name}.txt`);
    const res = await colleague.request.post('/api/articles', { data: { articles: [{ text, name: `${name}.txt` }] } });
    expect(res.status(), await res.text()).toBe(200);
    const { results } = (await res.json()) as { results: { claimId: string | null; duplicateOf: { claimId: string } | null }[] };
    first ??= results[0]?.claimId ?? results[0]?.duplicateOf?.claimId;
  }
  if (!first) throw new Error('the ferry articles could not be imported');
  return storyOf(colleague, first);
}

const STORY_SCANS: Scan[] = [
  {
    name: 'stories list',
    covers: ['page:/stories'],
    roles: ALL_ROLES,
    open: async (page) => {
      await page.goto('/stories');
      await deskReady(page);
      await expect(page.getByTestId('story-row').first()).toBeVisible();
    },
  },
  {
    name: 'stories list, a search with no result',
    covers: ['page:/stories'],
    roles: ['viewer'],
    open: async (page) => {
      await page.goto('/stories?q=zzzz-no-such-words&alone=hide');
      await deskReady(page);
      await expect(page.getByTestId('empty-stories')).toContainText('No story matches.');
    },
  },
  {
    name: 'story page',
    covers: ['page:/stories/[id]'],
    roles: ALL_ROLES,
    open: async (page, { claims }) => openStory(page, claims),
  },
  {
    name: 'story page, articles ticked for a split and one being moved',
    covers: ['page:/stories/[id]'],
    roles: ['editor'],
    open: async (page, { claims }) => {
      await openStory(page, claims);
      await page.getByTestId('story-article').first().getByRole('checkbox').check();
      await expect(page.getByTestId('split-bar')).toBeVisible();
      await page.getByTestId('story-article').nth(1).getByRole('button', { name: /^Move/ }).click();
      await page.getByTestId('move-panel').getByLabel('Into another story').check();
      await page.getByTestId('move-panel').getByLabel('Find the story').fill('zzzz-no-such-words');
      await expect(page.getByTestId('move-panel')).toContainText('No other story has these words in its title.');
    },
  },
  {
    name: 'story page, renaming and the merge panel open',
    covers: ['page:/stories/[id]'],
    roles: ['editor'],
    open: async (page, { claims }) => {
      await openStory(page, claims);
      await page.getByTestId('merge-panel').locator('summary').click();
      await expect(page.getByLabel('Find the story to merge')).toBeVisible();
      await page.getByRole('button', { name: 'Rename' }).click();
      await expect(page.getByLabel('Story title')).toBeFocused();
    },
  },
  {
    name: 'unknown story',
    covers: ['not-found:/stories/[id]'],
    roles: ALL_ROLES,
    open: async (page) => {
      await page.goto('/stories/3f1e2d3c-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: 'Story not found' })).toBeVisible();
    },
  },
  {
    // Writes articles (once): after the scans that count the seed claims.
    name: 'story page with a suggested link',
    covers: ['page:/stories/[id]'],
    roles: ALL_ROLES,
    open: async (page, { colleague }) => {
      await page.goto(`/stories/${await ferryStory(await colleague())}`);
      await deskReady(page);
      await expect(page.getByTestId('suggestion')).toBeVisible();
      await page.getByTestId('suggestion').locator('summary').click();
    },
  },
  {
    name: 'claims list grouped by story',
    covers: ['page:/'],
    roles: ALL_ROLES,
    open: async (page) => {
      await page.goto('/');
      await deskReady(page);
      await page.getByRole('switch', { name: 'Group by story' }).click();
      await expect(page.getByTestId('story-group').first()).toBeVisible();
      await expect(page.getByRole('switch', { name: 'Group by story' })).toHaveAttribute('aria-checked', 'true');
    },
  },
];

/** The figures board of the seed story (issue 13). */
async function openBoard(page: Page, claims: Claims) {
  await page.goto(`/stories/${await storyOf(page, claims.verified)}/figures`);
  await deskReady(page);
  await expect(page.getByTestId('figure-group').first()).toBeVisible();
}

const FIGURE_SCANS: Scan[] = [
  {
    name: 'figures board',
    covers: ['page:/stories/[id]/figures'],
    roles: ALL_ROLES,
    open: async (page, { claims }) => openBoard(page, claims),
  },
  {
    name: 'figures board, a chart point focused and a verdict form open',
    covers: ['page:/stories/[id]/figures'],
    roles: WRITERS,
    open: async (page, { claims }) => {
      await openBoard(page, claims);
      await page.getByTestId('chart-point').first().focus();
      await expect(page.getByTestId('chart-tooltip')).toBeVisible();
      await page.getByTestId('figure-review').first().click();
      await expect(page.getByTestId('figure-verdict-form')).toBeVisible();
      await page.getByTestId('conflict-mark').first().click();
      await expect(page.getByTestId('conflict-why').first()).toBeVisible();
    },
  },
  {
    name: 'claim page, a figure correction and "Add a figure" open',
    covers: ['page:/claims/[id]'],
    roles: ['editor'],
    open: async (page, { claims }) => {
      await openClaim(page, claims.open);
      await expect(page.getByTestId('figure-highlight').first()).toBeVisible();
      await page.getByTestId('figure-item-correct').first().click();
      await expect(page.getByTestId('figure-correct-form')).toBeVisible();
      await page.getByRole('button', { name: 'add a figure…' }).click();
      await expect(page.getByTestId('figure-add-form')).toBeVisible();
    },
  },
];

/** An invitation link made by the editor in `page`, which is then signed out again (cookies cleared). */
async function invitationLink(page: Page): Promise<string> {
  await signIn(page, ROLES.editor);
  const email = `a11y-${Date.now().toString(36)}@factdesk.test`;
  const res = await page.request.post('/api/people', { data: { email, displayName: 'Nadia Newcomer', role: 'reviewer' } });
  expect(res.status(), await res.text()).toBe(201);
  const { link } = (await res.json()) as { link: { path: string } };
  await page.context().clearCookies();
  return link.path;
}

// People (issue 15): the People page, one's own account, the page a link opens, the notice of an ended session.
const PEOPLE_SCANS: Scan[] = [
  {
    name: 'people page',
    covers: ['page:/people'],
    roles: ['editor'],
    open: async (page) => {
      await page.goto('/people');
      await deskReady(page);
      await expect(page.getByTestId('people-list')).toBeVisible();
    },
  },
  {
    name: 'people page, an invitation link, a field error, a confirm step and a role form open',
    covers: ['page:/people'],
    roles: ['editor'],
    open: async (page) => {
      await page.goto('/people');
      await deskReady(page);
      const invite = page.getByRole('form', { name: 'Invite someone' });
      await invite.getByLabel('Email').fill(`a11y-people-${Date.now().toString(36)}@factdesk.test`);
      await invite.getByLabel('Name').fill('Ines Invited');
      await invite.getByRole('button', { name: 'Create invitation link' }).click();
      await expect(page.getByTestId('issued-link')).toBeVisible();
      await invite.getByRole('button', { name: 'Create invitation link' }).click();
      await expect(page.getByTestId('email-error')).toBeVisible();
      await page.getByRole('button', { name: 'Disable Rita Reviewer' }).click();
      await expect(page.getByRole('group', { name: 'Disable Rita Reviewer?' })).toBeVisible();
      await page.getByRole('button', { name: 'Change role for Vera Viewer' }).click();
      await expect(page.getByLabel('New role for Vera Viewer')).toBeFocused();
    },
  },
  {
    name: 'people page, a search with no result',
    covers: ['page:/people'],
    roles: ['editor'],
    open: async (page) => {
      await page.goto('/people');
      await deskReady(page);
      await page.getByLabel('Search by name or email').fill('zzzz-nobody');
      await expect(page.getByTestId('people-empty')).toBeVisible();
    },
  },
  {
    name: 'people page, refused',
    covers: ['page:/people'],
    roles: ['viewer', 'reviewer'],
    open: async (page) => {
      await page.goto('/people');
      await deskReady(page);
      await expect(page.getByTestId('people-refused')).toBeVisible();
    },
  },
  {
    name: 'my account',
    covers: ['page:/account'],
    roles: ALL_ROLES,
    open: async (page) => {
      await page.goto('/account');
      await deskReady(page);
      await expect(page.getByTestId('session-row').first()).toBeVisible();
    },
  },
  {
    name: 'my account, a password change with field errors',
    covers: ['page:/account'],
    roles: ['viewer'],
    open: async (page) => {
      await page.goto('/account');
      await deskReady(page);
      await page.getByLabel('New password', { exact: true }).fill('too short');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByTestId('next-error')).toBeVisible();
    },
  },
  {
    name: 'invitation page',
    covers: ['page:/invite/[token]'],
    roles: 'signed-out',
    open: async (page) => {
      await page.goto(await invitationLink(page));
      await expect(page.getByRole('heading', { name: 'Welcome, Nadia Newcomer' })).toBeVisible();
      await page.getByLabel('Choose a password').fill('short');
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await expect(page.getByTestId('password-error')).toBeVisible();
    },
  },
  {
    name: 'invitation page, a link that does not work',
    covers: ['page:/invite/[token]'],
    roles: 'signed-out',
    open: async (page) => {
      await page.goto(`/invite/${'x'.repeat(43)}`);
      await expect(page.getByTestId('link-state')).toBeVisible();
    },
  },
  {
    name: 'session ended notice',
    covers: ['dialog:components/realtime/session-ended-notice.tsx'],
    roles: ['viewer'],
    open: async (page) => {
      // As if an editor disabled the account: the server's notice is added once the socket connects (the real one is in e2e/people.spec.ts).
      await page.routeWebSocket(/\/socket\.io\//, (ws) => {
        const server = ws.connectToServer();
        server.onMessage((message) => {
          ws.send(message);
          if (typeof message === 'string' && message.startsWith('40')) ws.send(`42${JSON.stringify(['session:ended', { reason: 'disabled' }])}`);
        });
      });
      await page.goto('/');
      await expect(page.getByTestId('session-ended')).toBeVisible();
    },
  },
];

export const SCANS: Scan[] = [
  {
    // The report as a reader opens it, on a phone: every story's figures board, then each claim in its state.
    name: 'exported HTML report, on a phone',
    covers: ['report:lib/exports/formats/html.ts'],
    roles: ['viewer'],
    open: async (page) => {
      const res = await page.request.get('/api/export?format=html');
      expect(res.status()).toBe(200);
      const html = await res.text();
      // Served from the desk's origin as the browser would open the downloaded file, with its own CSP meta.
      await page.route('**/e2e-exported-report.html', (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/e2e-exported-report.html');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Verdict report/);
      // Nothing is wider than the phone: no sideways scrolling of the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    },
  },
  {
    name: 'sign-in page',
    covers: ['page:/login'],
    roles: 'signed-out',
    open: async (page) => {
      await page.goto('/login?callbackUrl=%2Faudit');
      await expect(page.getByLabel('Email')).toBeFocused();
    },
  },
  {
    name: 'sign-in page with a wrong password',
    covers: ['page:/login'],
    roles: 'signed-out',
    open: async (page) => {
      await page.goto('/login');
      // An account that does not exist: no real account's failure count grows.
      await page.getByLabel('Email').fill('nobody@factdesk.test');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByTestId('login-error')).toBeVisible();
    },
  },
  {
    name: 'unknown address, signed out',
    covers: ['not-found:/'],
    roles: 'signed-out',
    open: async (page) => {
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    },
  },
  {
    name: 'unknown address',
    covers: ['not-found:/'],
    roles: ALL_ROLES,
    open: async (page) => {
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    },
  },
  {
    name: 'claims list',
    covers: ['page:/'],
    roles: ALL_ROLES,
    open: async (page) => {
      await page.goto('/');
      await deskReady(page);
      for (const status of ['unreviewed', 'verified', 'disputed', 'outdated']) {
        await expect(page.locator(`[data-testid="status-badge"][data-status="${status}"]`).first()).toBeVisible();
      }
      await expect(page.getByTestId('claim-row').getByText('Re-review due')).toBeVisible();
    },
  },
  {
    name: 'claims list, filtered, with rows selected',
    covers: ['page:/'],
    roles: ALL_ROLES,
    open: async (page) => {
      await page.goto('/?lang=en&status=verified&q=soldiers');
      await deskReady(page);
      await expect(page.getByTestId('claim-row')).toHaveCount(1);
      await page.getByRole('checkbox', { name: 'Select all claims on this page' }).check();
      await expect(page.getByText(/^1 selected/)).toBeVisible();
    },
  },
  {
    name: 'claims list, a search with no result',
    covers: ['page:/'],
    roles: ALL_ROLES,
    open: async (page) => {
      await page.goto('/?q=zzzz-no-such-words');
      await deskReady(page);
      await expect(page.getByTestId('empty-list')).toContainText('No claims match these filters.');
    },
  },
  {
    name: 'claims list, a filter not understood',
    covers: ['page:/'],
    roles: ['viewer'],
    open: async (page) => {
      await page.goto('/?status=bogus');
      await deskReady(page);
      await expect(page.getByText('Some filters in the address were not understood')).toBeVisible();
    },
  },
  {
    name: 'claims list while another person changes a claim',
    covers: ['page:/'],
    roles: ['viewer'],
    open: async (page, { claims, colleague }) => {
      await page.goto('/');
      await deskReady(page);
      await comment(await colleague(), claims.open, 'A note from another desk.');
      await expect(page.getByTestId('change-notice')).toContainText('commented on');
    },
  },
  {
    name: 'export dialog',
    covers: ['dialog:components/export-dialog.tsx'],
    roles: ALL_ROLES,
    open: async (page) => {
      await page.goto('/');
      await deskReady(page);
      await page.getByTestId('claim-row').first().getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Export…' }).click();
      await expect(page.getByRole('dialog', { name: 'Export verdicts' })).toBeVisible();
    },
  },
  {
    name: 'export dialog after a download, with nothing selected',
    covers: ['dialog:components/export-dialog.tsx'],
    roles: ['viewer'],
    open: async (page) => {
      await page.goto('/');
      await deskReady(page);
      await page.getByRole('button', { name: 'Export…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export verdicts' });
      await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
      await expect(dialog.getByTestId('export-done')).toBeVisible();
    },
  },
  {
    name: 'export dialog with a failed export',
    covers: ['dialog:components/export-dialog.tsx'],
    roles: ['reviewer'],
    open: async (page) => {
      await page.route('**/api/export?*', (route) =>
        route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: { message: 'You already have 2 exports running.' } }) }),
      );
      await page.goto('/');
      await deskReady(page);
      await page.getByRole('button', { name: 'Export…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export verdicts' });
      await dialog.getByRole('button', { name: 'Download' }).click();
      await expect(dialog.getByTestId('export-error')).toBeVisible();
    },
  },
  {
    name: 'keyboard shortcut help',
    covers: ['dialog:components/global-shortcuts.tsx'],
    roles: ALL_ROLES,
    open: async (page) => {
      await page.goto('/');
      await deskReady(page);
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    },
  },
  {
    name: 'page loading',
    covers: [],
    roles: ['viewer'],
    navigationHeld: true,
    open: async (page) => {
      await page.goto('/');
      await deskReady(page);
      // Hold the audit page's server render: the desk shows its loading state meanwhile.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/audit*', async (route) => {
        const headers = route.request().headers();
        if (headers['rsc'] && !headers['next-router-prefetch']) await held;
        await route.continue().catch(() => {});
      });
      page.once('close', release);
      await page.getByRole('link', { name: 'Audit trail' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeAttached();
    },
  },
  {
    name: 'reload notice',
    covers: [],
    roles: ['viewer'],
    open: async (page) => {
      // As e2e/reload-notice.spec.ts: the server answers "too far behind" to the first sync.
      await page.routeWebSocket(/\/socket\.io\//, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((message) => {
          const sync = typeof message === 'string' ? /^42(\d+)\["sync"/.exec(message) : null;
          if (sync)
            ws.send(
              `43${sync[1]}${JSON.stringify([{ ok: true, data: { changes: [], latest: 1_000_000, more: false, reload: true, message: RELOAD_MESSAGE } }])}`,
            );
          else server.send(message);
        });
      });
      await page.goto('/');
      await expect(page.getByTestId('reload-notice')).toBeVisible();
    },
  },
  {
    name: 'claim page',
    covers: ['page:/claims/[id]'],
    roles: ALL_ROLES,
    open: async (page, { claims }) => {
      await openClaim(page, claims.verified);
      await expect(page.getByTestId('comments')).toBeVisible();
      await expect(page.getByTestId('claim-history')).toBeVisible();
      await page.getByTestId('boilerplate').locator('summary').click();
    },
  },
  {
    name: 'claim page of a claim due for re-review, with another person on it',
    covers: ['page:/claims/[id]'],
    roles: ALL_ROLES,
    open: async (page, { claims, colleague }) => {
      await openClaim(await colleague(), claims.outdated);
      await openClaim(page, claims.outdated);
      await expect(page.getByTestId('presence')).toBeVisible();
      await expect(page.getByTestId('current-verdict')).toContainText('Re-review due since');
    },
  },
  {
    name: 'claim page, narrow screen',
    covers: ['page:/claims/[id]'],
    roles: ['reviewer'],
    open: async (page, { claims }) => {
      await page.setViewportSize({ width: 700, height: 900 });
      await openClaim(page, claims.assigned);
      await expect(page.getByRole('link', { name: 'Verdict ↓' })).toBeVisible();
    },
  },
  {
    name: 'verdict panel with a draft, evidence rows and field errors',
    covers: ['page:/claims/[id]'],
    roles: WRITERS,
    open: async (page, { claims }) => {
      await openClaim(page, claims.assigned);
      await verdictKeysReady(page);
      await page.keyboard.press('3'); // Outdated: the re-review date appears
      await expect(page.getByLabel(/Re-review on/)).toBeVisible();
      await page.getByRole('button', { name: '+ Add evidence link' }).click();
      await page.keyboard.type('not a link');
      await page.getByLabel('Add a comment').fill('Checking the second source.');
      await page.getByRole('button', { name: 'Save verdict' }).click();
      await expect(page.getByTestId('verdict-error')).toBeVisible();
    },
  },
  {
    name: 'verdict panel after a save',
    covers: ['page:/claims/[id]'],
    roles: ['reviewer'],
    open: async (page, { claims }) => {
      await openClaim(page, claims.disputed);
      await verdictKeysReady(page);
      await page.keyboard.press('2');
      await page.keyboard.type('Still unconfirmed by Migración Colombia.');
      await page.getByRole('button', { name: 'Save verdict' }).click();
      await expect(page.getByText(/^Saved: disputed/)).toBeVisible();
    },
  },
  {
    name: 'verdict panel with a conflict notice',
    covers: ['page:/claims/[id]'],
    roles: WRITERS,
    open: async (page, { claims, colleague }) => {
      await openClaim(page, claims.open);
      await verdictKeysReady(page);
      await page.keyboard.press('1');
      await page.keyboard.type('Matches the statement of that day.');
      // Someone else decides first: the panel warns at once, and refuses the stale save.
      const other = await colleague();
      const claim = (await (await other.request.get(`/api/claims/${claims.open}`)).json()) as { version: number };
      await setVerdict(other, claims.open, { status: 'outdated', reason: 'Superseded by later counts.', expectedVersion: claim.version });
      await expect(page.getByTestId('verdict-conflict')).toBeVisible();
      await page.getByRole('button', { name: 'Save verdict' }).click();
      await expect(page.getByTestId('verdict-conflict')).toContainText('Your draft below was not saved and is kept.');
    },
  },
  {
    name: 'unknown claim',
    covers: ['not-found:/claims/[id]'],
    roles: ALL_ROLES,
    open: async (page) => {
      await page.goto('/claims/3f1e2d3c-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: 'Claim not found' })).toBeVisible();
    },
  },
  {
    name: 'audit trail',
    covers: ['page:/audit'],
    roles: ALL_ROLES,
    open: async (page) => {
      await page.goto('/audit');
      await deskReady(page);
      // Rows name their claim by its title (issue 32 item 18), each a link to it.
      await expect(page.getByTestId('audit-table').locator('a[href^="/claims/"]').first()).toBeVisible();
    },
  },
  {
    name: 'audit trail, filtered',
    covers: ['page:/audit'],
    roles: ['viewer'],
    open: async (page) => {
      await page.goto('/audit?action=claim.verdict_set&actor=reviewer%40factdesk.test');
      await deskReady(page);
      await expect(page.getByTestId('audit-reason').first()).toBeVisible();
    },
  },
  {
    name: 'audit trail, a filter not understood',
    covers: ['page:/audit'],
    roles: ['viewer'],
    open: async (page) => {
      await page.goto('/audit?after=not-a-date');
      await deskReady(page);
      await expect(page.getByText('Showing all events instead.')).toBeVisible();
    },
  },
  {
    name: 'audit trail, no result',
    covers: ['page:/audit'],
    roles: ['viewer'],
    open: async (page) => {
      await page.goto('/audit?actor=absent%40example.org');
      await deskReady(page);
      await expect(page.getByText('No events match.')).toBeVisible();
    },
  },
  ...FIGURE_SCANS,
  ...STORY_SCANS,
  ...ADD_ARTICLES_SCANS,
  ...PEOPLE_SCANS,
];

type VerdictBody = { status: string; reason: string; expectedVersion: number; evidence?: { url: string; label: string }[]; reReviewAt?: string };
export async function setVerdict(page: Page, id: string, body: VerdictBody) {
  const res = await page.request.post(`/api/claims/${id}/verdict`, { data: { evidence: [], ...body } });
  expect(res.status(), await res.text()).toBe(200);
}
export async function comment(page: Page, id: string, body: string) {
  const res = await page.request.post(`/api/claims/${id}/comments`, { data: { body } });
  expect(res.status(), await res.text()).toBe(201);
}
