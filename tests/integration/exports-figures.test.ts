// Figures in every export (issue 13): each claim's figures with their story
// in JSON, one row per figure in the figures CSV, one ClaimReview per
// reviewed figure (its clause as claimReviewed, ≤ 75 characters), and the
// story's figures board with its chart in the HTML and PDF reports. The seed
// articles' figures are the extractor's; the test corrects the ones it uses
// (what is counted, who says it) through the desk's own functions, so what it
// checks does not hang on the extractor's current skill.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseContentDisposition } from 'content-disposition';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/auth/permissions';
import { toActor } from '../../lib/auth/to-actor';
import { db } from '../../lib/db';
import { AUDIT_TRAILER_ROWS, FIGURE_CSV_COLUMNS } from '../../lib/exports/formats/csv';
import { correctFigure, listClaimFigures, setFigureDismissal, setFigureVerdict } from '../../lib/figures/desk';
import type { FigureDto } from '../../lib/validation/figures';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';

const STORY = 'Cúcuta, Colombia, ponte Simón Bolívar — 23 de febrero';
const KEYS = { pt: '000_552dc560a453afa8', en: '001_a4564d29494e56b0', bg: '003_c796c6a1adc09b2d' };
const REASON_567 = 'Migración Colombia’s 567 counts five days, not one: see its statement.';
const REASON_104 = 'CNN en Español and AFP both say about 104.';

let desk: Desk;
let storyId: string;
let editor: Actor;
let reviewer: Actor;
const fig = { f567: null as FigureDto | null, f104: null as FigureDto | null, f156: null as FigureDto | null, unreviewed: null as FigureDto | null };
const claimIds: Record<keyof typeof KEYS, string> = { pt: '', en: '', bg: '' };

/** The first figure of the article whose span holds `text`. */
async function figureOf(key: keyof typeof KEYS, text: string): Promise<FigureDto> {
  const found = (await listClaimFigures({ claimId: claimIds[key] })).find((f) => f.span.text.includes(text));
  if (!found) throw new Error(`no figure "${text}" in ${key}`);
  return found;
}

async function defection(f: FigureDto, source: string, numbers: { qualifier: 'exact' | 'about'; value: number }): Promise<FigureDto> {
  return correctFigure({
    actor: editor,
    figureId: f.id,
    correction: {
      expectedVersion: f.version,
      counted: 'people_defected',
      numbers: { ...numbers, approximate: false },
      attribution: { attribution: source, source, relayedBy: null },
    },
  });
}

const verdict = (f: FigureDto, status: 'verified' | 'disputed', reason: string) =>
  setFigureVerdict({
    actor: reviewer,
    figureId: f.id,
    verdict: { status, reason, evidence: [{ url: 'https://example.org/statement', label: 'Statement' }], expectedVersion: f.version },
  });

beforeAll(async () => {
  desk = await openDesk();
  editor = toActor(await db.user.findUniqueOrThrow({ where: { email: 'admin@factdesk.test' } }));
  reviewer = toActor(await db.user.findUniqueOrThrow({ where: { email: 'reviewer@factdesk.test' } }));
  for (const [lang, key] of Object.entries(KEYS) as [keyof typeof KEYS, string][])
    claimIds[lang] = (await db.claim.findUniqueOrThrow({ where: { sourceKey: key } })).id;
  await db.claim.updateMany({ data: { storyId: null } });
  storyId = (await db.story.create({ data: { title: STORY, size: 3, claims: { connect: Object.values(KEYS).map((sourceKey) => ({ sourceKey })) } } })).id;

  fig.f567 = await verdict(await defection(await figureOf('en', '567'), 'Migración Colombia', { qualifier: 'exact', value: 567 }), 'disputed', REASON_567);
  fig.f104 = await verdict(await defection(await figureOf('bg', '104'), 'CNN en Español и AFP', { qualifier: 'about', value: 104 }), 'verified', REASON_104);
  // Reviewed, then dismissed as a false figure: no review of it goes out.
  const f156 = await verdict(await defection(await figureOf('en', '156'), 'Marco Rubio', { qualifier: 'exact', value: 156 }), 'verified', 'Rubio said so.');
  fig.f156 = await setFigureDismissal({ actor: editor, figureId: f156.id, dismissal: { dismissed: true, expectedVersion: f156.version } });
  fig.unreviewed = await defection(await figureOf('pt', '60'), 'Migração da Colômbia', { qualifier: 'exact', value: 60 });
  // The English article gets a verdict of its own; the Bulgarian one has none, only its figure's.
  const en = await db.claim.findUniqueOrThrow({ where: { id: claimIds.en } });
  const res = await desk.call('reviewer', 'POST', `/api/claims/${en.id}/verdict`, {
    status: 'disputed',
    reason: 'Counts differ.',
    evidence: [],
    expectedVersion: en.version,
  });
  expect(res.status).toBe(200);
}, 180_000);
afterAll(() => closeDesk(desk));

const get = async (q: string) => {
  const res = await desk.call('editor', 'GET', `/api/export?${q}`);
  expect(res.status).toBe(200);
  return res;
};

type JsonFigure = {
  id: string;
  value: number | null;
  qualifier: string;
  counted: string;
  attribution: { text: string | null; source: string | null; relayedBy: string | null };
  span: { text: string };
  sentence: { text: string };
  status: string;
  reason: string | null;
  dismissed: boolean;
  decidedBy: { name: string; email: string } | null;
  storyId: string | null;
  storyTitle: string | null;
  history: { status: string; reason: string | null }[];
};

describe('JSON', () => {
  it('gives each claim its figures, with numbers, attribution, sentence, verdict and story', async () => {
    const body = (await (await get(`format=json&story=${storyId}`)).json()) as { claims: { id: string; figures: JsonFigure[] }[] };
    const bg = body.claims.find((c) => c.id === claimIds.bg);
    const f = bg?.figures.find((x) => x.id === fig.f104?.id);
    expect(f).toMatchObject({
      value: 104,
      qualifier: 'about',
      counted: 'people_defected',
      attribution: { source: 'CNN en Español и AFP', relayedBy: null },
      status: 'verified',
      reason: REASON_104,
      dismissed: false,
      decidedBy: { email: 'reviewer@factdesk.test' },
      storyId,
      storyTitle: STORY,
    });
    expect(f?.span.text).toContain('104');
    expect(f?.sentence.text).toContain('войници са избягали през границата');
    expect(f?.history.map((h) => [h.status, h.reason])).toEqual([['verified', REASON_104]]);
    const en = body.claims.find((c) => c.id === claimIds.en);
    // The dismissed figure is listed, flagged.
    expect(en?.figures.find((x) => x.id === fig.f156?.id)).toMatchObject({ dismissed: true, status: 'verified' });
  });
});

describe('figures CSV', () => {
  it('has one row per live figure with its claim, story and verdict, and neutralises formulas', async () => {
    const res = await get(`format=figures-csv&story=${storyId}`);
    // Named after the story, in its own script (RFC 6266 filename*).
    expect(parseContentDisposition(res.headers.get('content-disposition') ?? '').parameters.filename).toMatch(
      /^factdesk-figures-[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*-\d{4}-\d\d-\d\d\.csv$/u,
    );
    const rows = parseCsv<Record<string, string>>(Buffer.from(await res.arrayBuffer()), { bom: true, columns: true }).slice(0, -AUDIT_TRAILER_ROWS);
    expect(Object.keys(rows[0] ?? {})).toEqual([...FIGURE_CSV_COLUMNS]);
    const row104 = rows.find((r) => r['figure id'] === fig.f104?.id);
    expect(row104).toMatchObject({
      'claim id': claimIds.bg,
      'story id': storyId,
      'story title': STORY,
      language: 'bg',
      value: '104',
      qualifier: 'about',
      // Counted groups in words, as the board names them.
      counted: 'Defections',
      source: 'CNN en Español и AFP',
      status: 'verified',
      reason: REASON_104,
      'decided by': 'Rita Reviewer',
    });
    expect(row104?.sentence).toContain('104 войници');
    expect(rows.some((r) => r['figure id'] === fig.f156?.id)).toBe(false);
    expect(rows.find((r) => r['figure id'] === fig.unreviewed?.id)).toMatchObject({ status: 'unreviewed', value: '60', 'story title': STORY });
    const live = await db.figure.count({ where: { claimId: { in: Object.values(claimIds) }, dismissedAt: null } });
    expect(rows).toHaveLength(live);
  });
});

type Review = {
  '@id': string;
  claimReviewed: string;
  reviewBody?: string;
  reviewRating: { ratingValue: number; alternateName: string };
  itemReviewed: { '@type': string; name: string; author?: unknown; appearance: { headline: string; inLanguage: string }; about?: { name: string } };
};

describe('ClaimReview', () => {
  it('has one review per reviewed live figure, quoting its clause in at most 75 characters', async () => {
    const graph = ((await (await get(`format=claimreview&story=${storyId}`)).json()) as { '@graph': Review[] })['@graph'];
    const figureReviews = graph.filter((r) => r['@id'].includes('#figure-'));
    expect(figureReviews.map((r) => r['@id'].split('#figure-')[1]).sort()).toEqual([fig.f567?.id, fig.f104?.id].sort());
    for (const r of figureReviews) {
      expect(Array.from(r.claimReviewed).length).toBeLessThanOrEqual(75);
      expect(r.itemReviewed.about?.name).toBe(STORY);
    }
    const r104 = figureReviews.find((r) => r['@id'].endsWith(fig.f104?.id ?? '-'));
    expect(r104?.claimReviewed).toContain(fig.f104?.span.text);
    expect(r104?.claimReviewed).toContain('войници');
    expect(r104).toMatchObject({
      reviewBody: REASON_104,
      reviewRating: { ratingValue: 5, alternateName: 'Verified' },
      itemReviewed: {
        '@type': 'Claim',
        author: [
          { '@type': 'Organization', name: 'CNN en Español' },
          { '@type': 'Organization', name: 'AFP' },
        ],
        appearance: { inLanguage: 'bg' },
      },
    });
    const r567 = figureReviews.find((r) => r['@id'].endsWith(fig.f567?.id ?? '-'));
    expect(r567?.claimReviewed).toContain('567');
    expect(r567).toMatchObject({
      reviewRating: { ratingValue: 1, alternateName: 'Disputed' },
      itemReviewed: { author: { '@type': 'Organization', name: 'Migración Colombia' }, appearance: { inLanguage: 'en' } },
    });
    // The sentence is the Claim; the clause quotes it.
    expect(r567?.itemReviewed.name).toContain(r567?.claimReviewed.replace(/…/gu, '').trim());
    // Claim-level reviews as before: the English article's own verdict, none for the undecided Bulgarian one.
    const claimReviews = graph.filter((r) => r['@id'].endsWith('#review'));
    expect(claimReviews.map((r) => r['@id'])).toEqual([expect.stringContaining(claimIds.en)]);
  });
});

describe('reports', () => {
  it('the HTML report holds the story board: summary, chart and table with the sentences in their language', async () => {
    const html = await (await get(`format=html&story=${storyId}`)).text();
    expect(html).toContain('data-testid="figures-board"');
    expect(html).toMatch(/Defections: [^<]*567[^<]*across 3 articles/);
    expect(html).toMatch(/<svg role="group"[^>]*aria-labelledby=/);
    expect(html).toMatch(/<g role="listitem" tabindex="0" aria-label="567[^"]*Migración Colombia/);
    expect(html).toMatch(/<td lang="bg" dir="ltr">[^<]*<mark>[^<]*104<\/mark> войници/);
    // The dismissed figure is not on the board.
    expect(html).not.toContain(`data-figure-id="${fig.f156?.id}"`);
    expect(html).toContain(`data-figure-id="${fig.f104?.id}"`);
    expect(html.indexOf('figures-board')).toBeLessThan(html.indexOf('<section class="claim">'));
  });

  it('the PDF report draws the board: Bulgarian and English sentences, the summary and the chart legend as text', async () => {
    const pdf = Buffer.from(await (await get(`format=pdf&story=${storyId}`)).arrayBuffer());
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'factdesk-figures-')), 'report.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Figures board — Cúcuta');
    expect(text).toMatch(/Defections: \S+ to 567 across 3 articles/);
    expect(text).toContain('104 войници са избягали през границата в Колумбия');
    expect(text).toContain('567 members of the Venezuelan armed forces defected');
    expect(text).toContain('in conflict');
    expect(text).toContain('CNN en Español и AFP');
  });
});
