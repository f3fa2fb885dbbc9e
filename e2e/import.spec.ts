// The Add articles page (issue 11): an editor uploads three files at once (one
// already on the desk, one in Arabic, one new) and pastes a fourth article,
// previews them, imports, and sees every outcome; a reviewer in another
// browser sees the new claims join the list without a reload; a viewer gets
// neither the link nor the form. The articles' headlines carry a tag of the
// test's own, so their titles are unique on the shared desk.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SEED_ARTICLES, taggedText } from '../tests/support/fresh-claims';
import { signIn } from './support/auth';
import { expect, test } from './support/fixtures';

const ROOT = path.resolve(import.meta.dirname, '..');
const fixture = (name: string) => readFileSync(path.join(ROOT, 'tests/fixtures/import', name), 'utf8');
/** The tag at the end of the headline line: an Arabic headline still starts right-to-left. */
const tagHeadline = (text: string, tag: string) => text.replace(/^(.+)$/m, `$1 ${tag}`);

/**
 * The whole page on a laptop and on a 390 px phone, shot with a window as tall
 * as the page (a full-page shot would leave the sticky header and action bar
 * where the window was), and the phone's first screenfuls one by one, readable at full size.
 */
async function screenshots(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const tall = async (width: number) => {
    await page.setViewportSize({ width, height: 800 });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height });
    return height;
  };
  await tall(size.width);
  await page.screenshot({ path: `e2e/screenshots/import-${name}-desktop.png` });
  const phone = { width: 390, height: 844 };
  const height = await tall(phone.width);
  await page.screenshot({ path: `e2e/screenshots/import-${name}-phone.png` });
  // Nothing wider than the phone: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  for (let part = 0; part < Math.min(6, Math.ceil(height / phone.height)); part++) {
    const clip = { x: 0, y: part * phone.height, width: phone.width, height: Math.min(phone.height, height - part * phone.height) };
    await page.screenshot({ path: `e2e/screenshots/import-${name}-phone-${part + 1}.png`, clip });
  }
  await page.setViewportSize(size);
}

test('an editor previews and imports uploaded and pasted articles; a reviewer sees the new claims arrive live', async ({ browser, freshClaims }) => {
  // A claim of the test's own, whose exact text the editor then uploads again.
  const { tag, fourGuards: existing } = await freshClaims('fourGuards');
  const seedText = readFileSync(path.join(ROOT, 'seeds', `${SEED_ARTICLES.fourGuards}.txt`), 'utf8');
  const editor = await (await browser.newContext()).newPage();
  const reviewer = await (await browser.newContext()).newPage();
  await signIn(editor, 'admin@factdesk.test');
  await signIn(reviewer, 'reviewer@factdesk.test');
  await reviewer.goto('/');
  await expect(reviewer.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
  // A search only the server can run: the list offers to show what was imported instead of guessing.
  const searching = await reviewer.context().newPage();
  await searching.goto(`/?q=${tag}`);
  await expect(searching.getByTestId('claim-row')).toHaveCount(1);
  await expect(searching.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
  await reviewer.evaluate(() => {
    (window as Window & { __marker?: number }).__marker = 11;
  });

  await editor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add articles' }).click();
  await expect(editor).toHaveTitle('Add articles · Factdesk');
  await expect(editor.getByTestId('no-articles')).toBeVisible();

  // Three files at once through the picker, plus one the browser turns away and one removed again.
  const chooser = editor.waitForEvent('filechooser');
  await editor.getByRole('button', { name: 'Choose files…' }).click();
  await (
    await chooser
  ).setFiles([
    { name: 'guards-again.txt', mimeType: 'text/plain', buffer: Buffer.from(taggedText(seedText, tag)) },
    { name: 'desalination-ar.txt', mimeType: 'text/plain', buffer: Buffer.from(tagHeadline(fixture('desalination-ar.txt'), tag)) },
    { name: 'eastgate-bridge.md', mimeType: 'text/markdown', buffer: Buffer.from(tagHeadline(fixture('eastgate-bridge.md'), tag)) },
    { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
    { name: 'draft.txt', mimeType: 'text/plain', buffer: Buffer.from('Not this one.') },
  ]);
  await expect(editor.getByTestId('file-problems')).toHaveText('scan.pdf: only .txt, .md, .html and .htm files can be added.');
  const cards = editor.getByTestId('article-card');
  await expect(cards).toHaveCount(4);
  await editor.getByRole('button', { name: 'Remove draft.txt' }).click();
  await expect(cards).toHaveCount(3);

  // The paste tab, reached with the arrow key from the selected tab.
  await editor.getByRole('tab', { name: 'Upload files' }).focus();
  await editor.keyboard.press('ArrowRight');
  await expect(editor.getByRole('tab', { name: 'Paste text' })).toHaveAttribute('aria-selected', 'true');
  await expect(editor.getByRole('tab', { name: 'Paste text' })).toBeFocused();
  await editor.getByLabel('Article text').fill(tagHeadline(fixture('wildfire-es.txt'), tag));
  await editor.getByLabel('Outlet (optional)').fill('Diario de la Sierra');
  await editor.getByLabel('Published date (optional)').fill('2026-08-14');
  // The language is picked by name, never typed as a code.
  await editor.getByLabel('Language (optional)').selectOption({ label: 'Spanish' });
  await editor.getByRole('button', { name: 'Add to the list' }).click();
  await expect(cards).toHaveCount(4);

  await editor.getByRole('button', { name: 'Preview 4 articles' }).click();
  await expect(editor.getByTestId('summary-text')).toHaveText('Preview: 3 new, 1 duplicate, 0 near-duplicates, 0 cannot be imported. Nothing is written yet.');
  const card = (label: string | RegExp) => cards.filter({ has: editor.getByTestId('article-label').getByText(label) });

  const arabic = card('desalination-ar.txt');
  await expect(arabic.getByTestId('preview-excerpt')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.getByTestId('preview-excerpt')).toContainText('أعلنت وزارة الموارد المائية');
  await expect(arabic.getByLabel('Language')).toHaveValue('ar');
  await expect(arabic.getByTestId('preview-language')).toContainText(/Arabic: detected, \d+% confidence/);
  await expect(arabic.getByLabel('Title')).toHaveValue(`افتتاح محطة جديدة لتحلية مياه البحر لتخفيف أزمة العطش في المدن الساحلية ${tag}`);

  const duplicate = card('guards-again.txt');
  await expect(duplicate.getByTestId('preview-duplicate')).toContainText('Already on the desk:');
  await expect(duplicate.getByTestId('claim-link')).toHaveAttribute('href', `/claims/${existing.id}`);
  await expect(duplicate.getByLabel('Title')).toHaveCount(0); // nothing to import, nothing to correct

  const english = card('eastgate-bridge.md');
  await expect(english.getByTestId('preview-excerpt')).toHaveAttribute('dir', 'ltr');
  await expect(english.getByLabel('Language')).toHaveValue('en');
  // The editor corrects a title before importing.
  const corrected = `Eastgate swing bridge to close for eight months ${tag}`;
  await english.getByLabel('Title').fill(corrected);

  const pasted = card(/Pasted: /);
  await expect(pasted.getByLabel('Language')).toHaveValue('es');
  await expect(pasted.getByTestId('preview-language')).toContainText('Spanish: as you gave it');
  await expect(pasted.getByLabel('Outlet', { exact: true })).toHaveValue('Diario de la Sierra');
  await expect(pasted.getByLabel('Published date', { exact: true })).toHaveValue('2026-08-14');

  // Outlet, address and date: the batch's fill the articles that have none, an article's own wins.
  const batch = editor.getByTestId('batch-fields');
  await batch.getByLabel('Outlet').fill('Eastgate Courier');
  await batch.getByLabel('Published date').fill('2026-08-10');
  await expect(english.getByTestId('article-facts')).toContainText('From the batch: 2026-08-10');
  await expect(english.getByTestId('article-facts')).toContainText('From the batch: Eastgate Courier');
  await arabic.getByLabel('Published date', { exact: true }).fill('2026-08-12');
  await expect(pasted.getByTestId('article-facts')).not.toContainText('From the batch');
  await screenshots(editor, 'preview');

  await editor.getByRole('button', { name: 'Import 3 articles' }).click();
  await expect(editor.getByTestId('summary-text')).toHaveText('Import finished: 3 claims created, 1 duplicate, 0 near-duplicates skipped, 0 refused.');
  const outcomes = editor.getByTestId('outcome');
  await expect(outcomes).toHaveCount(4);
  const outcome = (label: string | RegExp) => outcomes.filter({ hasText: label });
  await expect(outcome('guards-again.txt')).toHaveAttribute('data-outcome', 'duplicate');
  await expect(outcome('guards-again.txt').getByRole('link')).toHaveAttribute('href', `/claims/${existing.id}`);
  await expect(outcome('eastgate-bridge.md').getByRole('link')).toHaveText(corrected);

  const created: string[] = [];
  for (const label of ['desalination-ar.txt', 'eastgate-bridge.md', /Pasted: /]) {
    await expect(outcome(label)).toHaveAttribute('data-outcome', 'created');
    const href = await outcome(label).getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/claims\/[0-9a-f-]{36}$/);
    created.push(href!.slice('/claims/'.length));
  }
  await screenshots(editor, 'outcomes');

  // The reviewer's list gained the three claims, at the top, marked new: same document, no reload.
  for (const id of created) {
    const row = reviewer.locator(`[data-testid="claim-row"][data-claim-id="${id}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('new-row')).toHaveText('New');
  }
  await expect(reviewer.locator(`[data-testid="claim-row"][data-claim-id="${created[1]}"]`)).toContainText(corrected);
  await expect(reviewer.getByTestId('added-live')).toHaveText('3 new claims added at the top of the list.');
  expect(await reviewer.evaluate(() => (window as Window & { __marker?: number }).__marker)).toBe(11);
  await expect(searching.getByText('3 new claims were imported.')).toBeVisible();
  await searching.getByRole('button', { name: 'Show' }).click();
  await expect(searching.getByTestId('claim-row')).toHaveCount(4);
  // After a reload the rows say where each article came from, not its source key.
  await reviewer.reload();
  await expect(reviewer.locator(`[data-testid="claim-row"][data-claim-id="${created[0]}"]`).getByTestId('claim-origin')).toHaveText(
    'Eastgate Courier · desalination-ar.txt',
  );
  await expect(reviewer.locator(`[data-testid="claim-row"][data-claim-id="${created[2]}"]`).getByTestId('claim-origin')).toHaveText('Diario de la Sierra');

  // The claim page shows what the editor corrected and the Arabic claim's language.
  await editor.getByRole('link', { name: corrected }).click();
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText(corrected);
  await expect(editor.getByTestId('claim-meta')).toContainText('Eastgate Courier');
  await expect(editor.getByTestId('claim-meta')).toContainText('Published 10 Aug 2026');
  await editor.goto(`/claims/${created[0]}`);
  await expect(editor.getByTestId('claim-language')).toContainText('Arabic');
  await expect(editor.getByTestId('claim-origin')).toHaveText('Eastgate Courier · desalination-ar.txt');
  await expect(editor.getByTestId('claim-meta')).toContainText('Published 12 Aug 2026');
  await editor.goto(`/claims/${created[2]}`);
  await expect(editor.getByTestId('claim-meta')).toContainText('Diario de la Sierra');
  await expect(editor.getByTestId('claim-meta')).toContainText('Published 14 Aug 2026');
});

test('a viewer gets no Add articles link, and the page and the API refuse them', async ({ page }) => {
  await signIn(page, 'viewer@factdesk.test');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Claims' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add articles' })).toHaveCount(0);
  await page.goto('/articles/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your role cannot add articles');
  await expect(page.getByRole('button', { name: 'Choose files…' })).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
  const res = await page.request.post('/api/articles', { data: { preview: true, articles: [{ text: 'A viewer tries to add an article anyway.' }] } });
  expect(res.status()).toBe(403);
});

test('the browser turns away a file over 2 MB; a failed request says why and can be sent again; a refused address says why', async ({ page }) => {
  await signIn(page, 'reviewer@factdesk.test');
  // A proxy in front of the desk refuses the first request with its own error page.
  let refuse = true;
  await page.route('**/api/articles', async (route) => {
    if (!refuse) return route.continue();
    refuse = false;
    return route.fulfill({ status: 413, contentType: 'text/html', body: '<h1>413 Request Entity Too Large</h1>' });
  });
  await page.goto('/articles/new');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await (await chooser).setFiles([{ name: 'archive.txt', mimeType: 'text/plain', buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 'a') }]);
  await expect(page.getByTestId('file-problems')).toHaveText('archive.txt: it is 2.0 MB, and files are limited to 2 MB.');
  await expect(page.getByTestId('article-card')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Paste text' }).click();
  await page.getByLabel('Article text').fill(`Ferry timetable changes from Monday ${Date.now()}\n\n${fixture('eastgate-bridge.md').split('\n\n')[1]}`);
  await page.getByRole('button', { name: 'Add to the list' }).click();
  await page.getByRole('button', { name: 'Preview 1 article' }).click();
  const card = page.getByTestId('article-card');
  await expect(card.getByTestId('article-error')).toContainText('This is larger than Factdesk accepts: files of up to 2 MB each, 50 at a time.');
  await expect(card.getByTestId('article-state')).toHaveText('Not sent');
  await card.getByRole('button', { name: 'Try again' }).click();
  await expect(card.getByTestId('article-state')).toHaveText('New');
  await expect(card.getByLabel('Title')).toHaveValue(/^Ferry timetable changes from Monday \d+$/);

  // An address the server will not fetch (this desk runs without IMPORT_ALLOW_PRIVATE_NETWORKS): one sentence says why.
  await page.getByRole('tab', { name: 'From a URL' }).click();
  await page.getByLabel('Article address').fill('http://127.0.0.1/news/ferry');
  await page.getByRole('button', { name: 'Add to the list' }).click();
  await page.getByRole('button', { name: 'Preview 1 more' }).click();
  const address = page.getByTestId('article-card').filter({ hasText: 'http://127.0.0.1/news/ferry' });
  await expect(address.getByTestId('article-state')).toHaveText('Cannot be imported');
  await expect(address.getByTestId('preview-refusal')).toHaveText('127.0.0.1 is a loopback address, which Factdesk does not fetch.');
  await expect(page.getByRole('button', { name: 'Import 1 article' })).toBeEnabled();
});
