import { signIn } from './support/auth';
import { expect, test } from './support/fixtures';

test('a reviewer signs in, sees the five claims, filters to Bulgarian and reads the Cyrillic text', async ({ page, freshClaims }) => {
  // The five articles again, as claims of this test's own: other specs add claims to the desk.
  const { tag, bulgarian } = await freshClaims('portuguese', 'colombia567', 'fourGuards', 'bulgarian', 'hundredSoldiers');
  await signIn(page, 'reviewer@factdesk.test');
  await expect(page.getByTestId('current-user')).toContainText('Rita Reviewer');
  await page.goto(`/?q=${tag}`);
  await expect(page.getByTestId('claim-row')).toHaveCount(5);
  await page.screenshot({ path: 'e2e/screenshots/claims-list.png', fullPage: true });

  await page.getByLabel('Language').selectOption('bg');
  await expect(page).toHaveURL(/lang=bg/);
  await expect(page.getByTestId('claim-row')).toHaveCount(1);
  await page.getByTestId('claim-row').getByRole('link').click();

  await expect(page).toHaveURL(new RegExp(`/claims/${bulgarian.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Дезертирането дойде');
  await expect(page.getByTestId('claim-body')).toContainText('Около 104 войници са избягали през границата в Колумбия');
  await expect(page.getByTestId('claim-language')).toContainText('Bulgarian');
  await page.screenshot({ path: 'e2e/screenshots/claim-bulgarian.png', fullPage: true });
});

test('search finds Portuguese text without accents', async ({ page, freshClaims }) => {
  // Among claims of this test's own, in three languages; the words are in the Portuguese one only.
  const { tag, portuguese } = await freshClaims('portuguese', 'colombia567', 'bulgarian');
  await signIn(page, 'viewer@factdesk.test');
  await page.getByLabel('Search').fill(`${tag} colombia amnistia`);
  await page.getByLabel('Search').press('Enter');
  await expect(page.getByTestId('claim-row')).toHaveCount(1);
  await expect(page.getByTestId('claim-row')).toHaveAttribute('data-claim-id', portuguese.id);
  await expect(page.getByTestId('claim-row')).toContainText('Um balanço anterior');
});

test('trailing boilerplate is kept but collapsed', async ({ page, freshClaims }) => {
  const { tag, hundredSoldiers } = await freshClaims('hundredSoldiers');
  await signIn(page, 'viewer@factdesk.test');
  await page.goto(`/?q=${tag}`);
  await page.getByRole('link', { name: hundredSoldiers.title }).click();
  const boilerplate = page.getByTestId('boilerplate');
  await expect(boilerplate).toBeVisible();
  await expect(boilerplate.getByText('Sulemana Braimah')).toBeHidden();
  await boilerplate.locator('summary').click();
  await expect(boilerplate.getByText('Sulemana Braimah')).toBeVisible();
  await expect(page.getByTestId('claim-body')).not.toContainText('Sulemana');
});

test('a wrong password shows the error and creates no session', async ({ page, context }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('reviewer@factdesk.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Email or password is incorrect.');
  const cookies = await context.cookies();
  expect(cookies.some((c) => c.name.includes('session-token'))).toBe(false);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
});

test('a signed-out visit to a claim lands on the login page and returns there after sign-in', async ({ page }) => {
  await page.goto('/claims/3f1e2d3c-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fclaims%2F/);
  await page.getByLabel('Email').fill('viewer@factdesk.test');
  await page.getByLabel('Password').fill('factdesk-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Claim not found' })).toBeVisible();
});

test('signing out ends the session', async ({ page }) => {
  await signIn(page, 'viewer@factdesk.test');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
});

test('the desk fits half a laptop screen', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await signIn(page, 'reviewer@factdesk.test');
  await expect(page.getByTestId('claim-row').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'e2e/screenshots/narrow-list.png', fullPage: true });
  await page.getByTestId('claim-row').first().getByRole('link').click();
  await expect(page.getByTestId('verdict-panel')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'e2e/screenshots/narrow-claim.png' });
});
