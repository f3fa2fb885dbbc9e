// The PDF report with the figures board (issue 13): a reviewer sets verdicts on
// two figures through the API, an editor downloads the PDF report of those
// articles from the Export dialog, and the pages (pdftoppm, saved under
// e2e/screenshots/) show the board in Cyrillic and Latin script alike, read
// back with pdftotext.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { z } from 'zod';
import { signIn } from './support/auth';
import { expect, test } from './support/fixtures';

const figure = z.object({ id: z.uuid(), version: z.number(), counted: z.string(), status: z.string(), span: z.object({ text: z.string() }) });
const figureList = z.object({ figures: z.array(figure) });
const figureAnswer = z.object({ figure });
type Figure = z.infer<typeof figure>;

async function figureOf(request: APIRequestContext, claimId: string, text: string): Promise<Figure> {
  const res = await request.get(`/api/claims/${claimId}/figures`);
  expect(res.status()).toBe(200);
  const found = figureList.parse(await res.json()).figures.find((f) => f.span.text.includes(text));
  if (!found) throw new Error(`no figure "${text}" in claim ${claimId}`);
  return found;
}

/** An editor makes sure the figure counts defections by the named source (the extractor may have placed it already). */
async function asDefection(editor: Page, f: Figure, source: string): Promise<Figure> {
  const res = await editor.request.patch(`/api/figures/${f.id}`, {
    data: { expectedVersion: f.version, counted: 'people_defected', attribution: { attribution: source, source, relayedBy: null } },
  });
  expect(res.status()).toBe(200);
  return figureAnswer.parse(await res.json()).figure;
}

async function setVerdict(reviewer: Page, f: Figure, status: 'verified' | 'disputed', reason: string) {
  const res = await reviewer.request.post(`/api/figures/${f.id}/verdict`, { data: { status, reason, evidence: [], expectedVersion: f.version } });
  expect(res.status()).toBe(200);
  expect(figureAnswer.parse(await res.json()).figure.status).toBe(status);
}

test('an editor downloads the PDF report: the figures board in Cyrillic and Latin, with its chart', async ({ browser, freshClaims }) => {
  const { tag, bulgarian, colombia567, portuguese } = await freshClaims('bulgarian', 'colombia567', 'portuguese');
  const editor = await (await browser.newContext({ acceptDownloads: true })).newPage();
  const reviewer = await (await browser.newContext()).newPage();
  await signIn(editor, 'admin@factdesk.test');
  await signIn(reviewer, 'reviewer@factdesk.test');

  const f104 = await asDefection(editor, await figureOf(reviewer.request, bulgarian.id, '104'), 'CNN en Español и AFP');
  const f567 = await asDefection(editor, await figureOf(reviewer.request, colombia567.id, '567'), 'Migración Colombia');
  await asDefection(editor, await figureOf(reviewer.request, portuguese.id, '60'), 'Migração da Colômbia');
  await setVerdict(reviewer, f104, 'verified', 'CNN en Español and AFP both give about 104.');
  await setVerdict(reviewer, f567, 'disputed', 'Migración Colombia’s 567 counts five days, not one.');

  await editor.goto(`/?q=${tag}`);
  await expect(editor.getByTestId('claim-row')).toHaveCount(3);
  await editor.getByRole('button', { name: 'Export…' }).click();
  const dialog = editor.getByRole('dialog', { name: 'Export verdicts' });
  await dialog.getByLabel('PDF report').check();
  await expect(dialog.getByTestId('export-format-help')).toContainText('figures boards');
  await editor.screenshot({ path: 'e2e/screenshots/figures-export-dialog.png' });
  const [download] = await Promise.all([editor.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  await expect(dialog.getByTestId('export-done')).toContainText('(3 claims');
  const pdf = await download.path();

  // The pages as images, to look at.
  const dir = 'e2e/screenshots';
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir).filter((f) => f.startsWith('figures-export-pdf-'))) rmSync(`${dir}/${old}`);
  execFileSync('pdftoppm', ['-r', '90', '-l', '4', '-png', pdf, `${dir}/figures-export-pdf`]);
  expect(readdirSync(dir).filter((f) => f.startsWith('figures-export-pdf-')).length).toBeGreaterThanOrEqual(1);

  const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('Figures board');
  expect(text).toMatch(/Defections: \S+ to 567 across 3 articles, 3 languages/);
  // The board's sentences in their own script, and who says the figures in both.
  expect(text).toContain('104 войници са избягали през границата в Колумбия');
  expect(text).toContain('567 members of the Venezuelan armed forces defected');
  expect(text).toContain('CNN en Español и AFP');
  expect(text).toContain('Migración Colombia');
  // The chart's legend and the verdicts set above.
  expect(text).toContain('in conflict');
  expect(text).toContain('Migración Colombia’s 567 counts five days, not one.');
  // The board comes before the claims.
  expect(text.indexOf('Figures board')).toBeLessThan(text.indexOf('Дезертирането дойде'));
});
