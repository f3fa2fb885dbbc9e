// Signing out in the browser ends the session on the server too: a copy of the
// cookie taken before sign-out (another browser, a stolen cookie) no longer opens the desk.
import { expect, test } from './support/fixtures';
import { signIn } from './support/auth';

test('after "Sign out", a copy of the session cookie taken before gets the login page', async ({ page, browser }) => {
  await signIn(page, 'reviewer@factdesk.test');
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
  const copied = (await page.context().cookies()).filter((c) => c.name.includes('session-token'));
  expect(copied).toHaveLength(1);

  const elsewhere = await browser.newContext();
  await elsewhere.addCookies(copied);
  const thief = await elsewhere.newPage();
  await thief.goto('/');
  await expect(thief.getByTestId('current-user')).toContainText('Rita Reviewer');
  await expect(thief.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The open tab with the copy is sent to the login page by its closed websocket, without any click.
  await expect(thief).toHaveURL(/\/login/);
  await thief.goto('/');
  await expect(thief).toHaveURL(/\/login/);
  await elsewhere.close();
});
