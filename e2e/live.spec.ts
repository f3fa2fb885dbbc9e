import { signIn } from './support/auth';
import { expect, test } from './support/fixtures';

test("two reviewers: A's verdict reaches B's list and claim page live, with presence and a warning on B's draft", async ({ browser, freshClaims }) => {
  // A claim no one has reviewed yet: this test's own.
  const { tag, colombia567: claim } = await freshClaims('colombia567');
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  await signIn(a, 'reviewer@factdesk.test');
  await signIn(b, 'reviewer2@factdesk.test');
  await a.goto(`/?q=${tag}`);
  await b.goto(`/?q=${tag}`);
  await expect(a.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
  await expect(b.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');

  const row = b.locator(`[data-testid="claim-row"][data-claim-id="${claim.id}"]`);
  await expect(row).toContainText('The Colombian authorities reported that 567');
  await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status', 'unreviewed');

  // A opens the claim: B's list shows A's presence on that row.
  await a.getByRole('link', { name: claim.title }).click();
  await expect(a.getByTestId('verdict-panel')).toBeVisible();
  await expect(row.getByTestId('presence')).toContainText('RR');

  // A decides; B's list updates in place, without a reload.
  await b.evaluate(() => {
    (window as Window & { __marker?: number }).__marker = 42;
  });
  await a.keyboard.press('2');
  await a.keyboard.type("Rubio's 567 is a five-day total; Migración Colombia did not confirm it.");
  await a.keyboard.press('Control+Enter');
  await expect(a.getByTestId('current-verdict').getByTestId('status-badge')).toHaveAttribute('data-status', 'disputed');
  await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status', 'disputed');
  await expect(b.getByTestId('change-notice').first()).toContainText('Rita Reviewer marked');
  expect(await b.evaluate(() => (window as Window & { __marker?: number }).__marker)).toBe(42); // same document: no reload
  await b.screenshot({ path: 'e2e/screenshots/live-list.png' });

  // B opens the claim and sees A there; A starts writing and B sees it.
  await row.getByRole('link').click();
  await expect(b.getByTestId('current-verdict').getByTestId('status-badge')).toHaveAttribute('data-status', 'disputed');
  await expect(b.getByTestId('presence')).toContainText('RR');
  // Rita and Rui are both "RR": the name shows on hover and on keyboard focus.
  const avatar = b.getByTestId('presence-avatar');
  const name = avatar.getByTestId('presence-name');
  await expect(name).toBeHidden();
  await avatar.hover();
  await expect(name).toBeVisible();
  await expect(name).toHaveText('Rita Reviewer is viewing');
  await b.mouse.move(0, 0);
  await expect(name).toBeHidden();
  await avatar.focus();
  await expect(name).toBeVisible();
  await expect(avatar).toHaveAccessibleName('Rita Reviewer is viewing');
  const size = b.viewportSize();
  for (const width of [1440, 390]) {
    await b.setViewportSize({ width, height: 500 });
    await b.screenshot({ path: `e2e/screenshots/presence-name-${width}.png` });
  }
  if (size) await b.setViewportSize(size);
  await a.keyboard.press('3');
  await a.keyboard.type('Also superseded by later counts');
  await expect(b.getByTestId('writing-indicator')).toHaveText('Rita is writing a verdict…');

  // B drafts; A's verdict lands before B submits: B's panel says so at once.
  await b.keyboard.press('1');
  await b.keyboard.type('The number matches the statement published that day.');
  await b.evaluate(() => {
    (window as Window & { __marker?: number }).__marker = 7;
  });
  await a.keyboard.press('Control+Enter');
  const warning = b.getByTestId('verdict-conflict');
  await expect(warning).toContainText('Rita Reviewer changed this claim while you were writing');
  await expect(warning.getByTestId('status-badge')).toHaveAttribute('data-status', 'outdated');
  await expect(warning).toContainText('Also superseded by later counts');
  await expect(b.getByRole('textbox', { name: /Reason/ })).toHaveValue('The number matches the statement published that day.');
  await expect(b.getByTestId('current-verdict').getByTestId('status-badge')).toHaveAttribute('data-status', 'outdated');
  await expect(b.getByTestId('claim-history').locator('li').first()).toContainText('Rita Reviewer marked it outdated');
  expect(await b.evaluate(() => (window as Window & { __marker?: number }).__marker)).toBe(7);
  await b.screenshot({ path: 'e2e/screenshots/live-claim-warning.png', fullPage: true });

  // A leaves: B's presence list empties within seconds.
  await a.close();
  await expect(b.getByTestId('presence')).toHaveCount(0, { timeout: 10_000 });
  await ctxA.close();
  await ctxB.close();
});

test('comments appear live for everyone on the claim', async ({ browser, freshClaims }) => {
  const { bulgarian: claim } = await freshClaims('bulgarian');
  const a = await (await browser.newContext()).newPage();
  const v = await (await browser.newContext()).newPage();
  await signIn(a, 'reviewer@factdesk.test');
  await signIn(v, 'viewer@factdesk.test');
  await a.goto(`/claims/${claim.id}`);
  await v.goto(`/claims/${claim.id}`);
  await expect(v.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
  await a.getByLabel('Add a comment').fill('CNN en Español and AFP agree on 104.');
  await expect(v.getByTestId('writing-indicator')).toHaveText('Rita is writing a comment…');
  await a.getByRole('button', { name: 'Post comment' }).click();
  await expect(v.getByTestId('comments')).toContainText('CNN en Español and AFP agree on 104.');
});

test('a comment that lands while the claim page is on its way appears without a reload', async ({ browser, freshClaims }) => {
  const { tag, portuguese: claim } = await freshClaims('portuguese');
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  await signIn(a, 'reviewer@factdesk.test');
  await signIn(b, 'viewer@factdesk.test');
  await b.goto(`/?q=${tag}`);
  await expect(b.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
  await b.evaluate(() => {
    (window as Window & { __marker?: number }).__marker = 7;
  });

  // B opens the claim; the server renders it at once, but its answer is held
  // until after A's comment has reached B's live connection: the page then
  // mounts with data older than a change the browser already applied.
  let rendered!: () => void;
  const renderedOnce = new Promise<void>((resolve) => (rendered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await b.route(
    (url) => url.pathname === `/claims/${claim.id}`,
    async (route) => {
      const headers = route.request().headers();
      if (headers.rsc !== '1' || headers['next-router-prefetch']) return route.continue();
      const response = await route.fetch();
      const body = await response.body();
      rendered();
      await released;
      await route.fulfill({ response, body });
    },
  );
  await b.getByRole('link', { name: claim.title }).click();
  await renderedOnce;

  const text = 'Posted while the page was on its way: 23 or 60?';
  const posted = await a.request.post(`/api/claims/${claim.id}/comments`, { data: { body: text } });
  expect(posted.status()).toBe(201);
  await expect(b.getByTestId('change-notice').first()).toContainText('commented on');

  release();
  await expect(b.getByTestId('comments')).toContainText(text);
  expect(await b.evaluate(() => (window as Window & { __marker?: number }).__marker)).toBe(7); // same document
  await b.screenshot({ path: 'e2e/screenshots/live-comment-during-navigation.png' });
  await ctxA.close();
  await ctxB.close();
});
