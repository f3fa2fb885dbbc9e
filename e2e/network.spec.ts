// Issue 9, "A desk that people on the same network can use": the desk served as
// `npm start` serves it (no NEXTAUTH_URL) works at http://127.0.0.1:PORT in a
// real browser — sign-in, live updates, a write — and a page under a hostile
// name that resolves to this machine (DNS rebinding) gets the refusal page.
import { chromium } from '@playwright/test';
import { chromiumPath } from '../playwright.config';
import { DEMO_PASSWORD } from './support/auth';
import { expect, test } from './support/fixtures';

test('at http://127.0.0.1:PORT a reviewer signs in, goes live and posts a comment', async ({ page, freshClaims, deskUrl }) => {
  const AT = deskUrl.replace('localhost', '127.0.0.1');
  // The newest claim, so at the top of the list.
  const { bulgarian } = await freshClaims('bulgarian');
  await page.goto(`${AT}/login`);
  await page.getByLabel('Email').fill('reviewer@factdesk.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-user')).toContainText('Rita Reviewer');
  expect(new URL(page.url()).origin).toBe(AT);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');

  await page.getByRole('link', { name: bulgarian.title }).click();
  await page.getByLabel('Add a comment').fill('Posted from 127.0.0.1.');
  await page.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByTestId('comments')).toContainText('Posted from 127.0.0.1.');
  await page.reload();
  await expect(page.getByTestId('comments')).toContainText('Posted from 127.0.0.1.');
  await page.screenshot({ path: 'e2e/screenshots/network-signed-in-127.png', fullPage: true });

  // next-auth's redirects stay on the address the desk was opened at.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${AT}/login`);
});

test('a hostile name resolving to this machine gets the refusal page, and no API', async ({ deskUrl }) => {
  const PORT = new URL(deskUrl).port;
  const AT = deskUrl.replace('localhost', '127.0.0.1');
  // Chromium resolves evil.example to 127.0.0.1, as a rebinding DNS server would.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--host-resolver-rules=MAP evil.example 127.0.0.1'] });
  try {
    const page = await browser.newPage();
    const response = await page.goto(`http://evil.example:${PORT}/login`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Wrong address' })).toBeVisible();
    await expect(page.getByText('ALLOWED_HOSTS=evil.example')).toBeVisible();
    await expect(page.getByRole('link', { name: AT })).toHaveAttribute('href', AT);
    await page.screenshot({ path: 'e2e/screenshots/network-refused-host.png', fullPage: true });
    // A rebinding page is same-origin with evil.example: the API has nothing for it either.
    const api = await page.goto(`http://evil.example:${PORT}/api/auth/csrf`);
    expect(api?.status()).toBe(403);
    expect(await api?.text()).not.toContain('csrfToken');
  } finally {
    await browser.close();
  }
});
