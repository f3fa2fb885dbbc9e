// Every page, API route (and method) and socket event × {anonymous, viewer,
// reviewer, editor, disabled user}: the documented answer; a refused mutation
// writes nothing and an allowed one exactly one audit event. Rules within one
// route (only editors return a claim to unreviewed) get entries of their own.
// The table is checked against the files under app/ and the events the socket
// server registers, so a new route or event without an entry fails here. Also:
// cross-origin mutations on every mutating route, next-auth's own CSRF token.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../lib/db';
import { CLIENT_EVENT_SCHEMAS, type ClientEvent } from '../../lib/realtime/events';
import { createUser } from '../../lib/users/create-user';
import { inviteUser } from '../../lib/users/invite-user';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { login } from '../support/app-server';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';
import { connectSocket, connected, type DeskSocket, emitAny, refused } from '../support/socket-client';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WHO = ['anonymous', 'viewer', 'reviewer', 'editor', 'disabled'] as const;
type Who = (typeof WHO)[number];
type Expect = Record<Who, number>;

const DISABLED_EMAIL = 'disabled@factdesk.test';
let desk: Desk;
let claimId: string;
let storyId: string;
let reviewerId: string;
let figureId: string;
let figureSpanEnd = 20;
let disabledCookie: string;
// People (issue 15): an account whose role and status the matrix toggles, and one it issues reset links for.
let targetId: string;
let resetTargetId: string;
let pendingInvitationId: string;

beforeAll(async () => {
  desk = await openDesk({ signIn: 'credentials' });
  claimId = await desk.claimId('001_a4564d29494e56b0');
  // The seeds are grouped into their story on import.
  const grouped = (await db.claim.findUniqueOrThrow({ where: { id: claimId } })).storyId;
  if (!grouped) throw new Error('seed 001 has no story: grouping on import did not run');
  storyId = grouped;
  reviewerId = (await db.user.findUniqueOrThrow({ where: { email: 'reviewer@factdesk.test' } })).id;
  // Seeds get their figures on import.
  figureId = (await db.figure.findFirstOrThrow({ where: { claimId }, orderBy: { ordinal: 'asc' } })).id;
  // A reviewer whose session cookie is still cryptographically valid, but whose account is disabled.
  await createUser({ actor: null, user: { email: DISABLED_EMAIL, displayName: 'Dana Disabled', role: 'reviewer', password: DEMO_PASSWORD } });
  const session = await login(desk.app.baseUrl, DISABLED_EMAIL, DEMO_PASSWORD);
  expect(session.ok).toBe(true);
  disabledCookie = session.cookie;
  await setDisabled(true);
  const target = await createUser({
    actor: null,
    user: { email: 'matrix-target@factdesk.test', displayName: 'Tess Target', role: 'reviewer', password: DEMO_PASSWORD },
  });
  targetId = target.id;
  const resetTarget = await createUser({
    actor: null,
    user: { email: 'matrix-reset@factdesk.test', displayName: 'Remy Reset', role: 'viewer', password: DEMO_PASSWORD },
  });
  resetTargetId = resetTarget.id;
  await inviteUser({ actor: null, invite: { email: 'matrix-pending@factdesk.test', displayName: 'Pat Pending', role: 'viewer' } });
  pendingInvitationId = (await db.invitation.findFirstOrThrow({ where: { email: 'matrix-pending@factdesk.test' } })).id;
}, 120_000);
afterAll(() => closeDesk(desk));

const setDisabled = (disabled: boolean) => db.user.update({ where: { email: DISABLED_EMAIL }, data: { disabledAt: disabled ? new Date() : null } });

function cookieOf(who: Who): string | undefined {
  if (who === 'anonymous') return undefined;
  if (who === 'disabled') return disabledCookie;
  return desk.cookies[who];
}

function request(who: Who, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
  const cookie = cookieOf(who);
  return fetch(`${desk.app.baseUrl}${p}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const currentVersion = async () => (await db.claim.findUniqueOrThrow({ where: { id: claimId } })).version;
const storyVersion = async () => (await db.story.findUniqueOrThrow({ where: { id: storyId } })).version;
const figureNow = () => db.figure.findUniqueOrThrow({ where: { id: figureId } });
const figurePath = () => `/api/figures/${figureId}`;

// ---------------------------------------------------------------------------
// The table: one entry per page file and per exported method of each route file.

type Entry = {
  /** Path of the page.tsx / route.ts under the project root. */
  file: string;
  method: string;
  /** Names a further rule of the same route and method (its own entry). */
  rule?: string;
  path: () => string;
  body?: () => unknown;
  headers?: Record<string, string>;
  expect: Expect;
  /** Further checks on a response (body shape and the like). */
  check?: (res: Response, who: Who) => Promise<void>;
  /** Why a mutation answered 2xx writes no audit event (every other one writes exactly one, or `writes`). */
  writesNothing?: string;
  /** Audit events an allowed call writes, when more than one. */
  writes?: number;
  /** A refusal with this status that writes one audit event, and why. */
  auditedRefusal?: { status: number; why: string };
};

const signedIn = (ok: number): Expect => ({ anonymous: 401, disabled: 401, viewer: ok, reviewer: ok, editor: ok });
const everyone = (status: number): Expect => ({ anonymous: status, disabled: status, viewer: status, reviewer: status, editor: status });
const PAGE: Expect = { anonymous: 307, disabled: 307, viewer: 200, reviewer: 200, editor: 200 };
const claimPath = () => `/api/claims/${claimId}`;

const TABLE: Entry[] = [
  // Pages: signed-out and disabled users are sent to the sign-in page.
  { file: 'app/(desk)/page.tsx', method: 'GET', path: () => '/', expect: PAGE },
  { file: 'app/(desk)/claims/[id]/page.tsx', method: 'GET', path: () => `/claims/${claimId}`, expect: PAGE },
  { file: 'app/(desk)/audit/page.tsx', method: 'GET', path: () => '/audit', expect: PAGE },
  { file: 'app/(desk)/stories/page.tsx', method: 'GET', path: () => '/stories', expect: PAGE },
  {
    // Everyone reads a story; only editors get the decision controls (the decision routes refuse the others anyway).
    file: 'app/(desk)/stories/[id]/page.tsx',
    method: 'GET',
    path: () => `/stories/${storyId}`,
    expect: PAGE,
    check: async (res, who) => {
      if (res.status !== 200) return;
      const html = await res.text();
      expect(html.includes('data-testid="story-title"'), who).toBe(true);
      expect(html.includes('data-testid="merge-panel"'), who).toBe(who === 'editor');
      expect(html.includes('aria-label="Select every article"'), who).toBe(who === 'editor');
      expect(html.includes('>Rename</button>'), who).toBe(who === 'editor');
      expect(html.includes('data-testid="read-only-note"'), who).toBe(who !== 'editor');
    },
  },
  {
    // Everyone reads a story's figures board; only reviewers and editors get verdict controls.
    file: 'app/(desk)/stories/[id]/figures/page.tsx',
    method: 'GET',
    path: () => `/stories/${storyId}/figures`,
    expect: PAGE,
    check: async (res, who) => {
      if (res.status !== 200) return;
      const html = await res.text();
      expect(html.includes('data-testid="board-title"'), who).toBe(true);
      expect(html.includes('data-testid="figure-review"'), who).toBe(who === 'reviewer' || who === 'editor');
    },
  },
  {
    // Viewers get the page, but a refusal in place of the form (the route refuses their import too).
    file: 'app/(desk)/articles/new/page.tsx',
    method: 'GET',
    path: () => '/articles/new',
    expect: PAGE,
    check: async (res, who) => {
      if (res.status !== 200) return;
      const html = await res.text();
      expect(html.includes('data-testid="import-refused"'), who).toBe(who === 'viewer');
      expect(html.includes('Article text') || html.includes('Choose files'), who).toBe(who !== 'viewer');
    },
  },
  {
    // Everyone gets the page; only editors get the list (the API refuses the others anyway).
    file: 'app/(desk)/people/page.tsx',
    method: 'GET',
    path: () => '/people',
    expect: PAGE,
    check: async (res, who) => {
      if (res.status !== 200) return;
      const html = await res.text();
      expect(html.includes('data-testid="people-refused"'), who).toBe(who !== 'editor');
      expect(html.includes('Tess Target'), who).toBe(who === 'editor');
    },
  },
  { file: 'app/(desk)/account/page.tsx', method: 'GET', path: () => '/account', expect: PAGE },
  {
    // Public: the link is the credential. An unknown one gets a sentence, not an error page.
    file: 'app/invite/[token]/page.tsx',
    method: 'GET',
    path: () => `/invite/${'x'.repeat(43)}`,
    expect: everyone(200),
    check: async (res) => expect(await res.text()).toContain('This link is not valid'),
  },
  // The sign-in page itself: signed-in users are sent on to the desk.
  { file: 'app/login/page.tsx', method: 'GET', path: () => '/login', expect: { anonymous: 200, disabled: 200, viewer: 307, reviewer: 307, editor: 307 } },

  // JSON API.
  { file: 'app/api/claims/route.ts', method: 'GET', path: () => '/api/claims', expect: signedIn(200) },
  { file: 'app/api/claims/[id]/route.ts', method: 'GET', path: claimPath, expect: signedIn(200) },
  { file: 'app/api/claims/[id]/comments/route.ts', method: 'GET', path: () => `${claimPath()}/comments`, expect: signedIn(200) },
  {
    file: 'app/api/claims/[id]/comments/route.ts',
    method: 'POST',
    path: () => `${claimPath()}/comments`,
    body: () => ({ body: 'Matrix comment.' }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 201, editor: 201 },
  },
  {
    file: 'app/api/claims/[id]/verdict/route.ts',
    method: 'POST',
    path: () => `${claimPath()}/verdict`,
    body: async () => ({ status: 'verified', reason: 'Matrix verdict.', evidence: [], expectedVersion: await currentVersion() }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 200, editor: 200 },
  },
  {
    file: 'app/api/claims/[id]/verdict/route.ts',
    method: 'POST',
    rule: 'return to unreviewed',
    path: () => `${claimPath()}/verdict`,
    body: async () => ({ status: 'unreviewed', reason: 'Reopened by the matrix.', evidence: [], expectedVersion: await currentVersion() }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  {
    file: 'app/api/claims/[id]/assignment/route.ts',
    method: 'POST',
    path: () => `${claimPath()}/assignment`,
    body: () => ({ userId: reviewerId }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  { file: 'app/api/claims/[id]/audit/route.ts', method: 'GET', path: () => `${claimPath()}/audit`, expect: signedIn(200) },
  { file: 'app/api/audit/route.ts', method: 'GET', path: () => '/api/audit', expect: signedIn(200) },
  {
    file: 'app/api/audit/verify/route.ts',
    method: 'GET',
    path: () => '/api/audit/verify',
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  {
    file: 'app/api/audit/export/route.ts',
    method: 'GET',
    path: () => '/api/audit/export?from=1&to=5',
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  {
    file: 'app/api/articles/route.ts',
    method: 'POST',
    path: () => '/api/articles',
    // A new text each time (UUIDs share no shingles), so every allowed call creates a claim.
    body: () => ({ articles: [{ text: `Matrix import. ${Array.from({ length: 12 }, () => crypto.randomUUID()).join(' ')}` }] }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 200, editor: 200 },
    // article.imported, story.grouped, then figure.extracted.
    writes: 3,
  },
  { file: 'app/api/export/route.ts', method: 'GET', path: () => '/api/export?format=json', expect: signedIn(200) },
  { file: 'app/api/stories/route.ts', method: 'GET', path: () => '/api/stories', expect: signedIn(200) },
  { file: 'app/api/stories/groups/route.ts', method: 'GET', path: () => '/api/stories/groups', expect: signedIn(200) },
  { file: 'app/api/stories/[id]/route.ts', method: 'GET', path: () => `/api/stories/${storyId}`, expect: signedIn(200) },
  {
    // Every decision takes the same check (canDecideStories); renaming is the one that always applies.
    file: 'app/api/stories/[id]/[decision]/route.ts',
    method: 'POST',
    path: () => `/api/stories/${storyId}/rename`,
    body: async () => ({ title: 'Matrix title', expectedVersion: await storyVersion() }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  {
    file: 'app/api/stories/[id]/[decision]/route.ts',
    method: 'POST',
    rule: 'unknown decision',
    path: () => `/api/stories/${storyId}/delete`,
    body: async () => ({ expectedVersion: await storyVersion() }),
    expect: { anonymous: 401, disabled: 401, viewer: 404, reviewer: 404, editor: 404 },
  },
  // Figures (issue 13): everyone signed in reads; verdicts as for claims; corrections, additions and dismissals by editors.
  { file: 'app/api/claims/[id]/figures/route.ts', method: 'GET', path: () => `${claimPath()}/figures`, expect: signedIn(200) },
  {
    file: 'app/api/claims/[id]/figures/route.ts',
    method: 'POST',
    path: () => `${claimPath()}/figures`,
    // A span of its own each time (one figure per span): the start of the body, one character longer per call.
    body: () => ({
      spanStart: 0,
      spanEnd: (figureSpanEnd += 1),
      numbers: { qualifier: 'exact', value: 1 },
      counted: 'other',
      attribution: null,
      source: null,
      relayedBy: null,
      timeText: null,
      timeDate: null,
    }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 201 },
    check: async (res) => {
      if (res.status === 201) expect(((await res.json()) as { figure: { origin: string } }).figure.origin).toBe('added');
    },
  },
  {
    file: 'app/api/stories/[id]/figures/route.ts',
    method: 'GET',
    path: () => `/api/stories/${storyId}/figures`,
    expect: signedIn(200),
    check: async (res) => {
      if (res.status !== 200) return;
      const body = (await res.json()) as { figures: unknown[]; groups: unknown[] };
      expect(body.figures.length).toBeGreaterThan(0);
      expect(body.groups.length).toBeGreaterThan(0);
    },
  },
  { file: 'app/api/figures/[id]/route.ts', method: 'GET', path: figurePath, expect: signedIn(200) },
  {
    file: 'app/api/figures/[id]/route.ts',
    method: 'PATCH',
    path: figurePath,
    body: async () => ({ expectedVersion: (await figureNow()).version, counted: 'people_defected', note: 'Matrix correction.' }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  {
    file: 'app/api/figures/[id]/verdict/route.ts',
    method: 'POST',
    path: () => `${figurePath()}/verdict`,
    body: async () => ({ status: 'disputed', reason: 'Matrix figure verdict.', evidence: [], expectedVersion: (await figureNow()).version }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 200, editor: 200 },
  },
  {
    file: 'app/api/figures/[id]/verdict/route.ts',
    method: 'POST',
    rule: 'return to unreviewed',
    path: () => `${figurePath()}/verdict`,
    body: async () => ({ status: 'unreviewed', reason: 'Reopened by the matrix.', evidence: [], expectedVersion: (await figureNow()).version }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  {
    file: 'app/api/figures/[id]/dismissal/route.ts',
    method: 'POST',
    path: () => `${figurePath()}/dismissal`,
    body: async () => {
      const now = await figureNow();
      return { dismissed: now.dismissedAt === null, expectedVersion: now.version };
    },
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  // People (issue 15): editors manage accounts; everyone manages their own password and sessions.
  {
    file: 'app/api/people/route.ts',
    method: 'GET',
    path: () => '/api/people',
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  {
    file: 'app/api/people/route.ts',
    method: 'POST',
    path: () => '/api/people',
    body: () => ({ email: `matrix-${crypto.randomUUID()}@factdesk.test`, displayName: 'Matrix Invitee', role: 'reviewer' }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 201 },
    check: async (res) => {
      if (res.status === 201) expect(((await res.json()) as { link: { path: string } }).link.path).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);
    },
  },
  {
    file: 'app/api/people/[id]/role/route.ts',
    method: 'POST',
    path: () => `/api/people/${targetId}/role`,
    body: async () => ({ role: (await db.user.findUniqueOrThrow({ where: { id: targetId } })).role === 'reviewer' ? 'viewer' : 'reviewer' }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  {
    file: 'app/api/people/[id]/status/route.ts',
    method: 'POST',
    path: () => `/api/people/${targetId}/status`,
    body: async () => ({ disabled: (await db.user.findUniqueOrThrow({ where: { id: targetId } })).disabledAt === null }),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  {
    file: 'app/api/people/[id]/password-reset/route.ts',
    method: 'POST',
    path: () => `/api/people/${resetTargetId}/password-reset`,
    body: () => ({}),
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 201 },
  },
  {
    // The one pending invitation: the editor's call withdraws it (later calls would answer 409).
    file: 'app/api/people/invitations/[id]/route.ts',
    method: 'DELETE',
    path: () => `/api/people/invitations/${pendingInvitationId}`,
    expect: { anonymous: 401, disabled: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  { file: 'app/api/account/sessions/route.ts', method: 'GET', path: () => '/api/account/sessions', expect: signedIn(200) },
  {
    // Only one's own sessions: an id that is not one of them answers like one that does not exist.
    file: 'app/api/account/sessions/sign-out/route.ts',
    method: 'POST',
    path: () => '/api/account/sessions/sign-out',
    body: () => ({ scope: 'one', sessionId: crypto.randomUUID() }),
    expect: { anonymous: 401, disabled: 401, viewer: 404, reviewer: 404, editor: 404 },
  },
  {
    // The current password is required: a wrong one is refused on its field and changes nothing.
    file: 'app/api/account/password/route.ts',
    method: 'POST',
    path: () => '/api/account/password',
    body: () => ({ current: 'not the password at all', next: 'seven lanterns over the harbour' }),
    expect: { anonymous: 401, disabled: 401, viewer: 400, reviewer: 400, editor: 400 },
    auditedRefusal: { status: 400, why: 'a wrong current password is audited like a failed sign-in (issue 29)' },
  },
  {
    // Public: the token is the credential; an unknown one is 404 for everyone, signed in or not.
    file: 'app/api/invitations/[token]/route.ts',
    method: 'POST',
    path: () => `/api/invitations/${'A'.repeat(43)}`,
    body: () => ({ password: 'seven lanterns over the harbour' }),
    expect: everyone(404),
  },
  { file: 'app/api/health/route.ts', method: 'GET', path: () => '/api/health', expect: everyone(200) },
  // Unknown API paths: 401 before 404, so signed-out callers learn nothing.
  ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method): Entry => ({
    file: 'app/api/[...unknown]/route.ts',
    method,
    path: () => '/api/no/such/endpoint',
    body: method === 'GET' ? undefined : () => ({}),
    expect: { anonymous: 401, disabled: 401, viewer: 404, reviewer: 404, editor: 404 },
  })),

  // next-auth: public by design; the session endpoint must not vouch for a disabled account.
  {
    file: 'app/api/auth/[...nextauth]/route.ts',
    method: 'GET',
    path: () => '/api/auth/session',
    expect: everyone(200),
    check: async (res, who) => {
      const session = (await res.json()) as { user?: { email?: string } };
      if (who === 'anonymous' || who === 'disabled') expect(session, who).toEqual({});
      else expect(session.user?.email, who).toMatch(/@factdesk\.test$/);
    },
  },
  {
    // Sign-out without next-auth's CSRF token is refused: the session stays.
    file: 'app/api/auth/[...nextauth]/route.ts',
    method: 'POST',
    path: () => '/api/auth/signout',
    body: () => 'json=true',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    expect: everyone(200),
    writesNothing: 'refused without the CSRF token: next-auth answers 200 with a csrf=true URL',
    check: async (res) => {
      expect(((await res.json()) as { url: string }).url).toContain('csrf=true');
      expect(res.headers.getSetCookie().filter((c) => c.includes('session-token='))).toEqual([]);
    },
  },
];

// ---------------------------------------------------------------------------
// What exists on disk.

function walk(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The HTTP methods a route file exports, read from its source. */
function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|(?:async\s+)?function)\s+([A-Z]+)\b/g)) found.add(m[1]!);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const name of m[1]!.split(','))
      found.add(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      );
  }
  return [...found].filter((n) => HTTP_METHODS.includes(n)).sort();
}

function endpointsOnDisk(): string[] {
  return walk('app')
    .flatMap((file) => {
      const base = path.basename(file);
      if (base === 'page.tsx') return [`${file} GET`];
      if (base === 'route.ts') return exportedMethods(readFileSync(path.join(ROOT, file), 'utf8')).map((m) => `${file} ${m}`);
      return [];
    })
    .sort();
}

const entryName = (e: Entry) => `${e.method} ${e.file}${e.rule ? ` (${e.rule})` : ''}`;

describe('the table covers the app', () => {
  it('has an entry for every page and route method on disk, and none for anything else', () => {
    const names = TABLE.map(entryName);
    expect(new Set(names).size, 'duplicate entries').toBe(names.length);
    expect(
      TABLE.filter((e) => !e.rule)
        .map((e) => `${e.file} ${e.method}`)
        .sort(),
    ).toEqual(endpointsOnDisk());
    const endpoints = new Set(endpointsOnDisk());
    expect(TABLE.filter((e) => e.rule && !endpoints.has(`${e.file} ${e.method}`)).map(entryName)).toEqual([]);
  });

  it('has an entry for every socket event, and the server registers exactly those', () => {
    const registered = [...readFileSync(path.join(ROOT, 'server/realtime.ts'), 'utf8').matchAll(/^ {2}on\('([^']+)'/gm)].map((m) => m[1]).sort();
    expect(registered).toEqual(Object.keys(CLIENT_EVENT_SCHEMAS).sort());
    expect(Object.keys(SOCKET_EVENTS).sort()).toEqual(Object.keys(CLIENT_EVENT_SCHEMAS).sort());
  });
});

// ---------------------------------------------------------------------------

const MUTATING = (m: string) => !['GET', 'HEAD', 'OPTIONS'].includes(m);

describe('HTTP authorization matrix', () => {
  for (const entry of TABLE) {
    for (const who of WHO) {
      it(`${entryName(entry)} as ${who} → ${entry.expect[who]}`, async () => {
        const p = entry.path();
        const eventsBefore = await db.auditEvent.count();
        const res = await request(who, entry.method, p, await entry.body?.(), entry.headers);
        expect(res.status).toBe(entry.expect[who]);
        if (res.status === 307) {
          const location = res.headers.get('location') ?? '';
          if (entry.file.startsWith('app/(desk)/')) expect(location).toBe(`/login?callbackUrl=${encodeURIComponent(p)}`);
          else expect(location).toBe('/');
        }
        if (p.startsWith('/api/') && res.status >= 400) {
          const code = { 400: 'invalid_input', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' }[res.status];
          expect(res.headers.get('content-type')).toContain('application/json');
          const body = (await res.json()) as { error: Record<string, unknown> };
          // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vitest types its asymmetric matchers as any
          expect({ code: body.error.code, message: body.error.message }).toEqual({ code, message: expect.any(String) });
          // Only invalid input names its fields; a refusal says nothing more.
          expect(Object.keys(body.error).filter((k) => k !== 'code' && k !== 'message')).toEqual(res.status === 400 ? ['issues'] : []);
        }
        await entry.check?.(res, who);
        if (MUTATING(entry.method)) {
          const written = res.status < 300 ? (entry.writesNothing ? 0 : (entry.writes ?? 1)) : entry.auditedRefusal?.status === res.status ? 1 : 0;
          expect(await db.auditEvent.count(), written ? 'an allowed change wrote its audit event' : 'a refused request wrote nothing').toBe(
            eventsBefore + written,
          );
        }
      });
    }
  }
});

// ---------------------------------------------------------------------------

type SocketWho = 'viewer' | 'reviewer' | 'editor';
type SocketEntry = { payload: () => unknown; expect: Record<SocketWho, 'ok' | 'forbidden'> };

const SOCKET_EVENTS: Record<ClientEvent, SocketEntry> = {
  sync: { payload: () => ({ since: 0 }), expect: { viewer: 'ok', reviewer: 'ok', editor: 'ok' } },
  'presence:view': { payload: () => ({ claimId }), expect: { viewer: 'ok', reviewer: 'ok', editor: 'ok' } },
  'presence:snapshot': { payload: () => ({}), expect: { viewer: 'ok', reviewer: 'ok', editor: 'ok' } },
  'presence:writing': { payload: () => ({ claimId, what: 'comment' }), expect: { viewer: 'forbidden', reviewer: 'ok', editor: 'ok' } },
  'verdict:set': {
    payload: async () => ({ claimId, status: 'disputed', reason: 'Socket matrix.', evidence: [], expectedVersion: await currentVersion() }),
    expect: { viewer: 'forbidden', reviewer: 'ok', editor: 'ok' },
  },
};

const emit = (socket: DeskSocket, event: string, payload: unknown) => emitAny(socket, event, payload, 5_000);

describe('socket authorization matrix', () => {
  const open: DeskSocket[] = [];
  afterAll(() => open.forEach((s) => s.close()));

  for (const who of ['anonymous', 'disabled'] as const) {
    it(`refuses the handshake for ${who}`, async () => {
      const socket = connectSocket(desk.app.baseUrl, { cookie: cookieOf(who) });
      open.push(socket);
      expect(await refused(socket)).toBe('unauthenticated');
    });
  }

  for (const who of ['viewer', 'reviewer', 'editor'] as const) {
    it(`${who}: every client event answers as documented`, async () => {
      const socket = connectSocket(desk.app.baseUrl, { cookie: cookieOf(who) });
      open.push(socket);
      await connected(socket);
      // Writing presence needs the claim open first; the table runs in this order.
      for (const event of ['presence:view', 'sync', 'presence:snapshot', 'presence:writing', 'verdict:set'] as ClientEvent[]) {
        const reply = await emit(socket, event, await SOCKET_EVENTS[event].payload());
        const expected = SOCKET_EVENTS[event].expect[who];
        expect(reply.ok ? 'ok' : reply.error?.code, `${who} ${event}: ${reply.error?.message ?? ''}`).toBe(expected);
      }
    });
  }

  it('an open socket loses its rights on the next event once the account is disabled', async () => {
    await setDisabled(false);
    const socket = connectSocket(desk.app.baseUrl, { cookie: disabledCookie });
    open.push(socket);
    try {
      await connected(socket);
      expect((await emit(socket, 'sync', { since: 0 })).ok).toBe(true);
    } finally {
      await setDisabled(true);
    }
    const version = await currentVersion();
    const reply = await emit(socket, 'verdict:set', { claimId, status: 'outdated', reason: 'After disabling.', evidence: [], expectedVersion: version });
    expect(reply).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(await currentVersion()).toBe(version);
  });
});

// ---------------------------------------------------------------------------

describe('cross-site request forgery', () => {
  const mutating = TABLE.filter((e) => MUTATING(e.method));

  for (const entry of mutating) {
    it(`${entryName(entry)} from another origin → 403, nothing written`, async () => {
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Record<string, string>[]) {
        const eventsBefore = await db.auditEvent.count();
        const res = await request('editor', entry.method, entry.path(), await entry.body?.(), { ...entry.headers, ...headers });
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(await res.json()).toEqual({ error: { code: 'forbidden', message: 'Cross-site requests are not allowed.' } });
        expect(await db.auditEvent.count()).toBe(eventsBefore);
      }
    });
  }

  it('the same requests from the app itself go through', async () => {
    const own = { origin: desk.app.baseUrl, 'sec-fetch-site': 'same-origin' };
    const res = await request('reviewer', 'POST', `${claimPath()}/comments`, { body: 'Same origin.' }, own);
    expect(res.status).toBe(201);
  });

  it("next-auth's sign-in needs its CSRF token: a correct password without it signs nobody in", async () => {
    const res = await fetch(`${desk.app.baseUrl}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: desk.app.baseUrl },
      body: new URLSearchParams({ email: 'admin@factdesk.test', password: DEMO_PASSWORD, json: 'true' }),
    });
    expect(res.headers.getSetCookie().filter((c) => c.includes('session-token='))).toEqual([]);
    expect(((await res.json()) as { url: string }).url).toContain('csrf=true');
  });

  it("next-auth's sign-in from another origin is refused even with a valid token", async () => {
    const csrf = await fetch(`${desk.app.baseUrl}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${desk.app.baseUrl}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: csrf.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
        origin: 'https://evil.example',
      },
      body: new URLSearchParams({ csrfToken, email: 'admin@factdesk.test', password: DEMO_PASSWORD, json: 'true' }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().filter((c) => c.includes('session-token='))).toEqual([]);
  });

  it('websocket handshakes from another origin are refused, even with a valid cookie', async () => {
    const socket = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.editor, origin: 'https://evil.example' });
    try {
      expect(await refused(socket)).toMatch(/origin|xhr poll error|websocket error/i);
    } finally {
      socket.close();
    }
  });
});

describe('redirects after sign-in stay on this site', () => {
  for (const target of ['//evil.example/', '/\\evil.example', '/..//evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
    it(`callbackUrl=${JSON.stringify(target)} → /`, async () => {
      const res = await request('reviewer', 'GET', `/login?callbackUrl=${encodeURIComponent(target)}`);
      expect(res.status).toBe(307);
      expect(res.headers.get('location')).toBe('/');
    });
  }
});
