// Exports pasted into other people's pages: the ClaimReview JSON-LD and the JSON
// export inside <script type="application/ld+json">, and the HTML report opened as
// a page, all loaded in real Chromium with claims whose text tries to break out
// (and a reviewed figure whose reason, source and sentence do too).
import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toActor } from '../../lib/auth/to-actor';
import { db } from '../../lib/db';
import { addFigure, setFigureVerdict } from '../../lib/figures/desk';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';

// Each one, if it escaped its string, would run script or swallow the page.
// No double quotes in the script parts: JSON would turn them into \" and the
// breakout would then fail as a syntax error instead of running.
const mark = (name: string) => `window.__pwned=(window.__pwned||[]).concat('${name}')`;
const PAYLOADS = [
  `</script><script>${mark('close-tag')}</script>`,
  `</SCRIPT ><script>${mark('upper')}</script>`,
  `</script\t/><img src=x onerror=${mark('img')}>`,
  '<!--<script>', // escaped-script state: the real </script> no longer ends the element
  '<!-- --> ]]> <![CDATA[ x',
  `</script><svg onload=${mark('svg')}>`,
  '&lt;/script&gt; &amp; &#x3c;/script>',
  'line\u2028separator\u2029paragraph',
  `'\\'</scr' + 'ipt>\\u003c/script>`,
  'Дезертирането дойде </script><b>bold</b> balanço',
];

let desk: Desk;
let browser: Browser;
const ids: string[] = [];
// A reviewed figure of the last claim, whose reason, sentence and span carry a payload too.
const FIGURE_REASON = `Figure reason: ${PAYLOADS[0]}`;

beforeAll(async () => {
  desk = await openDesk();
  const reviewer = await db.user.findUniqueOrThrow({ where: { email: 'reviewer@factdesk.test' } });
  for (const [i, p] of PAYLOADS.entries()) {
    const claim = await db.claim.create({
      data: {
        sourceKey: `950_embed_${i}`,
        title: `Claim ${i} ${p}`,
        body: p,
        language: 'en',
        searchText: p.toLowerCase(),
        contentHash: `embed-${i}`,
        status: 'disputed',
        reason: `Reason ${i}: ${p}`,
        decidedAt: new Date(),
        decidedById: reviewer.id,
        evidence: [{ url: `https://example.org/?q=${encodeURIComponent(p)}`, label: p }],
      },
    });
    ids.push(claim.id);
  }
  const editor = toActor(await db.user.findUniqueOrThrow({ where: { email: 'admin@factdesk.test' } }));
  const added = await addFigure({
    actor: editor,
    claimId: ids.at(-1)!,
    figure: {
      spanStart: 0,
      spanEnd: 'Дезертирането'.length,
      numbers: { qualifier: 'about', value: 104, approximate: false },
      counted: 'people_defected',
      attribution: PAYLOADS[5]!,
      source: PAYLOADS[0]!,
      relayedBy: null,
      timeText: null,
      timeDate: null,
    },
  });
  await setFigureVerdict({
    actor: toActor(reviewer),
    figureId: added.id,
    verdict: {
      status: 'disputed',
      reason: FIGURE_REASON,
      evidence: [{ url: 'https://example.org/?q=%3C%2Fscript%3E', label: PAYLOADS[1]! }],
      expectedVersion: added.version,
    },
  });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
}, 120_000);
afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await browser?.close();
  await closeDesk(desk);
});

async function exportText(format: string) {
  const res = await desk.call('viewer', 'GET', `/api/export?format=${format}&ids=${ids.join(',')}`);
  expect(res.status).toBe(200);
  return res.text();
}

type PageResult = { hostRan: boolean; pwned: unknown; scripts: number; afterFollowsData: boolean; text: string | null; errors: string[] };

/** A host page that embeds `data` the way a publisher would, loaded as a real navigation. */
async function loadEmbedded(data: string): Promise<PageResult> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('http://publisher.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>A publisher's page</title></head><body>
<p id="before">before</p><script type="application/ld+json" id="data">${data}</script><p id="after">after</p>
<script>window.__hostRan = true</script></body></html>`,
    }),
  );
  await page.goto('http://publisher.test/article');
  const result = await page.evaluate(() => ({
    hostRan: (window as Window & { __hostRan?: boolean }).__hostRan === true,
    pwned: (window as Window & { __pwned?: unknown }).__pwned ?? null,
    scripts: document.scripts.length,
    afterFollowsData: document.getElementById('data')?.nextElementSibling?.id === 'after',
    text: document.getElementById('data')?.textContent ?? null,
  }));
  await page.close();
  return { ...result, errors };
}

describe.each(['claimreview', 'json'])('the %s export embedded in <script type="application/ld+json">', (format) => {
  it('runs no script, leaves the page intact, and parses back to exactly the exported data', async () => {
    const body = await exportText(format);
    const page = await loadEmbedded(body);
    expect(page.hostRan, 'the host page runs its own script (so a breakout would run too)').toBe(true);
    expect(page.pwned).toBeNull();
    expect(page.errors).toEqual([]);
    expect(page.scripts).toBe(2);
    expect(page.afterFollowsData).toBe(true);
    // One of the two, by format.
    const parsed = JSON.parse(page.text!) as {
      '@graph': { '@id': string; claimReviewed: string; reviewBody: string; citation: { name: string }[] }[];
      claims: { title: string; reason: string }[];
    };
    expect(parsed).toEqual(JSON.parse(body));

    // ...and the data is the claims' text exactly, not a mangled copy.
    const claims = await db.claim.findMany({ where: { id: { in: ids } } });
    const texts = JSON.stringify(parsed);
    for (const c of claims) {
      expect(texts).toContain(JSON.stringify(c.title).slice(1, -1));
      expect(texts).toContain(JSON.stringify(c.reason).slice(1, -1));
    }
    expect(texts).toContain(JSON.stringify(FIGURE_REASON).slice(1, -1));
    if (format === 'claimreview') {
      const reviews = parsed['@graph'].filter((r) => r['@id'].endsWith('#review'));
      expect(reviews.map((r) => r.reviewBody).sort()).toEqual(claims.map((c) => c.reason).sort());
      expect(reviews.map((r) => r.citation[0]!.name).sort()).toEqual([...PAYLOADS].sort());
      const figureReviews = parsed['@graph'].filter((r) => r['@id'].includes('#figure-'));
      expect(figureReviews.map((r) => [r.reviewBody, r.citation[0]!.name])).toEqual([[FIGURE_REASON, PAYLOADS[1]]]);
    } else {
      const exported = parsed.claims;
      expect(exported.map((c) => [c.title, c.reason]).sort()).toEqual(claims.map((c) => [c.title, c.reason]).sort());
    }
  });
});

describe('the HTML report opened as a page', () => {
  it('shows the hostile text as text: no script element, no event-handler attribute, nothing ran', async () => {
    const html = await exportText('html');
    const page = await browser.newPage();
    await page.route('http://report.test/**', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    await page.goto('http://report.test/report.html');
    const dom = await page.evaluate(() => ({
      pwned: (window as Window & { __pwned?: unknown }).__pwned ?? null,
      scripts: document.querySelectorAll('script').length,
      handlers: [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
      sections: document.querySelectorAll('section.claim').length,
      boards: document.querySelectorAll('[data-testid="figures-board"]').length,
      text: document.body.textContent,
    }));
    await page.close();
    expect(dom.pwned).toBeNull();
    expect(dom.scripts).toBe(0);
    expect(dom.handlers).toEqual([]);
    expect(dom.sections).toBe(PAYLOADS.length);
    expect(dom.boards).toBe(1);
    expect(dom.text).toContain(FIGURE_REASON);
    for (const [i, p] of PAYLOADS.entries()) expect(dom.text).toContain(`Reason ${i}: ${p}`);
  });
});
