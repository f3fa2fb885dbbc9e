// The figures API (issue 13) over HTTP against the real server: GET a claim's
// and a story's figures (with the board), one figure, an editor's additions,
// corrections and dismissals, figure verdicts with 409 on a stale version.
// Invalid input answers 400 naming the field and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../lib/db';
import { buildBoard } from '../../lib/figures/board';
import { type BoardPayload, rowsShown } from '../../components/figures/board-payload';
import {
  type ClaimFiguresResponse,
  type FigureDto,
  STORY_FIGURES_PAGE_MAX,
  type StoryFiguresPage,
  type StoryFiguresResponse,
} from '../../lib/validation/figures';
import { closeDesk, type Desk, openDesk, type Role } from '../support/fixtures';

let desk: Desk;
let storyId: string;
const SEEDS = ['000_552dc560a453afa8', '001_a4564d29494e56b0', '002_d367ca68bff82dc3', '003_c796c6a1adc09b2d', '004_70e37703d5faa8e3'] as const;
type Seed = { id: string; body: string };
const seed: Record<string, Seed> = {};
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  desk = await openDesk();
  for (const key of SEEDS) {
    const claim = await db.claim.findUniqueOrThrow({ where: { sourceKey: key }, select: { id: true, body: true, storyId: true } });
    seed[key.slice(0, 3)] = { id: claim.id, body: claim.body };
    if (key.startsWith('001')) storyId = claim.storyId ?? '';
  }
  if (!storyId) throw new Error('seed 001 has no story: grouping on import did not run');
}, 120_000);
afterAll(() => closeDesk(desk));

const s = (key: string) => seed[key]!;
// The caller names the body's type, as it would cast res.json().
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
async function json<T>(role: Role | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await desk.call(role, method, path, body);
  return { status: res.status, body: (await res.json()) as T };
}
const auditCount = () => db.auditEvent.count();
type ErrorBody = { error: { code: string; message: string; issues?: { path: string; message: string }[] }; current?: FigureDto; mergedInto?: string };

/** The body's span of `text` (its first occurrence), failing loudly if the seed changed. */
function spanOf(key: string, text: string) {
  const start = s(key).body.indexOf(text);
  if (start < 0) throw new Error(`seed ${key} no longer contains ${JSON.stringify(text)}`);
  return { spanStart: start, spanEnd: start + text.length };
}
const NO_ATTRIBUTION = { attribution: null, source: null, relayedBy: null, timeText: null, timeDate: null };

const FIGURE_KEYS = [
  'approximate',
  'article',
  'attribution',
  'claimId',
  'correctedFields',
  'counted',
  'countedText',
  'decidedAt',
  'decidedBy',
  'dismissed',
  'evidence',
  'id',
  'max',
  'min',
  'ordinal',
  'origin',
  'qualifier',
  'reReviewAt',
  'reason',
  'sentence',
  'span',
  'status',
  'storyId',
  'supersededById',
  'time',
  'unit',
  'value',
  'version',
];

describe('reading figures', () => {
  it('GET /api/claims/{id}/figures: each figure with its numbers, what it counts, who says it, when, its span and verdict', async () => {
    for (const key of ['000', '001', '002', '003', '004']) {
      const { status, body } = await json<ClaimFiguresResponse>('viewer', 'GET', `/api/claims/${s(key).id}/figures`);
      expect(status).toBe(200);
      expect(Object.keys(body)).toEqual(['figures']);
      for (const f of body.figures) {
        expect(Object.keys(f).sort(), key).toEqual(FIGURE_KEYS);
        expect(f.claimId).toBe(s(key).id);
        expect(f.storyId).toBe(storyId);
        expect(s(key).body.slice(f.span.start, f.span.end)).toBe(f.span.text);
        expect(f.sentence.start).toBeLessThanOrEqual(f.span.start);
        expect(f.sentence.end).toBeGreaterThanOrEqual(f.span.end);
        expect(s(key).body.slice(f.sentence.start, f.sentence.end)).toBe(f.sentence.text);
        expect(f.status).toBe('unreviewed');
      }
    }
    // The seeds hold numbers the extractor finds, digits at the very least.
    const { body } = await json<ClaimFiguresResponse>('viewer', 'GET', `/api/claims/${s('001').id}/figures`);
    expect(body.figures.map((f) => f.span.text).join(' ')).toContain('567');
  });

  it('GET /api/stories/{id}/figures: every figure of the story, and the board built from them', async () => {
    const { status, body } = await json<StoryFiguresResponse>('reviewer', 'GET', `/api/stories/${storyId}/figures`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['figures', 'groups']);
    const perClaim = await Promise.all(
      SEEDS.map(async (k) => (await json<ClaimFiguresResponse>('viewer', 'GET', `/api/claims/${s(k.slice(0, 3)).id}/figures`)).body),
    );
    expect(new Set(body.figures.map((f) => f.id))).toEqual(new Set(perClaim.flatMap((r) => r.figures.map((f) => f.id))));
    expect(body.groups).toEqual(buildBoard(body.figures));
    const grouped = body.groups.flatMap((g) => g.figureIds);
    expect(grouped.sort()).toEqual(
      body.figures
        .filter((f) => !f.dismissed)
        .map((f) => f.id)
        .sort(),
    );
  });

  it('GET /api/stories/{id}/figures?counted=…: a group a page at a time, in board order; ?view=board: the board as its page sends it', async () => {
    const { body: whole } = await json<StoryFiguresResponse>('viewer', 'GET', `/api/stories/${storyId}/figures`);
    const group = whole.groups[0]!;
    const ids: string[] = [];
    for (let offset: number | null = 0; offset !== null;) {
      const page: { status: number; body: StoryFiguresPage } = await json<StoryFiguresPage>(
        'viewer',
        'GET',
        `/api/stories/${storyId}/figures?counted=${group.counted}&offset=${offset}&limit=2`,
      );
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ counted: group.counted, offset, total: group.figureIds.length });
      expect(page.body.figures.length).toBeLessThanOrEqual(2);
      // Whole figures, sentence included, as the unpaged API gives them.
      for (const f of page.body.figures) expect(f).toEqual(whole.figures.find((w) => w.id === f.id));
      ids.push(...page.body.figures.map((f) => f.id));
      offset = page.body.nextOffset;
    }
    expect(ids).toEqual(group.figureIds);

    const { status, body: packed } = await json<BoardPayload>('viewer', 'GET', `/api/stories/${storyId}/figures?view=board`);
    expect(status).toBe(200);
    // Every group is named, in board order; the open ones whole, the others as their heading and size.
    expect(packed.groups.map((g) => g.counted)).toEqual(whole.groups.map((g) => g.counted));
    expect(packed.open.length).toBeGreaterThan(0);
    for (const g of whole.groups) {
      expect(packed.sizes[g.counted]).toBe(g.figureIds.length);
      const sentGroup = packed.groups.find((p) => p.counted === g.counted)!;
      if (packed.open.includes(g.counted)) expect(sentGroup).toEqual(g);
      else expect(sentGroup).toMatchObject({ summary: g.summary, figureIds: [], conflictCount: g.conflictCount ?? g.conflicts.length });
    }
    const live = whole.figures.filter((f) => !f.dismissed);
    expect(packed.totals).toEqual({ figures: live.length, articles: new Set(live.map((f) => f.claimId)).size });
    // Every open group's first rows are sent whole.
    const sent = new Set(packed.figures.map((f) => f.id));
    for (const g of packed.groups.filter((g) => packed.open.includes(g.counted))) {
      for (const id of g.figureIds.slice(0, rowsShown(g.figureIds.length))) expect(sent.has(id) && !packed.partial.includes(id)).toBe(true);
    }
    // ?view=board&counted=…: that group alone, open, its first rows whole (what opening a closed group fetches).
    const last = whole.groups.at(-1)!;
    const { status: oneStatus, body: one } = await json<BoardPayload>('viewer', 'GET', `/api/stories/${storyId}/figures?view=board&counted=${last.counted}`);
    expect(oneStatus).toBe(200);
    expect(one.open).toEqual([last.counted]);
    expect(one.groups).toEqual([last]);
    const oneSent = new Set(one.figures.filter((f) => !one.partial.includes(f.id)).map((f) => f.id));
    for (const id of last.figureIds.slice(0, rowsShown(last.figureIds.length))) expect(oneSent.has(id)).toBe(true);
  });

  it('GET /api/figures/{id}: one figure, as the lists show it', async () => {
    const { body: list } = await json<ClaimFiguresResponse>('viewer', 'GET', `/api/claims/${s('001').id}/figures`);
    const first = list.figures[0]!;
    const { status, body } = await json<{ figure: FigureDto }>('viewer', 'GET', `/api/figures/${first.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ figure: first });
  });

  it('refuses the signed-out', async () => {
    for (const path of [`/api/claims/${s('001').id}/figures`, `/api/stories/${storyId}/figures`, `/api/figures/${MISSING}`]) {
      expect((await desk.call(null, 'GET', path)).status, path).toBe(401);
    }
  });
});

describe('the seed story board, from an editor’s figures', () => {
  const added: Record<string, FigureDto> = {};

  it('an editor dismisses the extracted figures and adds the defection figures; each appears in GET', async () => {
    const { body: story } = await json<StoryFiguresResponse>('editor', 'GET', `/api/stories/${storyId}/figures`);
    for (const f of story.figures.filter((x) => !x.dismissed)) {
      const res = await json<{ figure: FigureDto }>('editor', 'POST', `/api/figures/${f.id}/dismissal`, { dismissed: true, expectedVersion: f.version });
      expect(res.status).toBe(200);
      expect(res.body.figure).toMatchObject({ id: f.id, dismissed: true, version: f.version + 1 });
    }

    const toAdd = {
      fiveSixtySeven: {
        key: '001',
        text: '567 members',
        numbers: { qualifier: 'exact', value: 567 },
        counted: 'people_defected',
        source: 'Migración Colombia',
      },
      rubio: { key: '001', text: '156 Venezuelan soldiers', numbers: { qualifier: 'exact', value: 156 }, counted: 'people_defected', source: 'Marco Rubio' },
      troops: { key: '001', text: '365,315 soldiers', numbers: { qualifier: 'exact', value: 365_315 }, counted: 'troops_total', source: null },
      countries: { key: '001', text: 'half a hundred countries', numbers: { qualifier: 'about', value: 50 }, counted: 'countries', source: null },
      cnn: { key: '003', text: 'Около 104 войници', numbers: { qualifier: 'about', value: 104 }, counted: 'people_defected', source: 'CNN en Español' },
      moreThan100: {
        key: '004',
        text: 'More than one hundred Venezuelan soldiers',
        numbers: { qualifier: 'more_than', min: 100 },
        counted: 'people_defected',
        source: "Colombia's migration agency",
      },
    } as const;
    for (const [name, a] of Object.entries(toAdd)) {
      const before = await auditCount();
      const res = await json<{ figure: FigureDto } & Partial<ErrorBody>>('editor', 'POST', `/api/claims/${s(a.key).id}/figures`, {
        ...spanOf(a.key, a.text),
        numbers: a.numbers,
        counted: a.counted,
        ...NO_ATTRIBUTION,
        attribution: a.source,
        source: a.source,
      });
      expect(res.status, `${name}: ${res.body.error?.message ?? ''}`).toBe(201);
      expect(res.body.figure).toMatchObject({
        origin: 'added',
        counted: a.counted,
        span: { text: a.text },
        attribution: { source: a.source },
        dismissed: false,
      });
      expect(await auditCount()).toBe(before + 1);
      added[name] = res.body.figure;
      const { body: listed } = await json<ClaimFiguresResponse>('viewer', 'GET', `/api/claims/${s(a.key).id}/figures`);
      expect(listed.figures).toContainEqual(res.body.figure);
    }
  });

  it('groups defections apart from troops and countries, with the disagreeing sources marked', async () => {
    const { status, body } = await json<StoryFiguresResponse>('viewer', 'GET', `/api/stories/${storyId}/figures`);
    expect(status).toBe(200);
    expect(body.groups.map((g) => g.counted)).toEqual(['people_defected', 'troops_total', 'countries']);
    const [defections, troops, countries] = body.groups;
    const id = (name: string) => added[name]!.id;
    expect(new Set(defections?.figureIds)).toEqual(new Set(['fiveSixtySeven', 'rubio', 'cnn', 'moreThan100'].map(id)));
    const pair = (a: string, b: string) => [a, b].sort().join(' ');
    // 567 and about 104 are more than SCOPE_RATIO (4) apart: a running total against one count, not compared.
    expect(new Set(defections?.conflicts.map((c) => pair(c.a, c.b)))).toEqual(new Set([pair(id('fiveSixtySeven'), id('rubio')), pair(id('rubio'), id('cnn'))]));
    expect(defections?.conflicts.every((c) => c.kind === 'sources_disagree')).toBe(true);
    const rubioAnd567 = defections?.conflicts.find((c) => pair(c.a, c.b) === pair(id('fiveSixtySeven'), id('rubio')));
    expect(rubioAnd567?.why).toContain('567 (Migración Colombia)');
    expect(rubioAnd567?.why).toContain('156 (Marco Rubio)');
    // Migración Colombia and Colombia's migration agency are one source (lib/figures/board.ts foldSourceKeys).
    expect(defections?.summary).toBe('Defections: >100 to 567 across 3 articles, 2 languages, 3 sources');
    expect(defections?.conflictCount).toBe(2);
    expect(troops).toMatchObject({ figureIds: [id('troops')], conflicts: [], summary: 'Troops in total: 365,315 in 1 article, 1 language, 1 source' });
    expect(countries).toMatchObject({ figureIds: [id('countries')], conflicts: [] });
  });

  it('a reviewer verifies 156 and disputes 567; the board shows the verdicts', async () => {
    for (const [name, status] of [
      ['rubio', 'verified'],
      ['fiveSixtySeven', 'disputed'],
    ] as const) {
      const f = added[name]!;
      const res = await json<{ figure: FigureDto }>('reviewer', 'POST', `/api/figures/${f.id}/verdict`, {
        status,
        reason: `Checked ${name}.`,
        evidence: [{ url: 'https://example.org/source', label: 'Source' }],
        expectedVersion: f.version,
      });
      expect(res.status).toBe(200);
      expect(res.body.figure).toMatchObject({
        id: f.id,
        status,
        version: f.version + 1,
        reason: `Checked ${name}.`,
      });
      expect(res.body.figure.decidedBy?.displayName).toBe('Rita Reviewer');
      added[name] = res.body.figure;
    }
    const { body } = await json<StoryFiguresResponse>('viewer', 'GET', `/api/stories/${storyId}/figures`);
    const byId = new Map(body.figures.map((f) => [f.id, f]));
    expect(byId.get(added.rubio!.id)?.status).toBe('verified');
    expect(byId.get(added.fiveSixtySeven!.id)?.status).toBe('disputed');
  });

  it('an editor corrects a figure: the correction is kept, the version rises, the board follows', async () => {
    const f = added.countries!;
    const res = await json<{ figure: FigureDto }>('editor', 'PATCH', `/api/figures/${f.id}`, {
      expectedVersion: f.version,
      numbers: { qualifier: 'exact', value: 50 },
      attribution: { attribution: 'Juan Guaidó', source: null, relayedBy: null },
      note: 'Half a hundred is fifty.',
    });
    expect(res.status).toBe(200);
    expect(res.body.figure).toMatchObject({ qualifier: 'exact', value: 50, version: f.version + 1, attribution: { text: 'Juan Guaidó' } });
    expect([...res.body.figure.correctedFields].sort()).toEqual(['attribution', 'numbers']);
    expect((await json<{ figure: FigureDto }>('viewer', 'GET', `/api/figures/${f.id}`)).body.figure).toEqual(res.body.figure);
    added.countries = res.body.figure;
  });

  it('a dismissed figure leaves the board and stays listed, flagged', async () => {
    const f = added.moreThan100!;
    const res = await json<{ figure: FigureDto }>('editor', 'POST', `/api/figures/${f.id}/dismissal`, { dismissed: true, expectedVersion: f.version });
    expect(res.status).toBe(200);
    const { body } = await json<StoryFiguresResponse>('viewer', 'GET', `/api/stories/${storyId}/figures`);
    expect(body.figures.find((x) => x.id === f.id)?.dismissed).toBe(true);
    expect(body.groups.flatMap((g) => g.figureIds)).not.toContain(f.id);
    expect(body.groups[0]?.summary).toBe('Defections: ≈104 to 567 across 2 articles, 2 languages, 3 sources');
    added.moreThan100 = res.body.figure;
  });
});

describe('refusals', () => {
  const figure = async () => (await json<ClaimFiguresResponse>('viewer', 'GET', `/api/claims/${s('002').id}/figures`)).body.figures[0]!;
  const validAdd = () => ({ ...spanOf('002', 'Three members'), numbers: { qualifier: 'exact', value: 3 }, counted: 'people_defected', ...NO_ATTRIBUTION });

  /** Sends `body` (JSON, or raw text), expects a 400 naming `field`, and that nothing was written. */
  async function expectFieldError(role: Role, method: string, path: string, body: unknown, field: string) {
    const before = await auditCount();
    const res = await desk.call(role, method, path, body);
    const text = await res.text();
    expect(res.status, text).toBe(400);
    const { error } = JSON.parse(text) as ErrorBody;
    expect(error.code).toBe('invalid_input');
    expect(error.issues?.[0]?.path, text).toBe(field);
    expect(error.message.startsWith(`${field}: `), text).toBe(true);
    expect(await auditCount()).toBe(before);
  }

  it('400 names the field: malformed ids', async () => {
    await expectFieldError('viewer', 'GET', '/api/figures/not-a-uuid', undefined, 'id');
    await expectFieldError('viewer', 'GET', '/api/claims/not-a-uuid/figures', undefined, 'id');
    await expectFieldError('viewer', 'GET', '/api/stories/not-a-uuid/figures', undefined, 'id');
    await expectFieldError('editor', 'PATCH', '/api/figures/12345', { expectedVersion: 1, counted: 'other' }, 'id');
    await expectFieldError('reviewer', 'POST', '/api/figures/x/verdict', { status: 'verified', reason: 'r', evidence: [], expectedVersion: 1 }, 'id');
  });

  it('400 names the field: bounded board queries', async () => {
    await expectFieldError('viewer', 'GET', `/api/stories/${storyId}/figures?counted=people_defected&limit=${STORY_FIGURES_PAGE_MAX + 1}`, undefined, 'limit');
    await expectFieldError('viewer', 'GET', `/api/stories/${storyId}/figures?counted=people_defected&offset=-1`, undefined, 'offset');
    await expectFieldError('viewer', 'GET', `/api/stories/${storyId}/figures?counted=soldiers`, undefined, 'counted');
    await expectFieldError('viewer', 'GET', `/api/stories/${storyId}/figures?view=all`, undefined, 'view');
    await expectFieldError('viewer', 'GET', `/api/stories/${storyId}/figures?view=board&counted=soldiers`, undefined, 'counted');
  });

  it('400 names the field: numbers the qualifier needs, or cannot take', async () => {
    const path = `/api/claims/${s('002').id}/figures`;
    await expectFieldError('editor', 'POST', path, { ...validAdd(), numbers: { qualifier: 'more_than' } }, 'numbers.min');
    await expectFieldError('editor', 'POST', path, { ...validAdd(), numbers: { qualifier: 'between', min: 5 } }, 'numbers.max');
    await expectFieldError('editor', 'POST', path, { ...validAdd(), numbers: { qualifier: 'exact', value: 3, min: 1 } }, 'numbers.min');
    await expectFieldError('editor', 'POST', path, { ...validAdd(), numbers: { qualifier: 'between', min: 9, max: 5 } }, 'numbers.max');
    await expectFieldError('editor', 'POST', path, { ...validAdd(), numbers: { qualifier: 'roughly', value: 3 } }, 'numbers.qualifier');
  });

  it('400 names the field: NaN, infinite and huge numbers', async () => {
    const path = `/api/claims/${s('002').id}/figures`;
    await expectFieldError('editor', 'POST', path, { ...validAdd(), numbers: { qualifier: 'exact', value: 'NaN' } }, 'numbers.value');
    await expectFieldError('editor', 'POST', path, { ...validAdd(), numbers: { qualifier: 'exact', value: 1e300 } }, 'numbers.value');
    // JSON has no Infinity, but 1e400 parses to it.
    const raw = JSON.stringify({ ...validAdd(), numbers: { qualifier: 'at_least', min: 0 } }).replace('"min":0', '"min":1e400');
    await expectFieldError('editor', 'POST', path, raw, 'numbers.min');
    const f = await figure();
    await expectFieldError('editor', 'PATCH', `/api/figures/${f.id}`, { expectedVersion: 2 ** 40, counted: 'other' }, 'expectedVersion');
    await expectFieldError('editor', 'POST', `/api/figures/${f.id}/dismissal`, { dismissed: 'yes', expectedVersion: f.version }, 'dismissed');
  });

  it('400 names the field: spans outside the body, reversed or empty', async () => {
    const path = `/api/claims/${s('002').id}/figures`;
    const length = s('002').body.length;
    await expectFieldError('editor', 'POST', path, { ...validAdd(), spanStart: length - 1, spanEnd: length + 5 }, 'spanEnd');
    await expectFieldError('editor', 'POST', path, { ...validAdd(), spanStart: 10, spanEnd: 10 }, 'spanEnd');
    await expectFieldError('editor', 'POST', path, { ...validAdd(), spanStart: -1 }, 'spanStart');
    await expectFieldError('editor', 'POST', path, { ...validAdd(), spanStart: 1.5 }, 'spanStart');
    await expectFieldError('editor', 'POST', path, { ...validAdd(), counted: 'sheep' }, 'counted');
  });

  it('400 names the field: a verdict without its reason', async () => {
    const f = await figure();
    await expectFieldError(
      'reviewer',
      'POST',
      `/api/figures/${f.id}/verdict`,
      { status: 'disputed', reason: '', evidence: [], expectedVersion: f.version },
      'reason',
    );
  });

  it('403 by role: viewers set no verdicts; only editors reopen, correct, add or dismiss', async () => {
    const f = await figure();
    const cases: [Role, string, string, unknown][] = [
      ['viewer', 'POST', `/api/figures/${f.id}/verdict`, { status: 'verified', reason: 'r', evidence: [], expectedVersion: f.version }],
      ['reviewer', 'POST', `/api/figures/${f.id}/verdict`, { status: 'unreviewed', reason: 'r', evidence: [], expectedVersion: f.version }],
      ['reviewer', 'PATCH', `/api/figures/${f.id}`, { expectedVersion: f.version, counted: 'other' }],
      ['viewer', 'PATCH', `/api/figures/${f.id}`, { expectedVersion: f.version, counted: 'other' }],
      ['reviewer', 'POST', `/api/figures/${f.id}/dismissal`, { dismissed: true, expectedVersion: f.version }],
      ['reviewer', 'POST', `/api/claims/${s('002').id}/figures`, validAdd()],
      ['viewer', 'POST', `/api/claims/${s('002').id}/figures`, validAdd()],
    ];
    for (const [role, method, path, body] of cases) {
      const before = await auditCount();
      const res = await json<ErrorBody>(role, method, path, body);
      expect(res.status, `${role} ${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(await auditCount()).toBe(before);
    }
    expect(await figure()).toEqual(f);
  });

  it('404 for figures, claims and stories that do not exist; story_merged with mergedInto', async () => {
    const cases: [Role, string, string, unknown][] = [
      ['viewer', 'GET', `/api/figures/${MISSING}`, undefined],
      ['editor', 'PATCH', `/api/figures/${MISSING}`, { expectedVersion: 1, counted: 'other' }],
      ['reviewer', 'POST', `/api/figures/${MISSING}/verdict`, { status: 'verified', reason: 'r', evidence: [], expectedVersion: 1 }],
      ['editor', 'POST', `/api/figures/${MISSING}/dismissal`, { dismissed: true, expectedVersion: 1 }],
      ['viewer', 'GET', `/api/claims/${MISSING}/figures`, undefined],
      ['editor', 'POST', `/api/claims/${MISSING}/figures`, validAdd()],
      ['viewer', 'GET', `/api/stories/${MISSING}/figures`, undefined],
    ];
    for (const [role, method, path, body] of cases) {
      const res = await json<ErrorBody>(role, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error.code).toBe('not_found');
    }
    const merged = await db.story.create({ data: { title: 'Merged away', size: 0, mergedIntoId: storyId } });
    const res = await json<ErrorBody>('viewer', 'GET', `/api/stories/${merged.id}/figures`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'story_merged' }, mergedInto: storyId });
  });

  it('409 on a stale expectedVersion, with the figure as it is now in `current`; nothing written', async () => {
    const f = await figure();
    const fresh = await json<{ figure: FigureDto }>('reviewer', 'POST', `/api/figures/${f.id}/verdict`, {
      status: 'verified',
      reason: 'First.',
      evidence: [],
      expectedVersion: f.version,
    });
    expect(fresh.status).toBe(200);
    const now = fresh.body.figure;
    const stale: [Role, string, string, unknown][] = [
      ['reviewer2', 'POST', `/api/figures/${f.id}/verdict`, { status: 'disputed', reason: 'Second.', evidence: [], expectedVersion: f.version }],
      ['editor', 'PATCH', `/api/figures/${f.id}`, { expectedVersion: f.version, counted: 'other' }],
      ['editor', 'POST', `/api/figures/${f.id}/dismissal`, { dismissed: true, expectedVersion: f.version }],
    ];
    for (const [role, method, path, body] of stale) {
      const before = await auditCount();
      const res = await json<ErrorBody>(role, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.error.code).toBe('conflict');
      expect(res.body.current).toEqual(now);
      expect(await auditCount()).toBe(before);
    }
    expect((await json<{ figure: FigureDto }>('viewer', 'GET', `/api/figures/${f.id}`)).body.figure).toEqual(now);
  });
});
