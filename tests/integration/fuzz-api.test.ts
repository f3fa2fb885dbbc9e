// Property-based test over every API route and every socket event: random and
// hostile strings, numbers and shapes in every path parameter, query parameter
// and body field (and random methods and bodies) never get a 5xx or an
// `internal` ack, and input the server refuses writes nothing. The routes come
// from the files under app/api and the events from CLIENT_EVENT_SCHEMAS, so a
// new route or event is fuzzed without anyone listing it.
//
// The seed is fixed; on failure fast-check prints the seed, the path and the
// shrunk request, which reproduce it (fc.assert(…, { seed, path })).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AUDIT_ACTIONS } from '../../lib/validation/audit-events';
import { db } from '../../lib/db';
import { CLIENT_EVENT_SCHEMAS, type ClientEvent } from '../../lib/realtime/events';
import { articlesJsonRequestSchema } from '../../lib/validation/articles';
import { auditExportQuerySchema, auditQuerySchema } from '../../lib/validation/audit';
import { CLAIM_STATUSES, listClaimsQuerySchema } from '../../lib/validation/claims';
import { EXPORT_FORMATS, exportQuerySchema } from '../../lib/validation/export';
import {
  figureAddSchema,
  figureCorrectionSchema,
  figureDismissalSchema,
  figureVerdictSchema,
  FIGURE_COUNTED,
  storyFiguresQuerySchema,
} from '../../lib/validation/figures';
import { listStoriesQuerySchema, STORY_DECISIONS, storyDecisionSchemas } from '../../lib/validation/stories';
import { assignmentInputSchema, commentInputSchema, verdictInputSchema } from '../../lib/validation/verdicts';
import {
  acceptInvitationSchema,
  accountStatusSchema,
  changePasswordSchema,
  inviteInputSchema,
  roleChangeSchema,
  signOutSessionsSchema,
} from '../../lib/validation/users';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';
import { apiRouteFiles, HTTP_METHODS, type RouteFile, type Segment } from '../support/route-files';
import { connectSocket, connected, type DeskSocket, emitAny, emitAnyWithoutAck, refused } from '../support/socket-client';

const SEED = 20261201;
const RUNS = { editor: 100, anonymous: 25, socket: 150, handshake: 20 };

let desk: Desk;
let ids: string[]; // claim, story, figure and user ids that exist, so fuzzing reaches past the "not found" check
let claimIds: string[];
let storyIds: string[];
let figureIds: string[];
let userIds: string[];
let invitationIds: string[];
let claimCursor: string;

beforeAll(async () => {
  desk = await openDesk({ signIn: 'credentials' });
  claimIds = (await db.claim.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((c) => c.id);
  storyIds = (await db.story.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((s) => s.id);
  figureIds = (await db.figure.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((f) => f.id);
  if (figureIds.length === 0) throw new Error('the seeds have no figures: extraction on import did not run');
  userIds = (await db.user.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((u) => u.id);
  // A pending invitation, so withdrawing one reaches past "not found".
  await desk.call('editor', 'POST', '/api/people', { email: 'pending@paper.example', displayName: 'Pending', role: 'viewer' });
  invitationIds = (await db.invitation.findMany({ select: { id: true } })).map((i) => i.id);
  ids = [...claimIds, ...storyIds, ...figureIds, ...userIds];
  const page = (await (await desk.call('editor', 'GET', '/api/claims?limit=1')).json()) as { nextCursor: string };
  claimCursor = page.nextCursor;
}, 120_000);
afterAll(() => closeDesk(desk));

// ---------------------------------------------------------------------------
// What the database holds: row count and a content hash per table.

type TableState = { rows: number; hash: string };

let snapshotSql: string | null = null;
async function snapshot(): Promise<{ tables: Record<string, TableState>; maxSeq: number; lastAction: string | null }> {
  if (!snapshotSql) {
    // Every table but the migrations ledger, socket.io's own scratch table and the
    // copy of signed audit checkpoints (the server's background signer and every
    // audit export add to it, whatever the request).
    const tables = await db.$queryRaw<{ tablename: string }[]>`
      SELECT tablename FROM pg_tables WHERE schemaname = 'public'
        AND tablename NOT IN ('_prisma_migrations', 'socket_io_attachments', 'audit_checkpoints') ORDER BY tablename`;
    snapshotSql = tables
      .map(
        ({ tablename: t }) =>
          `SELECT '${t}' AS t, count(*)::int AS n, md5(coalesce(string_agg(md5(x::text), ',' ORDER BY md5(x::text)), '')) AS h FROM "${t}" x`,
      )
      .join(' UNION ALL ');
  }
  const rows = await db.$queryRawUnsafe<{ t: string; n: number; h: string }[]>(snapshotSql);
  const last = await db.auditEvent.findFirst({ orderBy: { seq: 'desc' }, select: { seq: true, action: true } });
  return {
    tables: Object.fromEntries(rows.map((r) => [r.t, { rows: r.n, hash: r.h }])),
    maxSeq: Number(last?.seq ?? 0),
    lastAction: last?.action ?? null,
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** What a request may write although it changes nothing: one audit event of `action`, and the tables named. */
type AllowedWrite = { action: string; tables?: readonly string[] };

/** Nothing changed; or, with `allowed`, only the audit trail grew, by one event of that action (and the tables it names changed). */
function expectUnchanged(before: Snapshot, after: Snapshot, what: string, allowed?: AllowedWrite) {
  if (allowed && after.maxSeq === before.maxSeq + 1 && after.lastAction === allowed.action) {
    const others = (tables: Snapshot['tables']) =>
      Object.fromEntries(Object.entries(tables).filter(([t]) => t !== 'audit_events' && !allowed.tables?.includes(t)));
    expect(others(after.tables), `${what}: only its audit event was written`).toEqual(others(before.tables));
    return;
  }
  expect(after.maxSeq, `${what}: no audit event written`).toBe(before.maxSeq);
  expect(after.tables, `${what}: no table changed`).toEqual(before.tables);
}

// ---------------------------------------------------------------------------
// Hostile values.

const b64 = (s: string) => Buffer.from(s).toString('base64url');

const HOSTILE_STRINGS = [
  '',
  ' ',
  '-'.repeat(36),
  '0'.repeat(36),
  'g'.repeat(36),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '12345678-1234-1234-1234-123456789abc',
  'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA',
  '{00000000-0000-4000-8000-000000000000}',
  '00000000000040008000000000000000',
  '00000000-0000-4000-8000-00000000000',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uFEFF',
  '\u202Etxt.exe',
  '\u2028\u2029',
  '😀',
  '%',
  '%00',
  '%zz',
  '%ED%A0%80',
  '..',
  '../..',
  '/',
  '\\',
  '?',
  '#',
  '&',
  '=',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1.5',
  ' 1 ',
  '0x1f',
  '1e3',
  '1e309',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '9223372036854775808',
  '9'.repeat(400),
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+01:00',
  '9999-12-31T23:59:59-14:00',
  '2026-02-30',
  '2026-13-01',
  '+275760-09-13',
  '2026-01-01T25:00:00Z',
  '1970-01-01T00:00:00Z',
  "' OR 1=1 --",
  '"; DROP TABLE claims; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'x'.repeat(201),
  'x'.repeat(2001),
  'x'.repeat(70_000),
  b64('2026-01-01T00:00:00.000Z|not-an-id'),
  b64(`2026-01-01T00:00:00.000Z|${'-'.repeat(36)}`),
  b64('|'),
  b64('garbage'),
  b64('0000-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000'),
  b64('2026-01-01|00000000-0000-4000-8000-000000000000'),
  b64('2026-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000|x'),
  b64('1|00000000-0000-4000-8000-000000000000'),
  b64('+275760-09-13T00:00:00.000Z|00000000-0000-4000-8000-000000000000'),
  '!!!',
  '====',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const stringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), loneSurrogate), maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-fA-F-]{36}$/) },
  { weight: 1, arbitrary: fc.uuid({ version: [1, 4, 7, 15] }) },
  { weight: 1, arbitrary: fc.base64String({ maxLength: 80 }) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String) },
);

const numberArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, Number.MAX_VALUE, -0, 0, 0.5, 1e-300, -1),
);

const scalarArb: fc.Arbitrary<unknown> = fc.oneof(stringArb, numberArb, fc.boolean(), fc.constant(null));
const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalarArb },
  { weight: 1, arbitrary: fc.array(scalarArb, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('url', 'label', 'x', '__proto__', 'constructor'), scalarArb, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.record({ url: scalarArb, label: scalarArb }, { requiredKeys: [] }), { maxLength: 12 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Values a field would accept, mixed in so fuzzing also reaches the code past the first check. */
function plausible(field: string): fc.Arbitrary<unknown> | null {
  const one = (...values: unknown[]) => fc.constantFrom(...values);
  const table: Record<string, () => fc.Arbitrary<unknown>> = {
    status: () => one(...CLAIM_STATUSES),
    format: () => one(...EXPORT_FORMATS),
    action: () => one(...AUDIT_ACTIONS),
    assigned: () => one('me', 'none'),
    due: () => one('1'),
    lang: () => one('en', 'pt', 'bg', 'xx'),
    limit: () => one(1, 2, 50, 100, 200),
    cursor: () => one(claimCursor, 1, 100),
    claimId: () => one(...claimIds),
    userId: () => one(...ids, null),
    actor: () => one('admin@factdesk.test', 'admin', ...ids),
    reviewer: () => one('reviewer@factdesk.test', ...ids),
    ids: () => fc.subarray(ids, { minLength: 1 }).map((a) => a.join(',')),
    after: () => one('2026-01-01', '2026-12-31T10:00:00Z'),
    before: () => one('2026-12-31', '2027-01-01T00:00:00+02:00'),
    from: () => one('2026-01-01'),
    to: () => one('2027-12-31'),
    reason: () => one('Fuzzed reason.'),
    evidence: () => one([], [{ url: 'https://example.org/a', label: 'A' }]),
    expectedVersion: () => one(1, 2, 3),
    reReviewAt: () => one('2027-01-01', null),
    body: () => one('Fuzzed comment.'),
    q: () => one('the', 'vaccin'),
    what: () => one('verdict', 'comment', null),
    since: () => one(0, 1, 10),
    email: () => one('admin@factdesk.test'),
    minSize: () => one(1, 2, 1000),
    suggestionId: () => one(...storyIds, ...claimIds),
    toStoryId: () => one(...storyIds, null),
    otherStoryId: () => one(...storyIds, '00000000-0000-4000-8000-000000000000'),
    otherVersion: () => one(1, 2, 3),
    claimIds: () => fc.subarray(claimIds, { minLength: 1 }),
    title: () => one('Fuzzed title', null, ''),
    note: () => one('Fuzzed note.', ''),
    // Figures (issue 13).
    spanStart: () => one(0, 4, 40),
    spanEnd: () => one(3, 12, 60, 1_000_000),
    numbers: () =>
      one(
        { qualifier: 'exact', value: 12 },
        { qualifier: 'more_than', min: 100, approximate: true },
        { qualifier: 'between', min: 50, max: 60 },
        { qualifier: 'about' },
      ),
    counted: () => one(...FIGURE_COUNTED),
    countedText: () => one('soldiers', null),
    unit: () => one('%', null),
    attribution: () => one('Marco Rubio on his Twitter account', { attribution: 'AFP', source: 'AFP', relayedBy: null }, null),
    source: () => one('Migración Colombia', null),
    relayedBy: () => one('AFP', null),
    timeText: () => one('Thursday', null),
    timeDate: () => one('2019-02-21', null),
    time: () => one({ timeText: 'Thursday', timeDate: '2019-02-21' }, { timeText: null, timeDate: null }),
    dismissed: () => one(true, false),
    // People (issue 15); "all" is left out of scope on purpose (see FIELDS).
    role: () => one('editor', 'reviewer', 'viewer', 'admin'),
    displayName: () => one('Fuzzed Person', ''),
    disabled: () => one(true, false),
    scope: () => one('one', 'others'),
    sessionId: () => one(...ids),
    password: () => one('quiet orange ferry at dawn', 'short'),
    current: () => one('not the password at all'),
    next: () => one('quiet orange ferry at dawn', 'short'),
  };
  return table[field]?.() ?? null;
}

const fieldValue = (field: string) => {
  const p = plausible(field);
  return p ? fc.oneof({ weight: 1, arbitrary: p }, { weight: 2, arbitrary: valueArb }) : valueArb;
};
// JSON.stringify as it behaves: its declared type leaves out the undefined it
// returns for undefined, functions and symbols, which the fuzzer generates.
const stringify: (value: unknown) => string | undefined = JSON.stringify;
const asQueryValue = (v: unknown) => (typeof v === 'string' ? v : (stringify(v) ?? ''));

/** An object with any subset of the known fields, each plausible or hostile, and sometimes an unknown one. */
function mixedShapeArb(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((f) => [f, fieldValue(f)])), { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom('x', '__proto__', 'constructor', 'id'), valueArb, { maxKeys: 1 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** Plausible values for a subset of the fields with at most one hostile: reaches the code behind validation. */
function nearlyValidShapeArb(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  if (fields.length === 0) return fc.constant({});
  const model = Object.fromEntries(fields.map((f) => [f, plausible(f) ?? valueArb]));
  return fc
    .tuple(fc.oneof(fc.record(model, { requiredKeys: [] }), fc.record(model)), fc.option(fc.tuple(fc.constantFrom(...fields), valueArb), { nil: undefined }))
    .map(([known, off]) => (off ? { ...known, [off[0]]: off[1] } : known));
}

function shapeArb(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(mixedShapeArb(fields), nearlyValidShapeArb(fields));
}

/** One field of an otherwise acceptable input replaced by a hostile value. */
function oneFieldOffArb(base: Record<string, unknown>, fields: readonly string[]) {
  return fc.tuple(fc.constantFrom(...fields), valueArb).map(([f, v]) => ({ ...base, [f]: v }));
}

/** Usually nothing, sometimes a value. */
const rarely = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);

// ---------------------------------------------------------------------------
// What each route file reads. Every route on disk is fuzzed whether or not it
// is listed here; the entry adds its query and body field names.

type RouteFields = {
  query?: readonly string[];
  body?: readonly string[];
  bodySchema?: z.ZodType;
  base?: () => Record<string, unknown>;
  form?: boolean;
  /** A mutation whose only input is its path (DELETE …/{id}): accepted, it wrote what the id names, and must have been a real id. */
  pathOnly?: (path: string) => boolean;
  /** A refusal the route audits by design, with the tables that count it. */
  refusalWrites?: AllowedWrite;
};

const NEXTAUTH_WORDS = ['session', 'csrf', 'providers', 'signin', 'signout', 'callback', 'credentials', 'error', 'verify-request', '_log'];

const FIELDS: Record<string, RouteFields> = {
  'app/api/[...unknown]/route.ts': {},
  'app/api/articles/route.ts': {
    body: keysOf(articlesJsonRequestSchema),
    bodySchema: articlesJsonRequestSchema,
    base: () => ({ articles: [{ text: 'Fuzzed article: four soldiers asked for asylum at the border on Monday, officials said.' }] }),
  },
  'app/api/audit/route.ts': { query: keysOf(auditQuerySchema) },
  'app/api/audit/verify/route.ts': {},
  'app/api/audit/export/route.ts': { query: keysOf(auditExportQuerySchema) },
  'app/api/auth/[...nextauth]/route.ts': {
    query: ['callbackUrl', 'error', 'csrf', 'json'],
    body: ['csrfToken', 'email', 'password', 'json', 'callbackUrl', 'redirect'],
    form: true,
  },
  'app/api/claims/[id]/assignment/route.ts': { body: keysOf(assignmentInputSchema), bodySchema: assignmentInputSchema, base: () => ({ userId: null }) },
  'app/api/claims/[id]/audit/route.ts': { query: keysOf(auditQuerySchema) },
  'app/api/claims/[id]/comments/route.ts': { body: keysOf(commentInputSchema), bodySchema: commentInputSchema, base: () => ({ body: 'Fuzzed comment.' }) },
  'app/api/claims/[id]/route.ts': {},
  'app/api/claims/[id]/verdict/route.ts': {
    body: keysOf(verdictInputSchema),
    bodySchema: verdictInputSchema,
    base: () => ({ status: 'disputed', reason: 'Fuzzed reason.', evidence: [], expectedVersion: 1 }),
  },
  'app/api/claims/route.ts': { query: keysOf(listClaimsQuerySchema) },
  'app/api/claims/[id]/figures/route.ts': {
    body: keysOf(figureAddSchema),
    bodySchema: figureAddSchema,
    base: () => ({
      spanStart: 4,
      spanEnd: 12,
      numbers: { qualifier: 'exact', value: 12 },
      counted: 'other',
      attribution: null,
      source: null,
      relayedBy: null,
      timeText: null,
      timeDate: null,
    }),
  },
  'app/api/export/route.ts': { query: keysOf(exportQuerySchema) },
  'app/api/figures/[id]/dismissal/route.ts': {
    body: keysOf(figureDismissalSchema),
    bodySchema: figureDismissalSchema,
    base: () => ({ dismissed: true, expectedVersion: 1 }),
  },
  'app/api/figures/[id]/route.ts': {
    body: keysOf(figureCorrectionSchema),
    bodySchema: figureCorrectionSchema,
    base: () => ({ expectedVersion: 1, counted: 'people_defected' }),
  },
  'app/api/figures/[id]/verdict/route.ts': {
    body: keysOf(figureVerdictSchema),
    bodySchema: figureVerdictSchema,
    base: () => ({ status: 'disputed', reason: 'Fuzzed reason.', evidence: [], expectedVersion: 1 }),
  },
  'app/api/health/route.ts': {},
  'app/api/stories/[id]/[decision]/route.ts': {
    body: [...new Set(Object.values(storyDecisionSchemas).flatMap((schema) => keysOf(schema)))],
    // Which schema applies depends on the path's decision; accepted input must pass at least one.
    bodySchema: z.union(Object.values(storyDecisionSchemas)),
    base: () => ({ title: 'Fuzzed title', expectedVersion: 1 }),
  },
  'app/api/stories/[id]/figures/route.ts': { query: keysOf(storyFiguresQuerySchema) },
  'app/api/stories/[id]/route.ts': {},
  'app/api/stories/groups/route.ts': { query: keysOf(listClaimsQuerySchema) },
  'app/api/stories/route.ts': { query: keysOf(listStoriesQuerySchema) },
  // People (issue 15). No base for signing out or changing the password: a
  // fuzzed "sign out all" would end the editor's own session for the routes after.
  'app/api/account/password/route.ts': {
    body: keysOf(changePasswordSchema),
    bodySchema: changePasswordSchema,
    // A wrong current password is a failed sign-in: throttled and audited like one.
    refusalWrites: { action: 'auth.login_failed', tables: ['login_throttle'] },
  },
  'app/api/account/sessions/route.ts': {},
  'app/api/account/sessions/sign-out/route.ts': { body: ['scope', 'sessionId'], bodySchema: signOutSessionsSchema },
  'app/api/invitations/[token]/route.ts': { body: keysOf(acceptInvitationSchema), bodySchema: acceptInvitationSchema },
  'app/api/people/route.ts': {
    body: keysOf(inviteInputSchema),
    bodySchema: inviteInputSchema,
    base: () => ({ email: 'fuzzed@paper.example', displayName: 'Fuzzed Person', role: 'viewer' }),
  },
  'app/api/people/[id]/password-reset/route.ts': { bodySchema: z.object({}).strict() },
  'app/api/people/[id]/role/route.ts': { body: keysOf(roleChangeSchema), bodySchema: roleChangeSchema, base: () => ({ role: 'reviewer' }) },
  'app/api/people/[id]/status/route.ts': { body: keysOf(accountStatusSchema), bodySchema: accountStatusSchema, base: () => ({ disabled: false }) },
  'app/api/people/invitations/[id]/route.ts': {
    pathOnly: (path) => invitationIds.includes(/\/api\/people\/invitations\/([^/?]+)/.exec(path)?.[1] ?? ''),
  },
};

// A URL cannot carry a lone surrogate (encodeURIComponent throws); RAW_SEGMENTS sends its UTF-8 bytes instead.
const encodeSegment = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

const RAW_SEGMENTS = ['%', '%zz', '%00', '%2e%2e', '%2F', '%ED%A0%80', '%C0%AF', '%E9', '-'.repeat(36), '%20'];

/** Path parameters that take a word, not an id: the word is plausible as often as an id would be. */
const PARAM_WORDS: Record<string, readonly string[]> = { decision: STORY_DECISIONS };

/** The ids a route's `[id]` names: figures under /api/figures, accounts and invitations under /api/people, claims and stories elsewhere. */
function idsFor(route: RouteFile): string[] {
  const top = route.segments[1]?.kind === 'literal' ? route.segments[1].text : null;
  if (top === 'figures') return figureIds;
  if (top === 'people') return [...userIds, ...invitationIds];
  return [...claimIds, ...storyIds];
}

function segmentArb(segment: Segment, known: readonly string[]): fc.Arbitrary<string> {
  if (segment.kind === 'literal') return fc.constant(segment.text);
  const words = segment.kind === 'param' ? PARAM_WORDS[segment.name] : undefined;
  const one = fc.oneof(
    { weight: 4, arbitrary: words ? fc.constantFrom(...words) : fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.constantFrom(...ids) },
    { weight: 3, arbitrary: stringArb.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    ...(segment.kind === 'catchAll' ? [{ weight: 3, arbitrary: fc.constantFrom(...NEXTAUTH_WORDS, 'claims', 'audit', 'export') }] : []),
  );
  return segment.kind === 'param' ? one : fc.array(one, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
}

type FuzzRequest = { method: string; path: string; body?: string; contentType?: string; requestId?: string; cookie?: string; origin?: string };

// Cookies next-auth and the session lookup read, with values a browser would never hold.
const COOKIE_NAMES = [
  'next-auth.callback-url',
  '__Secure-next-auth.callback-url',
  'next-auth.csrf-token',
  'next-auth.session-token',
  '__Secure-next-auth.session-token',
];
const cookieArb = fc
  .tuple(
    fc.constantFrom(...COOKIE_NAMES),
    fc.oneof(
      fc.constantFrom('0', '', 'javascript:alert(1)', '%', '%zz', '//a:99999', 'http://', '/ok', 'https://evil.example/'),
      fc.stringMatching(/^[\x21-\x7e]{0,120}$/),
    ),
  )
  .map(([name, value]) => `${name}=${value}`);

const JUNK_BODIES = [
  '',
  '{',
  '{"body": ',
  '[]',
  'null',
  '"x"',
  '1e400',
  '{"expectedVersion": 1e400}',
  '{"__proto__": {"admin": true}}',
  '['.repeat(100_000),
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  'a=b&c',
  '\u0000',
];

function requestArb(route: RouteFile): fc.Arbitrary<FuzzRequest> {
  const spec = FIELDS[route.file] ?? {};
  const bodyFields = spec.body ?? [];
  const known = idsFor(route);
  const path = fc.tuple(...route.segments.map((segment) => segmentArb(segment, known))).map((parts) => `/${parts.join('/')}`);
  const query = fc.tuple(shapeArb(spec.query ?? []), fc.constantFrom('', '&%', '&q=%E9', '&=x', '&limit=1&limit=x', '&cursor=%00')).map(([fields, junk]) => {
    const s = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, asQueryValue(v)])).toString() + junk;
    return s ? `?${s.replace(/^&/, '')}` : '';
  });
  const value = fc.oneof(
    { weight: 3, arbitrary: shapeArb(bodyFields) },
    // The acceptable input itself, so the write path behind validation runs too.
    ...(spec.base
      ? [
          { weight: 3, arbitrary: oneFieldOffArb(spec.base(), bodyFields) },
          { weight: 1, arbitrary: fc.constant(spec.base()) },
        ]
      : []),
    { weight: 1, arbitrary: valueArb },
  );
  const body = fc.oneof(
    { weight: spec.form ? 1 : 4, arbitrary: value.map((v) => ({ body: stringify(v) ?? 'null', contentType: 'application/json' })) },
    {
      weight: spec.form ? 4 : 1,
      arbitrary: shapeArb(bodyFields).map((v) => ({
        body: new URLSearchParams(Object.entries(v).map(([k, x]) => [k, asQueryValue(x)])).toString(),
        contentType: 'application/x-www-form-urlencoded',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.constantFrom(...JUNK_BODIES), stringArb),
          fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', undefined),
        )
        .map(([b, contentType]) => ({ body: b, contentType })),
    },
    { weight: 1, arbitrary: fc.constant({ body: undefined, contentType: undefined }) },
  );
  const method = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...route.methods) }, { weight: 1, arbitrary: fc.constantFrom(...HTTP_METHODS) });
  const requestId = rarely(fc.stringMatching(/^[\x20-\x7e]{0,300}$/));
  const cookie = rarely(cookieArb);
  const origin = rarely(fc.constantFrom('null', 'https://evil.example', desk.app.baseUrl));
  return fc.record({ method, path, query, body, requestId, cookie, origin }).map(({ method, path, query, body, requestId, cookie, origin }) => ({
    method,
    path: path + query,
    ...(method === 'GET' || method === 'HEAD' || body.body === undefined ? {} : body),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(cookie !== undefined ? { cookie } : {}),
    ...(origin !== undefined ? { origin } : {}),
  }));
}

async function send(who: 'editor' | 'anonymous', r: FuzzRequest): Promise<{ status: number; text: string; contentType: string }> {
  const res = await fetch(`${desk.app.baseUrl}${r.path}`, {
    method: r.method,
    redirect: 'manual',
    headers: {
      ...(who === 'editor' || r.cookie ? { cookie: [who === 'editor' ? desk.cookies.editor : '', r.cookie ?? ''].filter(Boolean).join('; ') } : {}),
      ...(r.contentType ? { 'content-type': r.contentType } : {}),
      ...(r.requestId !== undefined ? { 'x-request-id': r.requestId } : {}),
      ...(r.origin !== undefined ? { origin: r.origin } : {}),
    },
    body: r.body,
  });
  return { status: res.status, text: r.method === 'HEAD' ? '' : await res.text(), contentType: res.headers.get('content-type') ?? '' };
}

const isExport = (route: RouteFile) => route.file === 'app/api/export/route.ts';
const mutating = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

async function checkRoute(route: RouteFile, who: 'editor' | 'anonymous', r: FuzzRequest) {
  const spec = FIELDS[route.file] ?? {};
  const before = await snapshot();
  const res = await send(who, r);
  const what = `${r.method} ${r.path.slice(0, 300)} as ${who} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, what).toBeLessThan(500);
  const after = await snapshot();
  const ok = res.status >= 200 && res.status < 300;
  if (ok && mutating(r.method) && spec.pathOnly) {
    expect(spec.pathOnly(r.path), `${what}: accepted a path that names nothing`).toBe(true);
    return;
  }
  if (ok && mutating(r.method) && spec.bodySchema) {
    // Accepted input must be input the route's schema accepts; what it wrote is then legitimate.
    expect(spec.bodySchema.safeParse(JSON.parse(r.body ?? 'null')).success, `${what}: accepted input its schema refuses`).toBe(true);
    return;
  }
  // A refused request writes nothing; reads write nothing (an export audits itself).
  expectUnchanged(before, after, what, ok ? (isExport(route) ? { action: 'export.produced' } : undefined) : spec.refusalWrites);
  if (
    res.status === 400 &&
    r.method !== 'HEAD' &&
    res.contentType.includes('application/json') &&
    r.path.startsWith('/api/') &&
    !r.path.startsWith('/api/auth/')
  ) {
    // Invalid input is answered with a message that names the field it is about.
    const { error } = JSON.parse(res.text) as { error: { code: string; message: string; issues?: { path: string }[] } };
    expect(error.code, what).toBe('invalid_input');
    const field = error.issues?.[0]?.path;
    if (field) expect(error.message.startsWith(`${field}: `), what).toBe(true);
  }
}

describe('every API route', () => {
  const routes = apiRouteFiles();

  it('is found on disk, and the field table has exactly one entry per route file', () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(Object.keys(FIELDS).sort()).toEqual(routes.map((r) => r.file));
  });

  for (const route of routes) {
    it(`${route.file} (${route.methods.join(', ')}): hostile input as editor and anonymous → no 5xx, refused input writes nothing`, async () => {
      for (const who of ['editor', 'anonymous'] as const) {
        await fc.assert(
          fc.asyncProperty(requestArb(route), (r) => checkRoute(route, who, r)),
          { seed: SEED, numRuns: RUNS[who] },
        );
      }
      expect(desk.app.alive()).toBe(true);
    }, 240_000);
  }
});

// ---------------------------------------------------------------------------
// Socket events.

const emitWithAck = (socket: DeskSocket, event: string, payload: unknown) => emitAny(socket, event, payload, 10_000);

const EVENTS = Object.keys(CLIENT_EVENT_SCHEMAS) as ClientEvent[];
const SOCKET_BASE: Partial<Record<ClientEvent, () => Record<string, unknown>>> = {
  'verdict:set': () => ({ claimId: claimIds[0], status: 'disputed', reason: 'Fuzzed reason.', evidence: [], expectedVersion: 1 }),
  'presence:writing': () => ({ claimId: claimIds[0], what: 'comment' }),
};

function socketPayloadArb(event: ClientEvent): fc.Arbitrary<unknown> {
  const schema = CLIENT_EVENT_SCHEMAS[event] as z.ZodType;
  const fields = [
    ...new Set([...('shape' in schema ? Object.keys((schema as z.ZodObject).shape) : []), ...(event === 'verdict:set' ? keysOf(verdictInputSchema) : [])]),
  ];
  const base = SOCKET_BASE[event];
  return fc.oneof(
    { weight: 4, arbitrary: shapeArb(fields) },
    ...(base ? [{ weight: 3, arbitrary: oneFieldOffArb(base(), fields) }] : []),
    { weight: 1, arbitrary: valueArb },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

describe('every socket event', () => {
  it('has a schema for each event the fuzzer sends', () => {
    expect(EVENTS.length).toBeGreaterThan(3);
  });

  it('hostile payloads as editor → never an internal error, the server stays up, refused payloads write nothing', async () => {
    let socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.editor });
    await connected(socket);
    try {
      const arb = fc.constantFrom(...EVENTS).chain((event) => fc.tuple(fc.constant(event), socketPayloadArb(event), fc.boolean()));
      await fc.assert(
        fc.asyncProperty(arb, async ([event, payload, withAck]) => {
          if (!socket.connected) {
            // A server may drop a client that misbehaves; that is allowed, crashing is not.
            socket.close();
            socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.editor });
            await connected(socket);
          }
          const before = await snapshot();
          const what = `${event} ${stringify(payload)?.slice(0, 300)}`;
          // A verdict sent without an ack could be valid and land after we look; send those with one.
          if (withAck || event === 'verdict:set') {
            const reply = await emitWithAck(socket, event, payload).catch((e: unknown) => {
              if (!socket.connected) return null; // dropped by the server: no ack to wait for
              throw new Error(`${what}: no answer (${e instanceof Error ? e.message : String(e)})`, { cause: e });
            });
            if (reply) expect(reply.ok ? 'ok' : reply.error?.code, `${what}: ${reply.error?.message ?? ''}`).not.toMatch(/^(internal|unavailable)$/);
            const after = await snapshot();
            if (reply?.ok && event === 'verdict:set') return; // a well-formed verdict for the current version: a legitimate write
            expectUnchanged(before, after, what);
          } else {
            // Without an ack callback the server must still not fall over: the next event is answered.
            emitAnyWithoutAck(socket, event, payload);
            const reply = await emitWithAck(socket, 'presence:snapshot', {}).catch(() => null);
            if (reply) expect(reply.error?.code ?? 'ok', what).not.toMatch(/^(internal|unavailable)$/);
            expectUnchanged(before, await snapshot(), what);
          }
        }),
        { seed: SEED, numRuns: RUNS.socket },
      );
      expect(desk.app.alive()).toBe(true);
    } finally {
      socket.close();
    }
  }, 240_000);

  it('hostile session cookies on the handshake → refused as unauthenticated, never a server error', async () => {
    const cookieArb = fc.oneof(
      fc.constant(undefined),
      fc.stringMatching(/^[\x21-\x7e]{0,200}$/).map((v) => `next-auth.session-token=${v}`),
      fc.stringMatching(/^[\x21-\x7e]{0,200}$/).map((v) => `__Secure-next-auth.session-token=${v}`),
      fc.constantFrom('next-auth.session-token=', 'next-auth.session-token=%', 'next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..x.y.z'),
    );
    await fc.assert(
      fc.asyncProperty(cookieArb, async (cookie) => {
        const before = await snapshot();
        const socket = connectSocket(desk.app.baseUrl, { cookie });
        try {
          expect(await refused(socket), String(cookie)).toBe('unauthenticated');
        } finally {
          socket.close();
        }
        expectUnchanged(before, await snapshot(), `handshake with ${cookie}`);
      }),
      { seed: SEED, numRuns: RUNS.handshake },
    );
    expect(desk.app.alive()).toBe(true);
  }, 120_000);
});
