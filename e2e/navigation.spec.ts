// Moving between the desk's pages (issue 16). A first load paints the page in
// one go, with no route-level skeleton in front of it; a move within the desk
// keeps the page on screen and shows that the click was taken: a bar across
// the top, the old page aria-busy (not dimmed: at full contrast), "Loading…" for screen readers.
import type { Page } from '@playwright/test';
import { signIn } from './support/auth';
import { expect, test } from './support/fixtures';

/** Holds the server render of every navigation to `pattern` (not its prefetch) until the returned function is called. */
async function holdNavigation(page: Page, pattern: string) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    const headers = route.request().headers();
    if (headers['rsc'] && !headers['next-router-prefetch']) await held;
    await route.continue().catch(() => {});
  });
  return release;
}

const progress = (page: Page) => page.getByTestId('navigation-progress');
const loading = (page: Page) => page.getByRole('status').filter({ hasText: 'Loading…' });

test('a first load shows the page itself, with no loading state in front of it', async ({ page }) => {
  await signIn(page, 'viewer@factdesk.test');
  // The HTML as served: the list is in it, and no skeleton stands in for it.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('data-keyboard-list');
  expect(html).not.toContain('Loading…');
  await expect(progress(page)).toBeHidden();
  await expect(loading(page)).toHaveCount(0);
});

test('a slow move to another page is shown until that page arrives', async ({ page }) => {
  await signIn(page, 'viewer@factdesk.test');
  await expect(page.locator('body[data-shortcuts="ready"]')).toBeAttached();
  const release = await holdNavigation(page, '**/audit*');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit trail' }).click();
  await expect(progress(page)).toBeVisible();
  await expect(loading(page)).toBeAttached();
  await expect(page.locator('main')).toHaveAttribute('aria-busy', 'true');
  // The page being left is still there to read.
  await expect(page.locator('[data-keyboard-list]')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/navigation-held.png' });
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await expect(progress(page)).toBeHidden();
  await expect(loading(page)).toHaveCount(0);
  await expect(page.locator('main')).not.toHaveAttribute('aria-busy', 'true');
});

test('a filter that navigates shows its progress too, and a click on the page already shown shows none', async ({ page }) => {
  await signIn(page, 'viewer@factdesk.test');
  await expect(page.locator('body[data-shortcuts="ready"]')).toBeAttached();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Claims', exact: true }).click();
  await page.waitForTimeout(300);
  await expect(progress(page)).toBeHidden();

  const release = await holdNavigation(page, '**/?status=*');
  await page.getByLabel('Status').selectOption('disputed');
  await expect(progress(page)).toBeVisible();
  release();
  await expect(page).toHaveURL(/status=disputed/);
  await expect(progress(page)).toBeHidden();
  await expect(page.locator('main')).not.toHaveAttribute('aria-busy', 'true');
});

test('on a phone the header is one row, and its Menu opens every link, by keyboard too', async ({ page }) => {
  // Signed in on a laptop (the helper waits for the header's name, which a phone keeps in the menu).
  await signIn(page, 'admin@factdesk.test');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('body[data-shortcuts="ready"]')).toBeAttached();
  expect((await page.locator('header').boundingBox())?.height).toBeLessThanOrEqual(56);
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await page.screenshot({ path: 'e2e/screenshots/header-phone.png' });

  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Claims', 'Stories', 'Audit trail', 'Add articles', 'People'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport();
  await expect(page.getByRole('link', { name: /^My account/ })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
  // The links follow the button in the tab order.
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Claims', exact: true })).toBeFocused();
  await page.screenshot({ path: 'e2e/screenshots/header-phone-menu.png' });
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  // A link followed closes the menu.
  await menu.click();
  await nav.getByRole('link', { name: 'People' }).click();
  await expect(page).toHaveURL(/\/people$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // A laptop keeps the links in the header row, with no Menu button.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(menu).toBeHidden();
  await expect(nav.getByRole('link', { name: 'People' })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/header-desktop.png' });
});
