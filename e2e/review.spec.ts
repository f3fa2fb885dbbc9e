import { DEMO_PASSWORD, signIn } from './support/auth';
import { expect, test } from './support/fixtures';
import { holdRequests, holdSocketEvent, refuseSocket } from './support/network';
import { desktopAndPhone } from './support/screenshots';

test('a reviewer marks a claim disputed with reason and evidence using only the keyboard', async ({ page, freshClaims }) => {
  // Sign-in leads to a list of two claims of this test's own.
  const { tag } = await freshClaims('fourGuards', 'colombia567');
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/?q=${tag}`)}`);
  // The page puts the cursor in Email; the browser does so at its next frame, which can come after "load".
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type('reviewer@factdesk.test');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('claim-row')).toHaveCount(2);
  await expect(page.locator('body[data-shortcuts="ready"]')).toBeAttached();

  // j focuses the first claim of the list, Enter opens it.
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  const title = (await page.evaluate(() => document.activeElement?.textContent ?? '')).trim();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('verdict-panel')).toBeVisible();

  await page.keyboard.press('2'); // Disputed; focus moves to the reason
  await expect(page.getByRole('radio', { name: /Disputed/ })).toBeChecked();
  await page.keyboard.type('Other outlets report 60, 104 and 567 soldiers for the same days; this figure is not supported.');
  await page.keyboard.press('Tab'); // → "Add evidence link"
  await page.keyboard.press('Enter'); // adds a row and focuses its URL field
  await page.keyboard.type('https://www.migracioncolombia.gov.co/');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Migración Colombia statement');
  await page.keyboard.press('Control+Enter');

  const current = page.getByTestId('current-verdict');
  await expect(current.getByTestId('status-badge')).toHaveAttribute('data-status', 'disputed');
  await expect(current).toContainText('Rita Reviewer');
  await expect(current.getByRole('link', { name: 'Migración Colombia statement' })).toHaveAttribute('href', 'https://www.migracioncolombia.gov.co/');
  const history = page.getByTestId('claim-history');
  await expect(history.locator('li').first()).toContainText('Rita Reviewer marked it disputed');
  await expect(history.locator('li').first()).toContainText('Other outlets report 60, 104 and 567');
  await page.screenshot({ path: 'e2e/screenshots/claim-disputed.png', fullPage: true });

  // "?" lists the shortcuts; Escape closes the dialog.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('a verdict key pressed while the claim opens is taken, errors sit by their fields, and j after the save follows the list as it was', async ({
  page,
  freshClaims,
}) => {
  const { tag } = await freshClaims('fourGuards', 'colombia567', 'bulgarian');
  await signIn(page, 'reviewer@factdesk.test');
  await page.goto(`/?q=${tag}`);
  const links = page.getByTestId('claim-row').locator('a[data-claim-link]');
  await expect(links).toHaveCount(3);
  const titles = (await links.allTextContents()).map((t) => t.trim());
  await expect(page.locator('body[data-shortcuts="ready"]')).toBeAttached();

  // The middle claim, and 1 at once, while its page is still on its way.
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await page.keyboard.press('1');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(titles[1]!);
  await expect(page.getByRole('radio', { name: /Verified/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: /Reason/ })).toBeFocused();

  // Errors are sentences beside their fields, without field paths.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('verdict-reason-error')).toHaveText('Give a reason for the verdict.');
  await expect(page.getByTestId('verdict-error')).toHaveText('Check the fields marked above.');
  await expect(page.getByRole('textbox', { name: /Reason/ })).toHaveAttribute('aria-invalid', 'true');
  const size = page.viewportSize();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId('verdict-panel').screenshot({ path: `e2e/screenshots/verdict-errors-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
  await page.getByRole('textbox', { name: /Reason/ }).focus();
  await page.keyboard.type('Checked against the ministry statement.');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('current-verdict').getByTestId('status-badge')).toHaveAttribute('data-status', 'verified');
  await expect(page.getByRole('status').filter({ hasText: /^Saved: verified/ })).toBeVisible();
  // The decided claim is now first in the list; j still goes to the claim that came after it.
  await page.keyboard.press('j');
  await expect(heading).toHaveText(titles[2]!);
});

test('shortcuts do not fire while typing', async ({ page }) => {
  await signIn(page, 'reviewer@factdesk.test');
  await page.getByTestId('claim-row').getByRole('link').first().click();
  await page.getByRole('textbox', { name: /Reason/ }).fill('');
  await page.getByRole('textbox', { name: /Reason/ }).pressSequentially('123 jk');
  await expect(page.getByRole('textbox', { name: /Reason/ })).toHaveValue('123 jk');
  await expect(page.getByRole('radio', { name: /Verified/ })).not.toBeChecked();
});

test('a viewer sees the verdict and history but no controls to change them', async ({ page }) => {
  await signIn(page, 'viewer@factdesk.test');
  await page.getByTestId('claim-row').getByRole('link').first().click();
  await expect(page.getByTestId('current-verdict')).toBeVisible();
  await expect(page.getByTestId('read-only-note')).toBeVisible();
  await expect(page.getByTestId('verdict-panel')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save verdict' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Post comment' })).toHaveCount(0);
  await expect(page.getByTestId('queue-link')).toHaveCount(0);
  await page.keyboard.press('1');
  await expect(page.getByRole('radio')).toHaveCount(0);
});

test('only an editor is offered to return a claim to unreviewed, and the header names the role', async ({ browser }) => {
  for (const [email, role, offered] of [
    ['admin@factdesk.test', 'Editor', 1],
    ['reviewer@factdesk.test', 'Reviewer', 0],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email);
    await expect(page.getByTestId('current-user')).toContainText(role);
    await page.getByTestId('claim-row').getByRole('link').first().click();
    await expect(page.getByRole('radio', { name: /Verified/ })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Unreviewed/ }), email).toHaveCount(offered);
    await context.close();
  }
});

test("a stale-version conflict shows the other reviewer's verdict and keeps my draft", async ({ browser, freshClaims }) => {
  const { fourGuards: claim } = await freshClaims('fourGuards');
  const a = await browser.newContext();
  const b = await browser.newContext();
  const pageA = await a.newPage();
  const pageB = await b.newPage();
  await signIn(pageA, 'reviewer@factdesk.test');
  await signIn(pageB, 'reviewer2@factdesk.test');

  await pageA.goto(`/claims/${claim.id}`);
  await pageB.goto(`/claims/${claim.id}`);

  // A starts drafting…
  await pageA.getByRole('radio', { name: /Verified/ }).check({ force: true });
  await pageA.getByRole('textbox', { name: /Reason/ }).fill('EFE and EVTV both report four guardsmen.');

  // …while B decides first.
  await pageB.getByRole('radio', { name: /Outdated/ }).check({ force: true });
  await pageB.getByRole('textbox', { name: /Reason/ }).fill('Later reports put the total above 100.');
  await pageB.getByRole('button', { name: 'Save verdict' }).click();
  await expect(pageB.getByTestId('current-verdict').getByTestId('status-badge')).toHaveAttribute('data-status', 'outdated');

  // A is warned live; saving anyway still goes through the version check (409).
  await expect(pageA.getByTestId('verdict-conflict')).toBeVisible();
  await pageA.getByRole('button', { name: 'Save verdict' }).click();
  const conflict = pageA.getByTestId('verdict-conflict');
  await expect(conflict).toContainText('Your draft below was not saved and is kept.');
  await expect(conflict).toContainText('Rui Reviewer changed this claim');
  await expect(conflict.getByTestId('status-badge')).toHaveAttribute('data-status', 'outdated');
  await expect(conflict).toContainText('Later reports put the total above 100.');
  await expect(pageA.getByRole('textbox', { name: /Reason/ })).toHaveValue('EFE and EVTV both report four guardsmen.');
  await expect(pageA.getByRole('radio', { name: /Verified/ })).toBeChecked();
  await pageA.screenshot({ path: 'e2e/screenshots/verdict-conflict.png', fullPage: true });

  // Re-applying is a deliberate act, made against the version A has now seen.
  await conflict.getByRole('button', { name: /Save my verdict over version/ }).click();
  await expect(pageA.getByTestId('current-verdict').getByTestId('status-badge')).toHaveAttribute('data-status', 'verified');
  await expect(pageA.getByTestId('claim-history').locator('li').first()).toContainText('Rita Reviewer marked it verified (was outdated)');
  await a.close();
  await b.close();
});

test('comments and assignment: an editor assigns, the reviewer sees it in their queue and discusses it', async ({ browser, freshClaims }) => {
  const { portuguese: claim } = await freshClaims('portuguese');
  // The reviewer's queue may hold claims of other tests: count from what it holds now.
  const reviewer = await (await browser.newContext()).newPage();
  await signIn(reviewer, 'reviewer@factdesk.test');
  await expect(reviewer.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
  const queued = Number(await reviewer.getByTestId('queue-count').textContent());

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@factdesk.test');
  await admin.goto(`/claims/${claim.id}`);
  await admin.getByLabel('Assigned to').selectOption({ label: 'Rita Reviewer' });
  await expect(admin.getByTestId('claim-history').locator('li').first()).toContainText('Ana Admin assigned it to Rita Reviewer');

  await expect(reviewer.getByTestId('queue-count')).toHaveText(String(queued + 1));
  await reviewer.getByTestId('queue-link').click();
  await expect(reviewer).toHaveURL(/assigned=me/);
  const row = reviewer.locator(`[data-testid="claim-row"][data-claim-id="${claim.id}"]`);
  await row.getByRole('link').click();
  await reviewer.getByLabel('Add a comment').fill('<script>alert(1)</script> Which count is the 23 — soldiers or police?');
  await reviewer.getByRole('button', { name: 'Post comment' }).click();
  await expect(reviewer.getByTestId('comments')).toContainText('<script>alert(1)</script> Which count is the 23');
});

test('the audit trail page lists events with filters', async ({ page, browser, freshClaims }) => {
  // A verdict of this test's own is among the events.
  const { portuguese: claim } = await freshClaims('portuguese');
  const reason = `Audit check ${claim.id}: the 60 are confirmed by Migración Colombia.`;
  const reviewer = await browser.newContext();
  const reviewerPage = await reviewer.newPage();
  await signIn(reviewerPage, 'reviewer@factdesk.test');
  const saved = await reviewerPage.request.post(`/api/claims/${claim.id}/verdict`, {
    data: { status: 'verified', reason, evidence: [], expectedVersion: claim.version },
  });
  expect(saved.status()).toBe(200);
  await reviewer.close();

  await signIn(page, 'viewer@factdesk.test');
  await page.getByRole('link', { name: 'Audit trail' }).click();
  // The one table the reader sees: while the page streams in, React may still hold a hidden copy.
  const table = page.getByTestId('audit-table').filter({ visible: true });
  await expect(table).toBeVisible();
  await page.getByLabel('Action').selectOption('claim.verdict_set');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/action=claim.verdict_set/);
  const rows = table.locator('tbody tr');
  // Rows speak in words (issue 32 item 18): a claim verdict reads "… marked it verified".
  await expect(rows.first()).toContainText(' marked it ');
  await expect(rows.filter({ hasText: reason })).toHaveCount(1);
  for (const text of await rows.allTextContents()) expect(text).toMatch(/ marked it (verified|disputed|outdated|unreviewed)/);
  await page.screenshot({ path: 'e2e/screenshots/audit.png', fullPage: true });
});

test('a save that gets no answer says so within 20 s, keeps the draft, and confirms itself when the verdict lands late', async ({ page, freshClaims }) => {
  const { bulgarian: claim } = await freshClaims('bulgarian');
  // The page saves over its live socket: the save is held past the browser's 20 s limit, then carried out.
  const held = await holdSocketEvent(page, 'verdict:set');
  await signIn(page, 'reviewer@factdesk.test');
  await page.goto(`/claims/${claim.id}`);
  await expect(page.getByTestId('verdict-panel')).toBeVisible();
  await expect(page.getByTestId('connection-status')).toContainText('Live');

  await page.getByRole('radio', { name: /Disputed/ }).check({ force: true });
  const reason = 'Bulgarian outlets repeat the Colombian figure without a source.';
  await page.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await page.getByRole('button', { name: 'Save verdict' }).click();

  const error = page.getByTestId('verdict-error');
  await expect(error).toContainText('has not answered for 20 seconds', { timeout: 30_000 });
  await expect(error).toContainText('Your draft is kept');
  await expect(page.getByRole('textbox', { name: /Reason/ })).toHaveValue(reason);
  await expect(page.getByRole('button', { name: 'Save verdict' })).toBeEnabled();
  await page.screenshot({ path: 'e2e/screenshots/verdict-timeout.png', fullPage: true });

  // The request is carried out after all: its live event confirms the save.
  held.release();
  await expect(page.getByText(/Saved: disputed \(version \d+\), confirmed after a delay\./)).toBeVisible();
  await expect(error).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /Reason/ })).toHaveValue('');
  const current = page.getByTestId('current-verdict');
  await expect(current.getByTestId('status-badge')).toHaveAttribute('data-status', 'disputed');
  await expect(current).toContainText(reason);
});

test('with the live connection refused, a verdict still saves over HTTP, with the same version check', async ({ page, freshClaims }) => {
  const { bulgarian: claim } = await freshClaims('bulgarian');
  await refuseSocket(page);
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/claims/${claim.id}/verdict`)) posted.push(r.url());
  });
  await signIn(page, 'reviewer@factdesk.test');
  await page.goto(`/claims/${claim.id}`);
  await expect(page.getByTestId('verdict-panel')).toHaveAttribute('data-shortcuts', 'ready');
  await expect(page.getByTestId('connection-status')).not.toContainText('Live');

  await page.getByRole('radio', { name: /Verified/ }).check({ force: true });
  await page.getByRole('textbox', { name: /Reason/ }).fill('Matches the figure Migración Colombia published that day.');
  await page.getByRole('button', { name: 'Save verdict' }).click();
  await expect(page.getByText(/Saved: verified \(version 2\)\./)).toBeVisible();
  expect(posted).toHaveLength(1);
  await page.screenshot({ path: 'e2e/screenshots/verdict-saved-over-http.png', fullPage: true });
});

test('a comment whose post times out but lands later is not left in the box to be posted twice', async ({ page, freshClaims }) => {
  const { bulgarian: claim } = await freshClaims('bulgarian');
  await signIn(page, 'reviewer2@factdesk.test');
  await page.goto(`/claims/${claim.id}`);
  await expect(page.getByTestId('connection-status')).toContainText('Live');
  const held = await holdRequests(page, '**/api/claims/*/comments');

  const text = `Asked the Sofia desk for their source (${Date.now()}).`;
  await page.getByRole('textbox', { name: /comment/i }).fill(text);
  await page.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByText('has not answered for 20 seconds')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: /comment/i })).toHaveValue(text);

  held.release();
  await expect(page.getByTestId('comment-body').filter({ hasText: text })).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: /comment/i })).toHaveValue('');
  await expect(page.getByText('has not answered for 20 seconds')).toHaveCount(0);
});

test('the audit page names the claim, speaks in words, hides sign-ins with one switch, and offers the bundle', async ({ page, freshClaims }) => {
  const { bulgarian } = await freshClaims('bulgarian');
  await signIn(page, 'admin@factdesk.test');
  const res = await page.request.post(`/api/claims/${bulgarian.id}/verdict`, {
    data: { status: 'disputed', reason: 'Audit page check: no source for 104.', evidence: [], expectedVersion: bulgarian.version },
  });
  expect(res.status()).toBe(200);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/audit?claimId=${bulgarian.id}`);
  const rows = page.getByTestId('audit-row');
  const verdict = rows.filter({ hasText: 'marked it disputed' });
  await expect(verdict.getByTestId('audit-claim-link')).toHaveText(`“${bulgarian.title}”`);
  await expect(verdict.locator('[data-action="claim.verdict_set"]')).toHaveText('Claim verdict set');
  await expect(page.getByLabel('Action').locator('option[value="claim.verdict_set"]')).toHaveText('Claim verdict set');

  // One switch hides sign-ins and keeps the other filters.
  await page.goto('/audit');
  await expect(page.locator('[data-action="auth.login_succeeded"]').first()).toBeVisible();
  // A person clicks the switch's label (the checkbox itself is visually hidden behind the drawn track).
  await page.getByText('Hide sign-ins', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]signIns=hide/);
  await expect(page.getByRole('switch', { name: 'Hide sign-ins' })).toBeChecked();
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('[data-action^="auth.login"]')).toHaveCount(0);

  // An editor downloads the verifiable bundle from the page.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the verifiable bundle' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^factdesk-audit-\d+-\d+\.jsonl$/);

  await page.goto(`/audit?claimId=${bulgarian.id}`);
  await desktopAndPhone(page, 'audit');
});
