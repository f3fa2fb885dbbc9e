// Exports of one story (`story=<id>`) and the story of every claim in each
// format: JSON and CSV carry its id and title, ClaimReview names it as what
// the claim is about, the reports name it in their heading (one story) or per
// claim (many). Stories are set here directly on the claims, not by grouping,
// so the file tests exports alone.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toAuditRecord } from '../../lib/audit/to-record';
import { db } from '../../lib/db';
import { AUDIT_TRAILER_ROWS, CSV_COLUMNS } from '../../lib/exports/formats/csv';
import { describeEvent } from '../../lib/utils/describe-event';
import { exportUrl } from '../../lib/utils/export-url';
import { auditEventSchema, publicAuditEvent } from '../../lib/validation/audit-events';
import { closeDesk, type Desk, openDesk, type Role } from '../support/fixtures';

const BORDER = 'Cúcuta, Colombia, ponte Simón Bolívar — 23 de febrero';
const HOSTILE = '=HYPERLINK("http://evil.example","story")';
const ARABIC = 'انشقاق الجنود قرب كوكوتا';

let desk: Desk;
const ids: Record<string, string> = {};
const story = { border: '', hostile: '', arabic: '', merged: '' };
let memberKeys: string[];

type JsonClaim = { id: string; sourceKey: string; storyId: string | null; storyTitle: string | null };
type JsonExport = { filters: Record<string, unknown>; story: { id: string; title: string } | null; count: number; claims: JsonClaim[] };

const get = (q: string, role: Role = 'editor') => desk.call(role, 'GET', `/api/export?${q}`);
const json = async (q: string) => {
  const res = await get(`format=json&${q}`);
  expect(res.status).toBe(200);
  return (await res.json()) as JsonExport;
};

async function decide(key: string, status: string, reason: string) {
  const claim = await db.claim.findUniqueOrThrow({ where: { sourceKey: key } });
  const res = await desk.call('reviewer', 'POST', `/api/claims/${claim.id}/verdict`, { status, reason, evidence: [], expectedVersion: claim.version });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  desk = await openDesk();
  await db.claim.create({
    data: { sourceKey: '900_alone', title: 'An article in no story yet', body: 'Alone.', language: 'en', searchText: 'alone', contentHash: 'alone' },
  });
  for (const c of await db.claim.findMany()) ids[c.sourceKey] = c.id;
  // The seeds as the desk would group them, minus one: three in a story, one in a renamed story, one in an Arabic-titled one.
  memberKeys = ['000_552dc560a453afa8', '001_a4564d29494e56b0', '003_c796c6a1adc09b2d'];
  const make = (title: string, keys: string[], customTitle: string | null = null) =>
    db.story.create({ data: { title, customTitle, size: keys.length, claims: { connect: keys.map((sourceKey) => ({ sourceKey })) } } });
  await db.claim.updateMany({ data: { storyId: null } });
  story.border = (await make(BORDER, memberKeys)).id;
  story.hostile = (await make('Guaidó, Cúcuta', ['002_d367ca68bff82dc3'], HOSTILE)).id;
  story.arabic = (await make(ARABIC, ['004_70e37703d5faa8e3'])).id;
  // Merged into the border story: it keeps no articles, and old links lead to the survivor.
  story.merged = (await db.story.create({ data: { title: 'Soldiers cross at Cúcuta', size: 0, mergedIntoId: story.border } })).id;
  await decide('001_a4564d29494e56b0', 'disputed', 'Rubio’s 567 is a five-day total.');
  await decide('003_c796c6a1adc09b2d', 'verified', 'Four guardsmen, as EFE reported.');
  await decide('002_d367ca68bff82dc3', 'verified', 'EFE confirms it.');
  await decide('004_70e37703d5faa8e3', 'outdated', 'Later counts exceed 100.');
}, 120_000);
afterAll(() => closeDesk(desk));

describe('JSON', () => {
  it('filtered by a story has exactly its articles, each with the story id and title, and names the story in its head', async () => {
    const body = await json(`story=${story.border}`);
    expect(body.claims.map((c) => c.sourceKey)).toEqual(memberKeys);
    expect(body).toMatchObject({ count: 3, filters: { story: story.border }, story: { id: story.border, title: BORDER } });
    for (const c of body.claims) expect(c).toMatchObject({ storyId: story.border, storyTitle: BORDER });
  });

  it('every claim carries storyId and storyTitle: the rename over the derived title, null when in no story', async () => {
    const body = await json('');
    expect(body.story).toBeNull();
    expect(body.claims).toHaveLength(6);
    const byKey = new Map(body.claims.map((c) => [c.sourceKey, c]));
    expect(byKey.get('002_d367ca68bff82dc3')).toMatchObject({ storyId: story.hostile, storyTitle: HOSTILE });
    expect(byKey.get('004_70e37703d5faa8e3')).toMatchObject({ storyId: story.arabic, storyTitle: ARABIC });
    expect(byKey.get('900_alone')).toMatchObject({ storyId: null, storyTitle: null });
  });

  it('the story filter combines with the others', async () => {
    expect((await json(`story=${story.border}&status=disputed`)).claims.map((c) => c.sourceKey)).toEqual(['001_a4564d29494e56b0']);
    expect((await json(`story=${story.border}&ids=${ids['002_d367ca68bff82dc3']}`)).claims).toEqual([]);
  });
});

describe('CSV', () => {
  const rows = async (q: string) => {
    const res = await get(`format=csv&${q}`);
    expect(res.status).toBe(200);
    return parseCsv<Record<string, string>>(Buffer.from(await res.arrayBuffer()), { bom: true, columns: true }).slice(0, -AUDIT_TRAILER_ROWS);
  };

  it('has story id and story title after the verdict columns, filtered to the story', async () => {
    const csv = await rows(`story=${story.border}`);
    expect(Object.keys(csv[0]!)).toEqual([...CSV_COLUMNS]);
    // After the story columns only the outlet and the claim's link; the audit reference trails the file (exports-audit.test.ts).
    expect(CSV_COLUMNS.slice(-4)).toEqual(['story id', 'story title', 'outlet', 'claim link']);
    expect(csv.map((r) => [r['source key'], r['story id'], r['story title']])).toEqual(memberKeys.map((k) => [k, story.border, BORDER]));
  });

  it('leaves them empty for a claim in no story and neutralises a story title that reads as a formula', async () => {
    const byKey = new Map((await rows('')).map((r) => [r['source key'], r]));
    expect(byKey.get('900_alone')).toMatchObject({ 'story id': '', 'story title': '' });
    expect(byKey.get('002_d367ca68bff82dc3')!['story title']).toBe(`'${HOSTILE}`);
    expect(byKey.get('004_70e37703d5faa8e3')!['story title']).toBe(ARABIC);
  });
});

describe('ClaimReview JSON-LD', () => {
  type Review = { itemReviewed: { appearance: { identifier: string }; about?: { '@type': string; '@id': string; name: string } } };
  const reviews = async (q: string) => {
    const res = await get(`format=claimreview&${q}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { '@context': string; '@graph': Review[] };
  };

  it("filtered by a story has the story's decided claims, each about one shared node naming the story", async () => {
    const doc = await reviews(`story=${story.border}`);
    expect(doc['@graph'].map((r) => r.itemReviewed.appearance.identifier)).toEqual(['001_a4564d29494e56b0', '003_c796c6a1adc09b2d']);
    for (const r of doc['@graph']) expect(r.itemReviewed.about).toEqual({ '@type': 'Thing', '@id': `urn:uuid:${story.border}`, name: BORDER });

    // As linked data, the reviews of one story point at one node (schema.org's context from the fixture: offline).
    type Loader = NonNullable<NonNullable<Parameters<typeof jsonld.flatten>[2]>['documentLoader']>;
    const context = JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures/schemaorg-context.jsonld'), 'utf8')) as Awaited<
      ReturnType<Loader>
    >['document'];
    const documentLoader: Loader = (url) => Promise.resolve({ contextUrl: undefined, documentUrl: url, document: context });
    const flattened = await jsonld.flatten(doc, undefined, { documentLoader });
    // With no context to compact to, flattening gives every node once, in expanded form.
    const flat = z
      .array(
        z.object({
          '@id': z.string(),
          'http://schema.org/about': z.array(z.object({ '@id': z.string() })).optional(),
          'http://schema.org/name': z.array(z.object({ '@value': z.string() })).optional(),
        }),
      )
      .parse(flattened);
    const claims = flat.filter((n) => n['http://schema.org/about']);
    expect(claims).toHaveLength(2);
    expect(new Set(claims.map((n) => n['http://schema.org/about']?.[0]?.['@id']))).toEqual(new Set([`urn:uuid:${story.border}`]));
    const node = flat.find((n) => n['@id'] === `urn:uuid:${story.border}`);
    expect(node?.['http://schema.org/name']?.[0]?.['@value']).toBe(BORDER);
  });

  it('a claim in no story has no "about"', async () => {
    await decide('900_alone', 'verified', 'Checked.');
    const doc = await reviews('');
    const alone = doc['@graph'].find((r) => r.itemReviewed.appearance.identifier === '900_alone');
    expect(alone).toBeDefined();
    expect(alone?.itemReviewed).not.toHaveProperty('about');
    expect(doc['@graph'].find((r) => r.itemReviewed.appearance.identifier === '004_70e37703d5faa8e3')?.itemReviewed.about?.name).toBe(ARABIC);
  });
});

describe('printable report', () => {
  it('HTML of one story names it in the heading and lists only its articles', async () => {
    const html = await (await get(`format=html&story=${story.border}`)).text();
    expect(html).toContain(`<h1>Verdict report<span class="story">Story: <bdi>${BORDER}</bdi></span></h1>`);
    expect(html).toContain(`<title>Verdict report — ${BORDER} — `);
    // The heading says it; each claim does not repeat it, and the filter line shows no raw id.
    expect(html).not.toContain('<dt>Story</dt>');
    expect(html).not.toContain(story.border);
    expect(html).toContain('all its articles');
    expect(html.match(/<section class="claim">/g)).toHaveLength(3);
    expect(html).not.toContain('EFE confirms it.');
  });

  it('HTML of many stories names each claim’s story, escaped, and none for a claim in no story', async () => {
    const html = await (await get('format=html')).text();
    expect(html).toContain('<h1>Verdict report</h1>');
    expect(html.match(/<dt>Story<\/dt>/g)).toHaveLength(5);
    expect(html).toContain(`<dt>Story</dt><dd><bdi>${ARABIC}</bdi></dd>`);
    expect(html).toContain('<dd><bdi>=HYPERLINK(&quot;http://evil.example&quot;,&quot;story&quot;)</bdi></dd>');
  });

  it('PDF of one story names it under the title and holds only its articles', async () => {
    const res = await get(`format=pdf&story=${story.border}`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'factdesk-story-pdf-')), 'story.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Verdict report');
    expect(text).toContain(`Story: ${BORDER}`);
    expect(text).toContain('Дезертирането дойде');
    expect(text).toContain('Four guardsmen, as EFE reported.');
    expect(text).not.toContain('EFE confirms it.');
    // Only the heading: the claims do not repeat the story.
    expect(text.match(/^Story: /gm)).toHaveLength(1);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(new RegExp(`Title:\\s+Verdict report — ${BORDER} — `));
  });

  it('PDF of many stories has a Story line for each claim in one', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'factdesk-story-pdf-')), 'all.pdf');
    writeFileSync(file, Buffer.from(await (await get('format=pdf')).arrayBuffer()));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).not.toMatch(/Verdict report\s+Story:/);
    expect(text.match(/^Story: /gm)).toHaveLength(5);
    expect(text.match(new RegExp(`^Story: ${BORDER}`, 'gm'))).toHaveLength(3);
  });
});

describe('audit, permissions, bad input', () => {
  const lastExport = () => db.auditEvent.findFirstOrThrow({ where: { action: 'export.produced' }, orderBy: { seq: 'desc' } });

  it('the audit event records the story filter, and reads back as an export of one story', async () => {
    const res = await get(`format=csv&story=${story.border}&status=disputed`, 'viewer');
    expect(res.status).toBe(200);
    const row = await lastExport();
    expect(row.actorLabel).toBe('viewer@factdesk.test');
    expect(row.after).toEqual({ format: 'csv', filters: { status: 'disputed', story: story.border }, count: 1 });
    const record = toAuditRecord(row);
    expect(record.action).toBe('export.produced');
    expect(describeEvent(publicAuditEvent(record), 'Vera')).toBe('Vera exported 1 claims of one story as csv');
  });

  it('an export.produced row written before stories still parses', () => {
    const old = {
      action: 'export.produced',
      actorId: null,
      actorLabel: 'admin@factdesk.test',
      after: { format: 'pdf', filters: { status: 'verified' }, count: 2 },
    };
    expect(auditEventSchema.safeParse(old).success).toBe(true);
  });

  it('a malformed story id is a 400 naming the field, and writes nothing', async () => {
    const before = await db.auditEvent.count();
    for (const bad of ['not-a-story', '', `${story.border}x`, "' OR 1=1 --"]) {
      const res = await get(`format=json&story=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; message: string; issues: { path: string }[] } };
      expect(error.code).toBe('invalid_input');
      expect(error.message).toMatch(/^story: /);
      expect(error.issues[0]?.path).toBe('story');
    }
    expect(await db.auditEvent.count()).toBe(before);
  });

  it('an unknown story is a 404, a merged one a 404 naming the story it went into; neither is audited', async () => {
    const before = await db.auditEvent.count();
    const unknown = await get('format=csv&story=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const merged = await get(`format=pdf&story=${story.merged}`);
    expect(merged.status).toBe(404);
    const body = (await merged.json()) as { error: { code: string; message: string }; mergedInto: string };
    expect(body.mergedInto).toBe(story.border);
    expect(body.error.message).toContain(BORDER);
    expect(await db.auditEvent.count()).toBe(before);
  });

  it('the address the Export dialog and the story page build is the story’s export', async () => {
    const url = exportUrl({ format: 'json', filterQuery: 'status=verified&story=00000000-0000-4000-8000-000000000000', storyId: story.border });
    const res = await desk.call('viewer', 'GET', url);
    expect(res.status).toBe(200);
    const body = (await res.json()) as JsonExport;
    expect(body.claims.map((c) => c.sourceKey)).toEqual(['003_c796c6a1adc09b2d']);
    expect(body.filters).toEqual({ status: 'verified', story: story.border });
  });
});
