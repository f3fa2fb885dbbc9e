import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parse as parseContentDisposition } from 'content-disposition';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { importArticle } from '../../lib/claims/import-article';
import { db } from '../../lib/db';
import { AUDIT_TRAILER_ROWS, neutralise } from '../../lib/exports/formats/csv';
import { produceExport } from '../../lib/exports/produce-export';
import { exportQuerySchema } from '../../lib/validation/export';
import { isId } from '../../lib/validation/ids';
import { expandSchemaOrg } from '../support/expand-jsonld';
import { closeDesk, type Desk, openDesk, type Role } from '../support/fixtures';

let desk: Desk;
const ids: Record<string, string> = {};

async function decide(role: Role, key: string, status: string, reason: string, evidence: { url: string; label?: string }[] = []) {
  const claim = await db.claim.findUniqueOrThrow({ where: { sourceKey: key } });
  const res = await desk.call(role, 'POST', `/api/claims/${claim.id}/verdict`, { status, reason, evidence, expectedVersion: claim.version });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  desk = await openDesk();
  await importArticle({
    actor: null,
    source: 'seed',
    fileName: '900_formula.txt',
    content: { text: '=HYPERLINK("http://evil.example","click") soldiers defected\n\nA synthetic article whose headline a spreadsheet would run.\n' },
  });
  for (const c of await db.claim.findMany()) ids[c.sourceKey] = c.id;
  await decide('reviewer', '001_a4564d29494e56b0', 'disputed', 'Rubio’s 567 is a five-day total.', [
    { url: 'https://twitter.com/marcorubio', label: 'Rubio tweet' },
  ]);
  await decide('reviewer', '002_d367ca68bff82dc3', 'verified', 'EFE confirms four guardsmen.');
  await decide('reviewer2', '002_d367ca68bff82dc3', 'outdated', 'Later counts exceed 100.');
  await decide('reviewer2', '003_c796c6a1adc09b2d', 'disputed', '104 per CNN/AFP; <script>alert(1)</script> not matched elsewhere.');
  await decide('reviewer', '900_formula', 'verified', '-1 is how the headline reads; =cmd| too.');
}, 120_000);
afterAll(() => closeDesk(desk));

const get = (q: string, role: Role | null = 'editor') => desk.call(role, 'GET', `/api/export?${q}`);
const today = new Date().toISOString().slice(0, 10);

describe('CSV', () => {
  it('is UTF-8 with a BOM, parses back to the database, and neutralises formulas', async () => {
    const res = await get('format=csv');
    expect(res.status).toBe(200);
    expect(parseContentDisposition(res.headers.get('content-disposition') ?? '')).toEqual({
      type: 'attachment',
      parameters: { filename: `factdesk-verdicts-all-${today}.csv` },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // The audit reference trails the data once (tests/integration/exports-audit.test.ts).
    const rows = parseCsv<Record<string, string>>(bytes, { bom: true, columns: true }).slice(0, -AUDIT_TRAILER_ROWS);
    expect(rows).toHaveLength(await db.claim.count());
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'source key',
      'title',
      'language',
      'status',
      'reason',
      'evidence URLs',
      'decided by',
      'decided at',
      'version',
      're-review date',
      'story id',
      'story title',
      'outlet',
      'claim link',
    ]);
    for (const row of rows) {
      const claim = await db.claim.findUniqueOrThrow({ where: { id: row.id }, include: { decidedBy: true } });
      expect(row.status).toBe(claim.status);
      expect(row.version).toBe(String(claim.version));
      expect(row['decided by']).toBe(claim.decidedBy?.displayName ?? '');
      expect(row.title).toBe(neutralise(claim.title));
      expect(row['claim link']).toMatch(new RegExp(`^https?://[^/]+/claims/${claim.id}$`));
    }
    const bg = rows.find((r) => r['source key'] === '003_c796c6a1adc09b2d')!;
    expect(bg.title!.startsWith('Дезертирането дойде')).toBe(true);
    const formula = rows.find((r) => r['source key'] === '900_formula')!;
    expect(formula.title).toBe(`'=HYPERLINK("http://evil.example","click") soldiers defected`);
    // A formula start after a separator is neutralised too (exports-spreadsheet.test.ts shows why).
    expect(formula.reason).toBe("'-1 is how the headline reads; '=cmd| too.");
    expect(rows.find((r) => r['source key'] === '001_a4564d29494e56b0')!['evidence URLs']).toBe('https://twitter.com/marcorubio');
  });
});

describe('JSON', () => {
  it("has the documented, versioned shape with each claim's verdict history", async () => {
    const res = await get('format=json&status=outdated');
    type Entry = { status: string; previousStatus: string; by: string };
    const body = (await res.json()) as {
      format: string;
      formatVersion: number;
      count: number;
      filters: Record<string, unknown>;
      claims: { history: Entry[] }[];
    };
    expect(body).toMatchObject({ format: 'factdesk.verdicts', formatVersion: 1, count: 1, filters: { status: 'outdated' } });
    expect(body.claims).toHaveLength(1);
    const c = body.claims[0]!;
    expect(c).toMatchObject({ sourceKey: '002_d367ca68bff82dc3', status: 'outdated', reason: 'Later counts exceed 100.', decidedBy: { name: 'Rui Reviewer' } });
    expect(c.history.map((h) => [h.status, h.previousStatus, h.by])).toEqual([
      ['verified', 'unreviewed', 'Rita Reviewer'],
      ['outdated', 'verified', 'Rui Reviewer'],
    ]);
  });
});

describe('ClaimReview JSON-LD', () => {
  it('has one review per decided claim with every required and recommended field, and expands', async () => {
    const res = await get('format=claimreview');
    expect(res.headers.get('content-type')).toContain('application/ld+json');
    type Review = {
      '@type': string;
      claimReviewed: unknown;
      url: string;
      author: unknown;
      datePublished: unknown;
      dateModified?: unknown;
      reviewRating: { alternateName: string; ratingValue: number };
      itemReviewed: { appearance: { identifier: string } };
    };
    const raw: unknown = await res.json();
    const doc = raw as { '@context': string; '@graph': Review[] };
    const decided = await db.claim.count({ where: { status: { not: 'unreviewed' } } });
    expect(doc['@context']).toBe('https://schema.org');
    expect(doc['@graph']).toHaveLength(decided);
    for (const r of doc['@graph']) {
      expect(r['@type']).toBe('ClaimReview');
      expect(r.claimReviewed).toEqual(expect.any(String));
      expect(r.url).toMatch(/^https?:\/\/.+\/claims\/[^/]+$/);
      expect(isId(r.url.split('/').at(-1) ?? ''), r.url).toBe(true);
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vitest types its asymmetric matchers as any
      expect(r.author).toMatchObject({ '@type': 'Organization', name: expect.any(String), url: expect.stringMatching(/^https?:\/\//) });
      expect(r.datePublished).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(r.reviewRating).toMatchObject({ '@type': 'Rating', bestRating: 5, worstRating: 1 });
      expect({ verified: 5, outdated: 3, disputed: 1 }[r.reviewRating.alternateName.toLowerCase() as 'verified']).toBe(r.reviewRating.ratingValue);
      expect(r.itemReviewed).toMatchObject({ '@type': 'Claim', appearance: { '@type': 'CreativeWork' }, firstAppearance: { '@type': 'CreativeWork' } });
    }
    const changed = doc['@graph'].find((r) => r.itemReviewed.appearance.identifier === '002_d367ca68bff82dc3')!;
    expect(changed.dateModified).toEqual(expect.any(String));
    expect(changed.reviewRating.alternateName).toBe('Outdated');

    const expanded = await expandSchemaOrg(raw);
    const reviews = expanded.filter((n) => n['@type']?.includes('http://schema.org/ClaimReview'));
    expect(reviews).toHaveLength(decided);
    const ratings = z.array(z.object({ 'http://schema.org/alternateName': z.array(z.object({ '@value': z.string() })) }));
    const [rating] = ratings.parse(reviews[0]?.['http://schema.org/reviewRating']);
    expect(rating?.['http://schema.org/alternateName'][0]?.['@value']).toEqual(expect.any(String));
  });
});

describe('printable report', () => {
  it('HTML shows summary counts and every claim, with hostile text escaped', async () => {
    const html = await (await get('format=html')).text();
    expect(html).toContain('<h1>Verdict report</h1>');
    expect(html).toContain('aria-label="Claims by status"');
    expect(html).toContain('Дезертирането дойде');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('PDF opens in poppler with the Bulgarian text intact', async () => {
    const res = await get('format=pdf&ids=' + [ids['003_c796c6a1adc09b2d'], ids['000_552dc560a453afa8']].join(','));
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'factdesk-pdf-'));
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Verdict report');
    expect(text).toContain('Дезертирането дойде');
    expect(text).toContain('Um balanço anterior');
    expect(text).toContain('104 per CNN/AFP');
    expect(text).not.toContain('Four members');
  });
});

describe('slices, permissions, audit', () => {
  const keys = async (q: string) => ((await (await get(`format=json&${q}`)).json()) as { claims: { sourceKey: string }[] }).claims.map((c) => c.sourceKey);

  it('filters and ids select exactly the right claims', async () => {
    expect(await keys('status=disputed')).toEqual(['001_a4564d29494e56b0', '003_c796c6a1adc09b2d']);
    expect(await keys('lang=bg')).toEqual(['003_c796c6a1adc09b2d']);
    expect(await keys('reviewer=reviewer2@factdesk.test')).toEqual(['002_d367ca68bff82dc3', '003_c796c6a1adc09b2d']);
    expect(await keys(`ids=${ids['004_70e37703d5faa8e3']},${ids['001_a4564d29494e56b0']}`)).toEqual(['001_a4564d29494e56b0', '004_70e37703d5faa8e3']);
    expect(await keys(`from=${today}&to=${today}&status=verified`)).toEqual(['900_formula']);
    expect(await keys('from=2000-01-01&to=2000-01-02')).toEqual([]);
  });

  it('a viewer may export; no session gets 401; bad input gets 400', async () => {
    expect((await get('format=csv', 'viewer')).status).toBe(200);
    expect((await get('format=csv', null)).status).toBe(401);
    const bad = await get('format=xlsx');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/format/);
    expect((await get('format=csv&ids=not-an-id')).status).toBe(400);
    expect((await get('format=csv&from=2026-02-01&to=2026-01-01')).status).toBe(400);
  });

  it('every export writes an audit event with who, format, filters and count', async () => {
    await get('format=csv&status=disputed', 'viewer');
    const event = await db.auditEvent.findFirstOrThrow({ where: { action: 'export.produced' }, orderBy: { seq: 'desc' } });
    expect(event.actorLabel).toBe('viewer@factdesk.test');
    expect(event.after).toEqual({ format: 'csv', filters: { status: 'disputed' }, count: 2 });
  });
});

describe('scale', () => {
  it('streams an export of 20,000 synthetic claims with bounded memory', async () => {
    const N = 20_000;
    for (let i = 0; i < N; i += 2000) {
      await db.claim.createMany({
        data: Array.from({ length: 2000 }, (_, j) => {
          const n = i + j;
          const body = `Synthetic claim ${n}: ${'Venezuelan soldiers crossed the border. '.repeat(20)}`;
          return {
            sourceKey: `syn_${String(n).padStart(6, '0')}`,
            title: `Synthetic claim ${n}`,
            body,
            language: 'en',
            searchText: body.toLowerCase(),
            contentHash: String(n),
            status: n % 3 ? 'verified' : 'disputed',
            reason: `Reason ${n}: ${'Figures differ between Migración Colombia, AFP and EFE. '.repeat(25)}`,
            decidedAt: new Date(),
          };
        }),
      });
    }
    const editor = {
      id: (await db.user.findUniqueOrThrow({ where: { email: 'admin@factdesk.test' } })).id,
      role: 'editor' as const,
      email: 'admin@factdesk.test',
      displayName: 'Ana Admin',
    };
    const file = await produceExport({ actor: editor, query: exportQuerySchema.parse({ format: 'json' }) });
    expect(file.count).toBeGreaterThanOrEqual(N);

    // Measure live memory, not garbage awaiting collection.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let bytes = 0;
    let rows = 0;
    for await (const chunk of file.body) {
      bytes += (chunk as Buffer | string).length;
      rows += String(chunk).startsWith(',\n{') || String(chunk).startsWith('\n{') ? 1 : 0;
      if (rows % 1000 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    }
    expect(rows).toBe(file.count);
    // The document is ~30 MB; an export that buffered the slice would hold all of it at once.
    console.log(`20k export: ${(bytes / 1e6).toFixed(1)} MB streamed, peak heap growth ${(peak / 1e6).toFixed(1)} MB`);
    expect(bytes).toBeGreaterThan(25_000_000);
    expect(peak).toBeLessThan(bytes / 4);
  }, 120_000);
});

describe('stories', () => {
  it('the seeds, grouped on import into one story, export with it: filtered by it, and its id and title on every row', async () => {
    const seeds = await db.claim.findMany({ where: { sourceKey: { startsWith: '00' } }, include: { story: true }, orderBy: { sourceKey: 'asc' } });
    expect(seeds).toHaveLength(5);
    const story = seeds[0]!.story!;
    expect(seeds.every((c) => c.storyId === story.id)).toBe(true);
    const title = story.customTitle ?? story.title;
    expect(title).not.toBe('');

    const body = (await (await get(`format=json&story=${story.id}`)).json()) as {
      story: { id: string; title: string };
      claims: { sourceKey: string; storyId: string; storyTitle: string }[];
    };
    expect(body.story).toEqual({ id: story.id, title });
    const members = await db.claim.findMany({ where: { storyId: story.id }, select: { sourceKey: true }, orderBy: { sourceKey: 'asc' } });
    expect(body.claims.map((c) => c.sourceKey)).toEqual(members.map((m) => m.sourceKey));
    expect(body.claims.map((c) => c.sourceKey)).toEqual(expect.arrayContaining(seeds.map((s) => s.sourceKey)));
    for (const c of body.claims) expect(c).toMatchObject({ storyId: story.id, storyTitle: title });

    const rows = parseCsv<Record<string, string>>(Buffer.from(await (await get(`format=csv&story=${story.id}`)).arrayBuffer()), {
      bom: true,
      columns: true,
    }).slice(0, -AUDIT_TRAILER_ROWS);
    expect(rows.map((r) => [r['source key'], r['story id'], r['story title']])).toEqual(members.map((m) => [m.sourceKey, story.id, neutralise(title)]));

    const pdf = path.join(mkdtempSync(path.join(tmpdir(), 'factdesk-pdf-')), 'story.pdf');
    writeFileSync(pdf, Buffer.from(await (await get(`format=pdf&story=${story.id}`)).arrayBuffer()));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
    expect(text.replace(/\s+/g, ' ')).toContain(`Story: ${title}`.replace(/\s+/g, ' '));
  });
});
