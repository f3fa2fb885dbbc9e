// People (issue 15): an editor invites, changes roles and disables accounts in
// the browser; the person's open pages follow at once (signed out with a
// reason, re-rendered with the new role); everyone manages their own password
// and sessions. Each test makes the accounts it changes: the seed accounts
// other specs sign in with are never disabled, demoted or signed out.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { signIn } from './support/auth';
import { expect, test } from './support/fixtures';
import { desktopAndPhone } from './support/screenshots';

const EDITOR = 'admin@factdesk.test';
const STRONG = 'quiet orange ferry at dawn';

type Person = { email: string; name: string };
const newPerson = (first: string): Person => {
  const tag = randomBytes(3).toString('hex');
  return { email: `e2e-${first.toLowerCase()}-${tag}@factdesk.test`, name: `${first} Probe ${tag}` };
};

async function deskReady(page: Page) {
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
}

async function signedInPage(browser: Browser, email: string, password?: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, password);
  return page;
}

/** An account made through the API as the editor: invited, then the link accepted. */
async function accountFor(editor: Page, person: Person, role: 'viewer' | 'reviewer') {
  const invited = await editor.request.post('/api/people', { data: { email: person.email, displayName: person.name, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { link } = (await invited.json()) as { link: { path: string } };
  const accepted = await editor.request.post(`/api/invitations/${link.path.split('/').pop() ?? ''}`, { data: { password: STRONG } });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

async function userIdOf(editor: Page, email: string): Promise<string> {
  const { people } = (await (await editor.request.get('/api/people')).json()) as { people: { email: string; userId: string | null }[] };
  const id = people.find((p) => p.email === email)?.userId;
  if (!id) throw new Error(`${email} has no account`);
  return id;
}

const rowOf = (page: Page, email: string) => page.locator(`[data-testid="person-row"][data-email="${email}"]`);
const markPage = (page: Page) => page.evaluate(() => ((window as Window & { __marker?: number }).__marker = 15));
const marker = (page: Page) => page.evaluate(() => (window as Window & { __marker?: number }).__marker);

test('an editor invites a reviewer who joins; disabling them ends their page at once and lists their open claims', async ({ browser, freshClaims }) => {
  const person = newPerson('Pia');
  const editor = await signedInPage(browser, EDITOR);
  await editor.goto('/people');
  await deskReady(editor);
  await expect(editor.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  // The only editor on the seed desk: their own row cannot be demoted or disabled, and says why.
  const own = rowOf(editor, EDITOR);
  await expect(own.getByTestId('blocked-why')).toContainText('You are the last active editor');
  await expect(own.getByRole('button', { name: /^Change role for/ })).toBeDisabled();
  await desktopAndPhone(editor, 'people-list');

  // Search and filters, with an empty state.
  await editor.getByLabel('Search by name or email').fill('zzzz-nobody');
  await expect(editor.getByTestId('people-empty')).toContainText('No one matches.');
  await editor.getByRole('button', { name: 'Clear the search and filters' }).click();
  const find = editor.getByRole('search', { name: 'Find people' });
  await find.getByLabel('Role').selectOption('viewer');
  await expect(rowOf(editor, 'viewer@factdesk.test')).toBeVisible();
  await expect(rowOf(editor, EDITOR)).toHaveCount(0);
  await find.getByLabel('Role').selectOption('');

  // The invitation: a field error first, then the link to hand on.
  const invite = editor.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('Email').fill('not an email');
  await invite.getByLabel('Name').fill(person.name);
  await invite.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(invite.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByTestId('email-error')).toContainText('Enter a valid email address.');
  await invite.getByLabel('Email').fill(person.email);
  await invite.getByRole('button', { name: 'Create invitation link' }).click();
  const linkField = editor.getByLabel(`Invitation link for ${person.email}`);
  await expect(linkField).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(editor.getByTestId('issued-link')).toContainText('Works once, until');
  const url = await linkField.inputValue();
  await expect(rowOf(editor, person.email).getByTestId('person-status')).toHaveAttribute('data-status', 'invited');
  await editor.screenshot({ path: 'e2e/screenshots/people-invite-link.png', fullPage: true });

  // The reviewer opens the link in their own browser.
  const reviewer = await (await browser.newContext()).newPage();
  await reviewer.goto(url);
  await expect(reviewer.getByRole('heading', { name: `Welcome, ${person.name}` })).toBeVisible();
  await expect(reviewer.getByText('in the role of reviewer')).toBeVisible();
  await desktopAndPhone(reviewer, 'invite-page', 1);
  await reviewer.getByLabel('Choose a password').fill('password1234');
  await reviewer.getByLabel('The same password again').fill('password1234');
  await reviewer.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(reviewer.getByTestId('password-error')).toContainText('This password is too easy to guess.');
  await expect(reviewer.getByLabel('Choose a password')).toHaveAttribute('aria-invalid', 'true');
  await reviewer.screenshot({ path: 'e2e/screenshots/invite-page-weak.png', fullPage: true });
  await reviewer.getByLabel('Choose a password').fill(STRONG);
  await reviewer.getByLabel('The same password again').fill(STRONG);
  await reviewer.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(reviewer.getByTestId('current-user')).toContainText(person.name);
  await expect(reviewer).toHaveURL(/\/$/);
  await deskReady(reviewer);
  await expect(rowOf(editor, person.email).getByTestId('person-status')).toHaveAttribute('data-status', 'active');

  // A claim assigned to them: it shows in their queue.
  const { colombia567: claim } = await freshClaims('colombia567');
  const assigned = await editor.request.post(`/api/claims/${claim.id}/assignment`, { data: { userId: await userIdOf(editor, person.email) } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  await expect(reviewer.getByTestId('queue-count')).toHaveText('1');
  await reviewer.getByTestId('queue-link').click();
  await expect(reviewer.getByRole('link', { name: claim.title })).toBeVisible();
  await deskReady(reviewer);
  await markPage(reviewer);

  // The editor disables them: their page says so at once, without a reload.
  const row = rowOf(editor, person.email);
  await expect(row).toContainText('Open claims assigned: 1');
  await row.getByRole('button', { name: `Disable ${person.name}` }).click();
  await row.getByRole('button', { name: `Disable account of ${person.name}` }).click();
  const notice = reviewer.getByRole('alertdialog', { name: 'You are signed out' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('An editor has disabled your account.');
  await expect(notice.getByRole('heading')).toBeFocused();
  expect(await marker(reviewer)).toBe(15);
  await reviewer.screenshot({ path: 'e2e/screenshots/session-ended.png' });
  const panel = editor.getByTestId('reassign-panel');
  await expect(panel).toContainText('1 open claim is still assigned to them');
  await expect(panel.getByRole('link', { name: claim.title })).toHaveAttribute('href', `/claims/${claim.id}`);
  await expect(row.getByTestId('person-status')).toHaveAttribute('data-status', 'disabled');
  await editor.screenshot({ path: 'e2e/screenshots/people-disabled.png', fullPage: true });
  // Still there after a moment: the notice replaces the old redirect to /login.
  await reviewer.waitForTimeout(1500);
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: 'Sign in' }).click();
  await expect(reviewer).toHaveURL(/\/login/);

  // The link, opened again, says it has been used: a page, not an error.
  const again = await (await browser.newContext()).newPage();
  const res = await again.goto(url);
  expect(res?.status()).toBe(200);
  await expect(again.getByTestId('link-state')).toContainText('This link has already been used.');
  await again.screenshot({ path: 'e2e/screenshots/invite-page-used.png' });

  // Re-enabled, they can sign in again.
  await row.getByRole('button', { name: `Re-enable ${person.name}` }).click();
  await expect(row.getByTestId('person-status')).toHaveAttribute('data-status', 'active');
});

test("a role change re-renders the person's open page with the new role", async ({ browser }) => {
  const person = newPerson('Val');
  const editor = await signedInPage(browser, EDITOR);
  await accountFor(editor, person, 'viewer');
  const viewer = await signedInPage(browser, person.email, STRONG);
  await viewer.goto('/');
  await deskReady(viewer);
  const nav = viewer.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Add articles' })).toHaveCount(0);
  await viewer.goto('/people');
  await expect(viewer.getByTestId('people-refused')).toBeVisible();
  await viewer.goto('/');
  await deskReady(viewer);
  await markPage(viewer);

  await editor.goto('/people');
  await deskReady(editor);
  const row = rowOf(editor, person.email);
  await row.getByRole('button', { name: `Change role for ${person.name}` }).click();
  await row.getByLabel(`New role for ${person.name}`).selectOption('reviewer');
  await row.getByRole('button', { name: `Save role for ${person.name}` }).click();
  await expect(row.getByTestId('person-role')).toHaveAttribute('data-role', 'reviewer');

  await expect(viewer.getByTestId('role-changed')).toHaveText('An editor changed your role to Reviewer.');
  await expect(nav.getByRole('link', { name: 'Add articles' })).toBeVisible();
  await expect(viewer.getByTestId('current-user')).toContainText('Reviewer');
  expect(await marker(viewer)).toBe(15);
});

test('my account: a wrong current password is refused; signing out another session ends that page', async ({ browser }) => {
  const person = newPerson('Sol');
  const editor = await signedInPage(browser, EDITOR);
  await accountFor(editor, person, 'reviewer');
  const here = await signedInPage(browser, person.email, STRONG);
  const elsewhere = await signedInPage(browser, person.email, STRONG);
  await deskReady(elsewhere);

  await here.getByTestId('current-user').click();
  await expect(here.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(here.getByTestId('account-name')).toHaveText(person.name);
  await here.getByLabel('Current password').fill('not my password at all');
  await here.getByLabel('New password', { exact: true }).fill('a brand new phrase of words');
  await here.getByLabel('New password again').fill('a brand new phrase of words');
  await here.getByRole('button', { name: 'Change password' }).click();
  await expect(here.getByTestId('current-error')).toHaveText('Your current password is not right.');
  await expect(here.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

  const sessions = here.getByTestId('session-row');
  await expect(sessions).toHaveCount(2);
  await expect(here.locator('[data-testid="session-row"][data-current="true"]')).toContainText('This browser');
  await desktopAndPhone(here, 'account', 2);
  await here
    .locator('[data-testid="session-row"][data-current="false"]')
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await expect(here.getByTestId('sessions-message')).toHaveText('Signed out 1 session.');
  await expect(sessions).toHaveCount(1);

  const notice = elsewhere.getByTestId('session-ended');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('This session was signed out from another browser.');
  await expect(elsewhere).not.toHaveURL(/\/login/);
});

test('a password reset: the person chooses a new password, signs in with it, and their older session ends', async ({ browser }) => {
  const person = newPerson('Rae');
  const fresh = 'copper kettle under moonlight';
  const editor = await signedInPage(browser, EDITOR);
  await accountFor(editor, person, 'reviewer');
  // A session of theirs from before the reset, left open.
  const before = await signedInPage(browser, person.email, STRONG);
  await deskReady(before);
  await markPage(before);

  await editor.goto('/people');
  await deskReady(editor);
  await rowOf(editor, person.email)
    .getByRole('button', { name: `Reset link for ${person.name}` })
    .click();
  const linkField = editor.getByLabel(`Password reset link for ${person.name}`);
  await expect(linkField).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
  const url = await linkField.inputValue();

  // The person opens it in another browser; a reset signs no one in by itself.
  const page = await (await browser.newContext()).newPage();
  await page.goto(url);
  await expect(page.getByRole('heading', { name: `Choose a new password for ${person.email}` })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('The same password again').fill(`${fresh}!`);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('confirm-error')).toHaveText('The two passwords are not the same.');
  await expect(page.getByLabel('The same password again')).toBeFocused();
  await page.getByLabel('The same password again').fill(fresh);
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByTestId('login-notice')).toHaveText('Password changed: sign in with your new password.');
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.screenshot({ path: 'e2e/screenshots/login-password-changed.png' });
  // The old password no longer works; the new one does.
  await page.getByLabel('Password').fill(STRONG);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Email or password is incorrect.');
  await page.getByLabel('Password').fill(fresh);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-user')).toContainText(person.name);

  // The session from before the reset was ended, and its page says why, in place.
  const notice = before.getByRole('alertdialog', { name: 'You are signed out' });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('data-reason', 'password_changed');
  expect(await marker(before)).toBe(15);
});

test('the sign-in page ignores a notice or an email it does not know', async ({ page }) => {
  await page.goto(`/login?notice=${encodeURIComponent('<b>free text</b>')}&email=${encodeURIComponent('not an email')}`);
  await expect(page.getByRole('heading', { name: 'Sign in to the fact-checking desk' })).toBeVisible();
  await expect(page.getByTestId('login-notice')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.goto('/login?notice=password-changed&notice=password-changed&email=a@factdesk.test&email=b@factdesk.test');
  await expect(page.getByTestId('login-notice')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue('');
});

test('my account: "Sign out everywhere" asks first; after a failed attempt the page is still told when its session ends', async ({ browser }) => {
  const person = newPerson('Eve');
  const editor = await signedInPage(browser, EDITOR);
  await accountFor(editor, person, 'viewer');
  const here = await signedInPage(browser, person.email, STRONG);
  const elsewhere = await signedInPage(browser, person.email, STRONG);
  await here.goto('/account');
  await deskReady(here);

  // The confirm step, by keyboard: Escape closes it and gives focus back.
  const opener = here.getByRole('button', { name: 'Sign out everywhere', exact: true });
  await opener.click();
  const confirm = here.getByRole('group', { name: 'Sign out everywhere?' });
  await expect(confirm.getByRole('button', { name: 'Yes, sign out everywhere' })).toBeFocused();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await here.screenshot({ path: 'e2e/screenshots/account-sign-out-everywhere.png', fullPage: true });
  await here.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The request fails: the step says why, and this page is still signed in.
  const signOutUrl = '**/api/account/sessions/sign-out';
  await here.route(signOutUrl, (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Factdesk could not sign you out: try again.' } } }),
  );
  await here.keyboard.press('Enter');
  await here.keyboard.press('Enter');
  await expect(confirm.getByRole('alert')).toHaveText('Factdesk could not sign you out: try again.');
  await here.unroute(signOutUrl);
  await markPage(here);

  // Signed out from the other browser: this page says so (the failed attempt is not taken for its own sign-out).
  await elsewhere.goto('/account');
  await deskReady(elsewhere);
  await elsewhere.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(elsewhere.getByTestId('sessions-message')).toHaveText('Signed out 1 session.');
  await expect(here.getByTestId('session-ended')).toHaveAttribute('data-reason', 'signed_out');
  expect(await marker(here)).toBe(15);

  // And "Sign out everywhere" that works: straight to the sign-in page, no notice.
  await elsewhere.getByRole('button', { name: 'Sign out everywhere', exact: true }).click();
  await elsewhere.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
  await expect(elsewhere).toHaveURL(/\/login$/);
  await expect(elsewhere.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a pending invitation gets a new link, then is withdrawn: the old and new links stop working', async ({ browser }) => {
  const person = newPerson('Wes');
  const editor = await signedInPage(browser, EDITOR);
  const invited = await editor.request.post('/api/people', { data: { email: person.email, displayName: person.name, role: 'viewer' } });
  const first = ((await invited.json()) as { link: { path: string } }).link.path;
  await editor.goto('/people');
  await deskReady(editor);
  const row = rowOf(editor, person.email);
  await expect(row).toContainText('Invited');

  await row.getByRole('button', { name: `New link for ${person.name}` }).click();
  const again = row.getByTestId('issued-link').getByRole('textbox');
  await expect(again).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
  const second = new URL(await again.inputValue()).pathname;
  expect(second).not.toBe(first);

  // Withdrawing asks first; Escape cancels and gives focus back.
  const withdraw = row.getByRole('button', { name: `Withdraw the invitation of ${person.name}` });
  await withdraw.click();
  await editor.keyboard.press('Escape');
  await expect(withdraw).toBeFocused();
  await withdraw.click();
  await row.getByRole('button', { name: /^Withdraw invitation/ }).click();
  await expect(rowOf(editor, person.email)).toHaveCount(0);

  const visitor = await (await browser.newContext()).newPage();
  for (const path of [first, second]) {
    await visitor.goto(path);
    await expect(visitor.getByTestId('link-state')).toContainText('no longer works');
  }
});
