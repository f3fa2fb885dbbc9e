import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { expect, test } from '@playwright/test';
import { claimsOf } from './support/api';
import { signIn } from './support/auth';

test('an editor exports the disputed claims as CSV and as PDF from the list', async ({ page }) => {
  await signIn(page, 'admin@factdesk.test');
  // Make sure at least one Bulgarian claim is disputed, through the same API the UI uses.
  const [bg] = await claimsOf(await page.request.get('/api/claims?lang=bg'));
  if (bg.status !== 'disputed') {
    const res = await page.request.post(`/api/claims/${bg.id}/verdict`, {
      data: { status: 'disputed', reason: 'Export check: 104 is not confirmed by Migración Colombia.', evidence: [], expectedVersion: bg.version },
    });
    expect(res.status()).toBe(200);
  }
  await page.goto('/?status=disputed');
  const rows = page.getByTestId('claim-row');
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export verdicts' });
  await expect(dialog.getByLabel('All claims matching the current filters')).toBeChecked();
  await dialog.getByLabel('CSV spreadsheet').check();
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/^factdesk-verdicts-\d{4}-\d\d-\d\d\.csv$/);
  await expect(dialog.getByTestId('export-done')).toContainText(`(${shown} claim`);
  const csv = parseCsv<Record<string, string>>(readFileSync(await csvDownload.path()), { bom: true, columns: true });
  expect(csv).toHaveLength(shown);
  expect(csv.every((r) => r.status === 'disputed')).toBe(true);
  expect(csv.some((r) => r.title?.startsWith('Дезертирането'))).toBe(true);
  await page.screenshot({ path: 'e2e/screenshots/export-dialog.png' });

  await dialog.getByLabel('PDF report').check();
  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await pdfDownload.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('Verdict report');
  expect(text).toContain('Дезертирането дойде');
});

test('selected rows export only those claims', async ({ page }) => {
  await signIn(page, 'viewer@factdesk.test');
  const rows = page.getByTestId('claim-row');
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').check();
  const picked = [await rows.nth(0).getAttribute('data-claim-id'), await rows.nth(2).getAttribute('data-claim-id')];
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export verdicts' });
  await expect(dialog.getByLabel('The 2 selected claims')).toBeChecked();
  await dialog.getByLabel('JSON data (with history)').check();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  const json = JSON.parse(readFileSync(await download.path(), 'utf8')) as { claims: { id: string }[] };
  expect(json.claims.map((c) => c.id).sort()).toEqual(picked.sort());
});
