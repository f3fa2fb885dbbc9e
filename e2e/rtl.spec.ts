// Right-to-left articles (issue 11): an Arabic claim's title in the list and
// its text on the claim page run right to left and carry the language, while
// the desk around them stays left to right; the page shows what the article
// says about itself, and a near-duplicate says which claim it resembles.
import type { Locator, Page } from '@playwright/test';
import { signIn } from './support/auth';
import { expect, test } from './support/fixtures';

const HEADLINE = 'انشقاق عشرات الجنود الفنزويليين وعبورهم إلى كولومبيا';
const PHONE = { width: 390, height: 844 };

/** How far the text's last line stays from its box's left and right edges (right-aligned text ends at the right edge). */
async function lastLineGaps(locator: Locator) {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = [...range.getClientRects()];
    const bottom = Math.max(...rects.map((r) => r.bottom));
    const last = rects.filter((r) => r.bottom > bottom - 1);
    const box = el.getBoundingClientRect();
    return { left: Math.min(...last.map((r) => r.left)) - box.left, right: box.right - Math.max(...rects.map((r) => r.right)) };
  });
}

/** The right edge of a box on the page. */
async function rightEdge(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return box.x + box.width;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/screenshots/rtl-${name}.png`, fullPage: true });
}

test('an Arabic claim reads right to left in the list and on its page', async ({ page, freshClaims }) => {
  const { tag, arabic, bulgarian } = await freshClaims('bulgarian', 'arabic');
  await signIn(page, 'viewer@factdesk.test');
  await page.goto(`/?q=${tag}`);
  await expect(page.getByTestId('claim-row')).toHaveCount(2);

  const arabicTitle = page.locator(`[data-claim-id="${arabic.id}"]`).getByTestId('claim-title');
  const bulgarianTitle = page.locator(`[data-claim-id="${bulgarian.id}"]`).getByTestId('claim-title');
  await expect(arabicTitle).toHaveAttribute('dir', 'rtl');
  await expect(arabicTitle).toHaveAttribute('lang', 'ar');
  await expect(bulgarianTitle).toHaveAttribute('dir', 'ltr');
  // The table itself stays left to right: only the title's text turns.
  await expect(page.getByRole('table')).not.toHaveAttribute('dir', 'rtl');
  expect(await page.getByRole('table').evaluate((t) => getComputedStyle(t).direction)).toBe('ltr');
  // Right-aligned within its cell; the Bulgarian title beside it starts on the left.
  const link = arabicTitle.getByRole('link');
  expect(Math.abs((await rightEdge(arabicTitle)) - (await rightEdge(link)))).toBeLessThan(2);
  expect((await rightEdge(bulgarianTitle)) - (await rightEdge(bulgarianTitle.getByRole('link')))).toBeGreaterThan(20);
  await shoot(page, 'list-desktop');
  await page.setViewportSize(PHONE);
  await shoot(page, 'list-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/claims/${arabic.id}`));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(HEADLINE);
  await expect(heading).toHaveAttribute('dir', 'rtl');
  await expect(heading).toHaveAttribute('lang', 'ar');
  const body = page.getByTestId('claim-body');
  await expect(body).toHaveAttribute('dir', 'rtl');
  await expect(body).toHaveAttribute('lang', 'ar');
  await expect(body).toContainText('أعلنت سلطات الهجرة في كولومبيا');
  const paragraph = body.locator('p').last();
  expect(await paragraph.evaluate((p) => getComputedStyle(p).direction)).toBe('rtl');
  // Right-aligned: the lines end at the right edge, and the short last line leaves room on the left.
  const gaps = await lastLineGaps(paragraph);
  expect(gaps.right).toBeLessThan(2);
  expect(gaps.left).toBeGreaterThan(20);

  // What the article says about itself, in one line that stays English and left to right.
  const meta = page.getByTestId('claim-meta');
  await expect(meta).toContainText('الأخبار اليوم');
  await expect(meta).toContainText('سارة الخطيب');
  await expect(meta).toContainText('Published 24 Feb 2019');
  await expect(meta).toContainText(/Arabic \((detected, )?\d+%\)/);
  const original = meta.getByRole('link', { name: /Original article/ });
  await expect(original).toHaveAttribute('href', 'https://news.example/ar/2019/02/24/venezuela-defections');
  await expect(original).toHaveAttribute('rel', 'noopener noreferrer');
  expect(await meta.evaluate((m) => getComputedStyle(m).direction)).toBe('ltr');
  await shoot(page, 'claim-desktop');
  await page.setViewportSize(PHONE);
  await shoot(page, 'claim-phone');
});

test('a claim imported as a near-duplicate names the claim it resembles', async ({ page, freshClaims }) => {
  // Two copies of one article (or more, with other tests'): the later one was confirmed as a near-duplicate.
  await freshClaims('arabic');
  const { arabic } = await freshClaims('arabic');
  await signIn(page, 'viewer@factdesk.test');
  await page.goto(`/claims/${arabic.id}`);
  const notice = page.getByTestId('near-duplicate-notice');
  await expect(notice).toContainText(/^Imported as a near-duplicate of .+ \(\d+% similar\)$/);
  // The other claim's title in its own language and direction, inside the English sentence.
  await expect(notice.locator('bdi')).toHaveAttribute('dir', 'rtl');
  await expect(notice.locator('bdi')).toHaveAttribute('lang', 'ar');
  await shoot(page, 'near-duplicate');
  await notice.getByRole('link').click();
  await expect(page).not.toHaveURL(new RegExp(`/claims/${arabic.id}`));
  await expect(page).toHaveURL(/\/claims\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(HEADLINE);
});
