// An Arabic article, imported through the one pipeline from a saved page, as
// the API and every export give it back: its details and direction in
// GET /api/claims/:id, lang and dir in the HTML report, direction and article
// fields in JSON, inLanguage and the article in ClaimReview, and a PDF whose
// Arabic reads in order, right-aligned (read back with poppler).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importArticle } from '../../lib/claims/import-article';
import type { ClaimDetail } from '../../lib/validation/claims';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';

const HEADLINE = 'انشقاق عشرات الجنود الفنزويليين وعبورهم إلى كولومبيا';
const PAGE = readFileSync(path.join(import.meta.dirname, '../fixtures/pages/arabic-rtl.html'), 'utf8');
const URL_GIVEN = 'https://news.example/ar/2019/02/24/venezuela-defections';
const REASON = 'قالت الهيئة إن 60 جنديا عبروا الحدود (قرب كوكوتا) حسب CNN.';

let desk: Desk;
let arabicId: string;
let reorderedId: string;

beforeAll(async () => {
  desk = await openDesk();
  const arabic = await importArticle({
    actor: null,
    source: 'api',
    fileName: 'arabic-rtl.html',
    content: { bytes: Buffer.from(PAGE) },
    overrides: { url: URL_GIVEN },
  });
  if (!arabic.claimId) throw new Error(`the Arabic page was ${arabic.outcome}`);
  arabicId = arabic.claimId;
  // The same article with its paragraphs reordered and a new headline: a near-duplicate, imported once confirmed.
  const paragraphs = [...PAGE.matchAll(/<p>.*?<\/p>/g)].map((m) => m[0]);
  const reordered = `<html lang="ar"><head><meta charset="utf-8"><title>جنود فنزويليون يعبرون إلى كولومبيا</title></head><body><article><h1>جنود فنزويليون يعبرون إلى كولومبيا</h1>${[...paragraphs].reverse().join('')}</article></body></html>`;
  const near = await importArticle({
    actor: null,
    source: 'api',
    fileName: 'reordered.html',
    content: { text: reordered, format: 'html' },
    confirmNearDuplicate: true,
  });
  if (near.outcome !== 'created' || !near.claimId) throw new Error(`the reordered page was ${near.outcome}`);
  reorderedId = near.claimId;
  const claim = (await (await desk.call('reviewer', 'GET', `/api/claims/${arabicId}`)).json()) as ClaimDetail;
  const verdict = await desk.call('reviewer', 'POST', `/api/claims/${arabicId}/verdict`, {
    status: 'disputed',
    reason: REASON,
    evidence: [],
    expectedVersion: claim.version,
  });
  expect(verdict.status).toBe(200);
}, 120_000);
afterAll(() => closeDesk(desk));

const exportOf = (format: string) => desk.call('editor', 'GET', `/api/export?format=${format}&ids=${arabicId},${reorderedId}`);

describe('GET /api/claims/:id', () => {
  it("gives the article's own details, its language with confidence, and its direction", async () => {
    const claim = (await (await desk.call('viewer', 'GET', `/api/claims/${arabicId}`)).json()) as ClaimDetail;
    expect(claim).toMatchObject({
      title: HEADLINE,
      language: 'ar',
      direction: 'rtl',
      outlet: 'الأخبار اليوم',
      byline: 'سارة الخطيب',
      articleUrl: URL_GIVEN,
      publishedAt: '2019-02-24T17:00:00.000Z',
      nearDuplicateOf: null,
    });
    expect(claim.languageConfidence).toBeGreaterThan(0.5);
    expect(claim.languageConfidence).toBeLessThanOrEqual(1);
    expect(claim.languageFrom).toBe('detected');
  });

  it('links a confirmed near-duplicate to the claim it resembles, with the similarity', async () => {
    const claim = (await (await desk.call('viewer', 'GET', `/api/claims/${reorderedId}`)).json()) as ClaimDetail;
    expect(claim.nearDuplicateOf).toMatchObject({ id: arabicId, title: HEADLINE, language: 'ar' });
    expect(claim.nearDuplicateOf?.similarity).toBeGreaterThan(0.5);
    expect(claim.nearDuplicateOf?.similarity).toBeLessThan(1);
    // Details the page did not give are null, not invented.
    expect(claim).toMatchObject({ outlet: null, byline: null, articleUrl: null, publishedAt: null });
  });

  it('answers a verdict with the same details', async () => {
    const current = (await (await desk.call('reviewer', 'GET', `/api/claims/${reorderedId}`)).json()) as ClaimDetail;
    const res = await desk.call('reviewer', 'POST', `/api/claims/${reorderedId}/verdict`, {
      status: 'verified',
      reason: 'Same report.',
      evidence: [],
      expectedVersion: current.version,
    });
    expect(res.status).toBe(200);
    const after = (await res.json()) as ClaimDetail;
    expect(after.nearDuplicateOf).toEqual(current.nearDuplicateOf);
    expect(after.direction).toBe('rtl');
  });
});

describe('exports of an Arabic claim', () => {
  it('HTML report: the title carries lang="ar" and dir="rtl"; the report around it stays English', async () => {
    const html = await (await exportOf('html')).text();
    expect(html).toContain(`<h2 lang="ar" dir="rtl">${HEADLINE}</h2>`);
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<dd>Arabic (ar)</dd>');
    expect(html).toContain(`<dd dir="auto">${REASON}</dd>`);
    expect(html).toContain(`<bdi>الأخبار اليوم</bdi> · <bdi>سارة الخطيب</bdi> · published 2019-02-24 · <a href="${URL_GIVEN}">original article</a>`);
  });

  it('JSON carries the direction, the language and the article details', async () => {
    const { claims } = (await (await exportOf('json')).json()) as { claims: Record<string, unknown>[] };
    expect(claims.find((c) => c.id === arabicId)).toMatchObject({
      language: 'ar',
      direction: 'rtl',
      outlet: 'الأخبار اليوم',
      byline: 'سارة الخطيب',
      articleUrl: URL_GIVEN,
      publishedAt: '2019-02-24T17:00:00.000Z',
    });
  });

  it('ClaimReview: inLanguage "ar" on the review and the claim, and the article it appeared in', async () => {
    const { '@graph': reviews } = (await (await exportOf('claimreview')).json()) as { '@graph': Record<string, unknown>[] };
    const review = reviews.find((r) => r.claimReviewed === HEADLINE);
    expect(review).toMatchObject({
      inLanguage: 'ar',
      itemReviewed: {
        inLanguage: 'ar',
        appearance: {
          inLanguage: 'ar',
          url: URL_GIVEN,
          datePublished: '2019-02-24T17:00:00.000Z',
          author: { '@type': 'Person', name: 'سارة الخطيب' },
          publisher: { '@type': 'Organization', name: 'الأخبار اليوم' },
        },
      },
    });
  });

  it('PDF: the Arabic title and reason read in order and sit against the right margin', async () => {
    const res = await exportOf('pdf');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'factdesk-pdf-rtl-')), 'report.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    // poppler rebuilds reading order from where the glyphs sit, wrapping runs in embedding marks.
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\u202a-\u202e]/g, '');
    expect(text).toContain(HEADLINE);
    // (Not the outlet, "الأخبار اليوم": poppler gives the lam-alef ligature's two letters back in drawn order.)
    expect(text).toContain('سارة الخطيب');
    expect(text).toContain('قالت الهيئة إن');

    // Word boxes: the title's first word is the rightmost, at the right margin (A4 595.28 pt, margins 50).
    const boxes = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const words = [...boxes.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]+)<\/word>/g)].map((m) => ({
      xMin: Number(m[1]),
      y: Number(m[2]),
      xMax: Number(m[3]),
      // -bbox gives each Arabic word's letters as drawn, left to right.
      text: /[\u0600-\u06ff]/.test(m[4] ?? '')
        ? Array.from(m[4] ?? '')
            .reverse()
            .join('')
        : (m[4] ?? ''),
    }));
    const word = (text: string, y?: number) => {
      const found = words.find((w) => w.text.includes(text) && (y === undefined || w.y === y));
      if (!found) throw new Error(`no word ${text} in the PDF`);
      return found;
    };
    const first = word('انشقاق');
    expect(first.xMax).toBeCloseTo(595.28 - 50, 0);
    expect(first.xMin).toBeGreaterThan(word('كولومبيا', first.y).xMax);
    // The reason, read from the right: its first word, then 60, and CNN (a Latin name) near its end, further left.
    const said = word('قالت');
    expect(said.xMax).toBeCloseTo(595.28 - 50, 0);
    expect(said.xMin).toBeGreaterThan(word('60', said.y).xMax);
    expect(word('60', said.y).xMin).toBeGreaterThan(word('CNN', said.y).xMax);
  });
});
