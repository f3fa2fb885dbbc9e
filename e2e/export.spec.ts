import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { signIn } from './support/auth';
import { expect, test } from './support/fixtures';

test('an editor exports the disputed claims as CSV and as PDF from the list', async ({ page, freshClaims }) => {
  // Two claims of this test's own; only the Bulgarian one is disputed, through the same API the UI uses.
  const { tag, bulgarian, portuguese } = await freshClaims('bulgarian', 'portuguese');
  await signIn(page, 'admin@factdesk.test');
  const res = await page.request.post(`/api/claims/${bulgarian.id}/verdict`, {
    data: { status: 'disputed', reason: 'Export check: 104 is not confirmed by Migración Colombia.', evidence: [], expectedVersion: bulgarian.version },
  });
  expect(res.status()).toBe(200);
  await page.goto(`/?status=disputed&q=${tag}`);
  const rows = page.getByTestId('claim-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-claim-id', bulgarian.id);

  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export verdicts' });
  await expect(dialog.getByLabel('All claims matching the current filters')).toBeChecked();
  await dialog.getByLabel('CSV spreadsheet').check();
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  // The file names the selection (the status and the search) and the day.
  expect(csvDownload.suggestedFilename()).toBe(`factdesk-verdicts-disputed-${tag.toLowerCase()}-${new Date().toISOString().slice(0, 10)}.csv`);
  await expect(dialog.getByTestId('export-done')).toContainText('(1 claim');
  // The audit signature follows the claims, once, in rows of its own (no claim id).
  const records = parseCsv<Record<string, string>>(readFileSync(await csvDownload.path()), { bom: true, columns: true });
  const csv = records.filter((r) => /^[0-9a-f-]{36}$/.test(r.id ?? ''));
  expect(records.length - csv.length).toBeGreaterThan(0);
  expect(csv.map((r) => [r.id, r.status, r.title])).toEqual([[bulgarian.id, 'disputed', bulgarian.title]]);
  expect(csv.some((r) => r.id === portuguese.id)).toBe(false);
  await page.screenshot({ path: 'e2e/screenshots/export-dialog.png' });

  await dialog.getByLabel('PDF report').check();
  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await pdfDownload.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('Verdict report');
  expect(text).toContain('Дезертирането дойде');
});

test('selected rows export only those claims', async ({ page, freshClaims }) => {
  const { tag } = await freshClaims('portuguese', 'colombia567', 'bulgarian');
  await signIn(page, 'viewer@factdesk.test');
  await page.goto(`/?q=${tag}`);
  const rows = page.getByTestId('claim-row');
  await expect(rows).toHaveCount(3);
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').check();
  const picked = [await rows.nth(0).getAttribute('data-claim-id'), await rows.nth(2).getAttribute('data-claim-id')];
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export verdicts' });
  await expect(dialog.getByLabel('The 2 selected claims')).toBeChecked();
  await dialog.getByLabel('JSON data (with history)').check();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^factdesk-verdicts-2-selected-\d{4}-\d\d-\d\d\.json$/);
  const json = JSON.parse(readFileSync(await download.path(), 'utf8')) as { claims: { id: string }[] };
  expect(json.claims.map((c) => c.id).sort()).toEqual(picked.sort());
});
