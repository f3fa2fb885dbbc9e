import type { Page } from '@playwright/test';
import { signIn } from './support/auth';
import { expect, test } from './support/fixtures';

// Payloads that would run if any of them reached the DOM as markup.
const SCRIPT = '<script>window.__pwned = "script"; alert("script")</script>';
const HANDLER = "<img src=x onerror=\"window.__pwned='img'; alert('img')\"><svg onload=\"window.__pwned='svg'\">";
const ATTRIBUTE = '" autofocus onfocus="window.__pwned=\'attr\'" x="';
const JS_TEXT = 'javascript:window.__pwned="href"';
const RLO_REASON = 'Source: \u202Eevil.exe';

type Watch = { dialogs: string[]; consoleErrors: string[] };

/** Records dialogs, CSP violations and console errors; the payloads would set window.__pwned. */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { dialogs: [], consoleErrors: [] };
  page.on('dialog', (d) => {
    w.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (m.type() === 'error') w.consoleErrors.push(m.text());
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as Window & { __csp?: string[] }).__csp = violations;
    document.addEventListener('securitypolicyviolation', (e) =>
      violations.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  return w;
}

async function expectNothingRan(page: Page, w: Watch) {
  expect(await page.evaluate(() => (window as Window & { __pwned?: string }).__pwned)).toBeUndefined();
  expect(w.dialogs).toEqual([]);
  expect(await page.locator('img[src="x"], svg[onload], [onerror], [onfocus]').count()).toBe(0);
}

/** The app itself runs under its CSP without a single violation (hydration, fonts, styles, websocket). */
async function expectNoCspViolations(page: Page, w: Watch) {
  expect(await page.evaluate(() => (window as Window & { __csp?: string[] }).__csp)).toEqual([]);
  expect(w.consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
}

test('hostile text stored through the API is shown as inert text on the claim and audit pages, live and after reload', async ({
  page,
  browser,
  freshClaims,
}) => {
  const { portuguese: claim } = await freshClaims('portuguese');
  const w = await watch(page);
  await signIn(page, 'reviewer@factdesk.test');
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');

  // A viewer already has the claim open: the comment arrives over the websocket.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  const vw = await watch(viewer);
  await signIn(viewer, 'viewer@factdesk.test');
  await viewer.goto(`/claims/${claim.id}`);
  await expect(viewer.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');

  // Refused: scripting URLs as evidence links, NUL characters, 1 MB bodies.
  const bad = await page.request.post(`/api/claims/${claim.id}/verdict`, {
    data: { status: 'disputed', reason: 'x', evidence: [{ url: 'javascript:alert(1)', label: 'x' }], expectedVersion: claim.version },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ error: { message: 'evidence.0.url: Evidence links must be http:// or https:// addresses.' } });
  const nul = await page.request.post(`/api/claims/${claim.id}/comments`, { data: { body: 'a\u0000b' } });
  expect(nul.status()).toBe(400);
  expect(await nul.json()).toMatchObject({ error: { message: 'body: Text cannot contain NUL characters (U+0000).' } });
  const huge = await page.request.post(`/api/claims/${claim.id}/comments`, { data: { body: 'x'.repeat(1024 * 1024) } });
  expect(huge.status()).toBe(413);
  expect(await huge.json()).toMatchObject({ error: { message: expect.stringMatching(/at most 256 KB/) } });

  // Stored faithfully.
  // The override comes last, right before the closing quote the history puts around it.
  const reason = [SCRIPT, HANDLER, ATTRIBUTE, RLO_REASON].join('\n');
  const saved = await page.request.post(`/api/claims/${claim.id}/verdict`, {
    data: {
      status: 'disputed',
      reason,
      evidence: [
        { url: 'https://example.org/a', label: SCRIPT },
        { url: 'https://example.org/b', label: `${JS_TEXT} ${RLO_REASON}` },
      ],
      expectedVersion: claim.version,
    },
  });
  expect(saved.status()).toBe(200);
  expect(await saved.json()).toMatchObject({ reason });
  const posted = await page.request.post(`/api/claims/${claim.id}/comments`, { data: { body: `${HANDLER} ${RLO_REASON} ${SCRIPT}` } });
  expect(posted.status()).toBe(201);

  // Live on the viewer's page: shown as text, nothing ran.
  await expect(viewer.getByTestId('comment-body').last()).toHaveText(`${HANDLER} ${RLO_REASON} ${SCRIPT}`);
  await expectNothingRan(viewer, vw);

  // After a full load of the claim page.
  await page.goto(`/claims/${claim.id}`);
  const current = page.getByTestId('current-verdict');
  await expect(page.getByTestId('verdict-reason')).toHaveText(reason, { useInnerText: false });
  await expect(current.getByRole('link', { name: SCRIPT })).toHaveAttribute('href', 'https://example.org/a');
  await expect(current.getByRole('link').nth(1)).toHaveAttribute('href', 'https://example.org/b');
  await expect(page.getByTestId('comment-body').last()).toHaveText(`${HANDLER} ${RLO_REASON} ${SCRIPT}`);
  await expectNothingRan(page, w);

  // The RTL override stays inside the user's text: in the history line “reason”,
  // the closing quote is still drawn after (to the right of) the reason.
  const layout = await page
    .getByTestId('history-reason')
    .first()
    .evaluate((p) => {
      const bdi = p.querySelector('bdi')!;
      const quote = document.createRange();
      const last = p.lastChild!;
      quote.setStart(last, 0);
      quote.setEnd(last, 1);
      const first = document.createRange();
      first.setStart(p.firstChild!, 0);
      first.setEnd(p.firstChild!, 1);
      const textRects = Array.from(bdi.getClientRects());
      return {
        open: first.getBoundingClientRect().right,
        close: quote.getBoundingClientRect().left,
        closeText: last.textContent,
        firstLine: textRects[0]!.left,
        lastLine: textRects[textRects.length - 1]!.right,
        isolation: getComputedStyle(bdi).unicodeBidi,
      };
    });
  expect(layout.closeText).toBe('”');
  expect(layout.isolation).toBe('isolate');
  expect(layout.open).toBeLessThanOrEqual(layout.firstLine + 1);
  expect(layout.close).toBeGreaterThanOrEqual(layout.lastLine - 1);
  // Blocks of user text are isolated too (dir="auto").
  for (const id of ['verdict-reason', 'comment-body']) {
    expect(
      await page
        .getByTestId(id)
        .last()
        .evaluate((e) => [e.getAttribute('dir'), getComputedStyle(e).unicodeBidi]),
    ).toEqual(['auto', 'isolate']);
  }
  await page.screenshot({ path: 'e2e/screenshots/security-claim.png', fullPage: true });

  // The audit trail shows the same text, inert.
  await page.goto(`/audit?claimId=${claim.id}`);
  await expect(page.getByTestId('audit-reason').first()).toContainText('Source: \u202Eevil.exe');
  await expectNothingRan(page, w);
  await page.screenshot({ path: 'e2e/screenshots/security-audit.png', fullPage: true });

  await expectNoCspViolations(page, w);
  await expectNoCspViolations(viewer, vw);
  await viewerContext.close();
});

test('every page runs under its CSP with no violations, and markup injected anyway cannot run script', async ({ page }) => {
  const w = await watch(page);
  await page.goto('/login');
  const loginCsp = (await page.request.get('/login')).headers()['content-security-policy'] ?? '';
  expect(loginCsp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  await signIn(page, 'admin@factdesk.test');
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
  await page.getByTestId('claim-row').getByRole('link').first().click();
  await expect(page.getByTestId('verdict-panel')).toBeVisible();
  // An export signs the chain's head; the editor's audit page then shows it proven up to that checkpoint.
  expect((await page.request.get('/api/audit/export?from=1&to=1')).status()).toBe(200);
  await page.goto('/audit');
  // The one table the reader sees: while the page streams in, React may still hold a hidden copy.
  await expect(page.getByTestId('audit-table').filter({ visible: true })).toBeVisible();
  await expect(page.getByTestId('audit-verification').filter({ visible: true })).toContainText(
    /Verified: all \d+ events hash-link, and events 1–\d+ match the checkpoint signed/,
  );
  await page.screenshot({ path: 'e2e/screenshots/audit-verified.png' });
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectNoCspViolations(page, w);

  // Suppose a bug let markup through: the browser still refuses to run it
  // (event handlers, javascript: links, script in a frame).
  await page.goto('/');
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      'afterbegin',
      [
        '<img src="data:," onerror="window.__pwned=\'handler\'" onload="window.__pwned=\'handler\'">',
        '<a id="js-link" href="javascript:window.__pwned=\'href\'">link</a>',
        '<iframe srcdoc="<script>parent.__pwned=\'frame\'</script>"></iframe>',
      ].join(''),
    );
  });
  await page.locator('#js-link').click();
  await expect.poll(() => page.evaluate(() => (window as Window & { __csp?: string[] }).__csp?.length ?? 0)).toBeGreaterThanOrEqual(3);
  expect(await page.evaluate(() => (window as Window & { __pwned?: string }).__pwned)).toBeUndefined();
  const violations = ((await page.evaluate(() => (window as Window & { __csp?: string[] }).__csp)) ?? []).join('\n');
  expect(violations).toMatch(/script-src-attr/);
  expect(violations).toMatch(/script-src-elem inline|script-src inline/);
});

test('the app cannot be framed by another site', async ({ page, baseURL }) => {
  const desk = new URL('/login', baseURL).toString();
  const res = await page.request.get(desk);
  expect(res.headers()['x-frame-options']).toBe('DENY');
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  // The framing page is the test page's own blank document: another origin than
  // the desk's, on this machine. (A page Playwright serves under a made-up name
  // counts as one from the internet, and Chromium's local-network checks would
  // refuse the frame before the desk's headers were even read.) Beside the desk,
  // a frame of its own shows that a frame that may load does.
  const blocked = page.waitForEvent('requestfailed', { predicate: (r) => r.url() === desk, timeout: 10_000 });
  const refusal = page.waitForEvent('console', { predicate: (m) => m.type() === 'error' && m.text().includes('frame-ancestors'), timeout: 10_000 });
  await page.setContent(`<iframe id="desk" src="${desk}"></iframe><iframe id="own" srcdoc="<p>The framing page's own frame</p>"></iframe>`);

  // The browser got the desk's answer and refused to show it, because of those headers…
  expect((await blocked).failure()?.errorText).toBe('net::ERR_BLOCKED_BY_RESPONSE');
  expect((await refusal).text()).toContain(`violates the following Content Security Policy directive: "frame-ancestors 'none'"`);
  // …so the frame holds Chromium's error page, with nothing of the desk, while the other frame loads.
  const deskFrame = async () => (await page.locator('iframe#desk').elementHandle()).contentFrame();
  await expect.poll(async () => (await deskFrame())?.url()).toBe('chrome-error://chromewebdata/');
  await expect(page.frameLocator('#desk').getByText('Sign in to the fact-checking desk')).toHaveCount(0);
  await expect(page.frameLocator('#desk').getByLabel('Email')).toHaveCount(0);
  await expect(page.frameLocator('#own').getByText("The framing page's own frame")).toBeVisible();
});

test('invisible characters in an imported article show as marked chips and flag the claim, never reordering the text', async ({ page }) => {
  await signIn(page, 'reviewer@factdesk.test');
  // Unique per run: the same text twice would be a duplicate.
  const run = Date.now().toString(36);
  const title = `\u202e021\u202c Venezuelan soldiers crossed at Cúcuta ${run}`;
  const text = `${title}\n\nOfficials counted \u202e021\u202c soldiers at the bridge\u200b on Saturday, the migration office said in run ${run}.`;
  const res = await page.request.post('/api/articles', { data: { preview: false, articles: [{ text }] } });
  expect(res.ok()).toBe(true);
  const { results } = (await res.json()) as { results: { outcome: string; claimId: string | null }[] };
  expect(results[0]?.outcome).toBe('created');

  await page.goto(`/claims/${results[0]?.claimId ?? ''}`);
  const heading = page.locator('#claim-title');
  await expect(heading).toContainText(`RLO021PDF Venezuelan soldiers`);
  await expect(heading.getByRole('img', { name: 'right-to-left override, U+202E' })).toBeVisible();
  await expect(page.getByTestId('claim-body').getByTestId('invisible-char')).toHaveText(['RLO', 'PDF', 'ZWSP']);
  await expect(page.getByTestId('hidden-characters')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/invisible-characters.png' });
  // The control itself never reaches the DOM, so nothing after it is reordered ("120").
  for (const html of [await heading.innerHTML(), await page.getByTestId('claim-body').innerHTML()]) expect(html).not.toMatch(/\p{Cf}/u);

  await page.goto(`/?q=${run}`);
  const row = page.getByTestId('claim-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('hidden-characters')).toBeVisible();
  await expect(row.getByTestId('claim-title')).toContainText('RLO021PDF Venezuelan soldiers');
});
