// The audit event contract (issue 10): events produced by every code path that
// writes one parse into their union member and read back through every reader
// (records, replay, export, the audit list, descriptions); the database's
// CHECK constraint names exactly the union's actions; the migration that adds
// it runs on a desk that already holds rows of every action, including the
// shapes older versions wrote; a row that does not match is reported, not blanked;
// user.created rows from before the editor role's rename ("admin") still parse.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEvent } from '../../lib/utils/describe-event';
import { rotateSigningKey } from '../../lib/audit/rotate-key';
import { AUDIT_ACTIONS, type AuditEventInput, auditEventSchema, publicAuditEvent, type StoredAuditEvent } from '../../lib/validation/audit-events';
import { GENESIS_HASH, hashEvent } from '../../lib/audit/hash';
import { listAuditEvents } from '../../lib/history/list-audit-events';
import { toAuditRecord } from '../../lib/audit/to-record';
import { verifyAuditChain } from '../../lib/audit/verify-chain';
import type { Actor } from '../../lib/auth/permissions';
import { toActor } from '../../lib/auth/to-actor';
import { verifyCredentials } from '../../lib/auth/verify-credentials';
import { addComment } from '../../lib/claims/add-comment';
import { assignClaim } from '../../lib/claims/assign-claim';
import { bulkImportClaims } from '../../lib/claims/bulk-import';
import { importArticle } from '../../lib/claims/import-article';
import { setVerdict } from '../../lib/claims/set-verdict';
import { db, disconnectDb } from '../../lib/db';
import { exportWhere, iterateExportClaims } from '../../lib/exports/export-claims';
import { produceExport } from '../../lib/exports/produce-export';
import { replayChanges } from '../../lib/history/replay-changes';
import { applyMigrations, listMigrations } from '../../lib/runtime/migrate';
import { decideStory, type StoryDecisionRequest } from '../../lib/stories/desk/decisions';
import { addFigure, correctFigure, listClaimFigures, setFigureDismissal, setFigureVerdict } from '../../lib/figures/desk';
import { figureAddSchema, figureCorrectionSchema, figureDismissalSchema, figureVerdictSchema } from '../../lib/validation/figures';
import { createUser } from '../../lib/users/create-user';
import { disableUser } from '../../lib/users/disable-user';
import { acceptInvitation } from '../../lib/users/accept-invitation';
import { revokeSessions } from '../../lib/users/account-sessions';
import { changePassword } from '../../lib/users/change-password';
import { changeRole } from '../../lib/users/change-role';
import { inviteUser } from '../../lib/users/invite-user';
import { issuePasswordReset } from '../../lib/users/issue-password-reset';
import { revokeInvitation } from '../../lib/users/revoke-invitation';
import { setAccountStatus } from '../../lib/users/set-account-status';
import { inviteInputSchema } from '../../lib/validation/users';
import { auditQuerySchema } from '../../lib/validation/audit';
import { exportQuerySchema } from '../../lib/validation/export';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { SEEDS_DIR, seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { loadStorySet } from '../fixtures/stories/labelled-set';

const SEED = '000_552dc560a453afa8';
const COMMENT = 'Checked against the AFP wire: 60 is the later figure.';
let admin: Actor;
let reviewer: Actor;
let claimId: string;

async function actor(email: string): Promise<Actor> {
  return toActor(await db.user.findUniqueOrThrow({ where: { email } }));
}

async function refused(attempt: Promise<unknown>) {
  await attempt.then(
    () => {
      throw new Error('expected the sign-in to be refused');
    },
    () => {},
  );
}

async function sql<R extends pg.QueryResultRow = pg.QueryResultRow>(query: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await client.query<R>(query, params);
  } finally {
    await client.end();
  }
}

/** Appends a row behind the app's back, correctly chained: as an older version or a hand-written INSERT would. */
async function insertRaw(e: {
  action: string;
  actorId?: string | null;
  actorLabel: string;
  claimId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}) {
  const last = (await sql<{ seq: string; hash: string }>('SELECT seq, hash FROM audit_events ORDER BY seq DESC LIMIT 1')).rows[0];
  const event = {
    seq: last ? Number(last.seq) + 1 : 1,
    at: new Date().toISOString(),
    actorId: e.actorId ?? null,
    actorLabel: e.actorLabel,
    action: e.action,
    claimId: e.claimId ?? null,
    before: e.before ?? null,
    after: e.after ?? null,
    reason: e.reason ?? null,
    requestId: null,
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  await sql(
    `INSERT INTO audit_events (seq, at, actor_id, actor_label, action, claim_id, before, after, reason, request_id, prev_hash, hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      event.seq,
      event.at,
      event.actorId,
      event.actorLabel,
      event.action,
      event.claimId,
      event.before === null ? null : JSON.stringify(event.before),
      event.after === null ? null : JSON.stringify(event.after),
      event.reason,
      event.requestId,
      event.prevHash,
      hashEvent(event),
    ],
  );
  return event.seq;
}

async function readAll(): Promise<{ stored: Awaited<ReturnType<typeof db.auditEvent.findMany>>; records: StoredAuditEvent[] }> {
  const stored = await db.auditEvent.findMany({ orderBy: { seq: 'asc' } });
  return { stored, records: stored.map(toAuditRecord) };
}

/**
 * Every editor decision on stories. Grouping on import (story.grouped) makes
 * the seeds one story and, with the blackout's and Guaidó's return's articles,
 * two more with a suggestion from the blackout to each (tests/fixtures/stories).
 */
async function decideStoriesEveryWay(editor: Actor) {
  const imported = new Map<string, string>();
  for (const a of loadStorySet().articles.filter((x) => x.story === 'blackout' || x.story === 'guaido-return')) {
    const result = await importArticle({ actor: editor, source: 'api', content: { text: a.text } });
    imported.set(a.id, result.claimId!);
  }
  const storyOf = async (id: string) => (await db.claim.findUniqueOrThrow({ where: { id } })).storyId!;
  const version = async (id: string) => (await db.story.findUniqueOrThrow({ where: { id } })).version;
  const suggestion = async (x: string, y: string) =>
    (
      await db.storySuggestion.findFirstOrThrow({
        where: {
          status: 'pending',
          OR: [
            { storyAId: x, storyBId: y },
            { storyAId: y, storyBId: x },
          ],
        },
      })
    ).id;
  const decide = (storyId: string, request: StoryDecisionRequest) => decideStory({ actor: editor, storyId, requestId: 'req-contract-story', ...request });

  const seeds = await storyOf(claimId);
  const blackout = await storyOf(imported.get('blackout-en')!);
  const comeback = await storyOf(imported.get('guaido-return-en')!);
  const returned = [...imported].filter(([id]) => id.startsWith('guaido-return')).map(([, c]) => c);
  await decide(seeds, {
    decision: 'reject',
    input: { suggestionId: await suggestion(seeds, blackout), expectedVersion: await version(seeds), note: 'Another event.' },
  });
  await decide(blackout, { decision: 'confirm', input: { suggestionId: await suggestion(blackout, comeback), expectedVersion: await version(blackout) } });
  await decide(blackout, { decision: 'split', input: { claimIds: returned, title: 'Guaidó returns', expectedVersion: await version(blackout) } });
  const split = await storyOf(returned[0]!);
  await decide(split, { decision: 'move', input: { claimId: returned[0]!, toStoryId: null, expectedVersion: await version(split) } });
  await decide(seeds, { decision: 'merge', input: { otherStoryId: split, expectedVersion: await version(seeds), otherVersion: await version(split) } });
  await decide(seeds, { decision: 'rename', input: { title: 'Defections at the border', expectedVersion: await version(seeds) } });
  await decide(seeds, { decision: 'rename', input: { title: null, expectedVersion: await version(seeds) } });
}

async function drain(body: Readable) {
  for await (const _chunk of body) {
    /* the export holds its slot until the stream ends */
  }
}

// Every code path that writes audit events, through the domain functions the
// routes, sockets, scripts and seeder call.
beforeAll(async () => {
  await seedArticles(); // article.imported (system)
  await seedDemoUsers(); // user.created (system)
  admin = await actor('admin@factdesk.test');
  reviewer = await actor('reviewer@factdesk.test');
  claimId = (await db.claim.findUniqueOrThrow({ where: { sourceKey: SEED } })).id;

  const raw = readFileSync(path.join(SEEDS_DIR, `${SEED}.txt`), 'utf8');
  await importArticle({ actor: null, source: 'seed', fileName: `${SEED}.txt`, content: { text: `${raw}\nCorrection appended by the source.\n` } }); // claim.updated
  await bulkImportClaims({ claims: [{ sourceKey: 'contract-bulk-1', title: 'Bulk claim', body: 'Imported in bulk.', language: 'en' }] });

  // Sign-in: success, and every reason a failure is recorded with.
  await verifyCredentials({ email: admin.email, password: DEMO_PASSWORD, ip: '127.0.0.1', requestId: 'req-contract-1' });
  await refused(verifyCredentials({ email: 'reviewer2@factdesk.test', password: 'not the password', ip: '127.0.0.2' }));
  await refused(verifyCredentials({ email: 'nobody@factdesk.test', password: 'anything at all', ip: '127.0.0.3' }));
  await refused(verifyCredentials({ email: 'viewer@factdesk.test', password: DEMO_PASSWORD, ip: '203.0.113.9' }));
  for (let i = 0; i < 6; i += 1) {
    await refused(verifyCredentials({ email: 'lockme@factdesk.test', password: `guess-${i}`, ip: `127.0.1.${i + 1}` }));
  }

  // The review workflow.
  await setVerdict({
    actor: reviewer,
    claimId,
    verdict: {
      status: 'disputed',
      reason: 'Two counts differ.',
      evidence: [{ url: 'https://example.org/afp', label: 'AFP' }, { url: 'https://example.org/b' }],
      expectedVersion: 2,
    },
  });
  await setVerdict({ actor: admin, claimId, verdict: { status: 'verified', reason: 'The later count holds.', evidence: [], expectedVersion: 3 } });
  await addComment({ actor: reviewer, claimId, comment: { body: COMMENT } });
  await assignClaim({ actor: admin, claimId, assignment: { userId: reviewer.id } });
  await assignClaim({ actor: admin, claimId, assignment: { userId: null } });

  // Figures: extracted on every import above (figure.extracted), then reviewed, corrected, dismissed, added to.
  const figure = (await listClaimFigures({ claimId }))[0]!;
  await setFigureVerdict({
    actor: reviewer,
    figureId: figure.id,
    verdict: figureVerdictSchema.parse({
      status: 'disputed',
      reason: 'AFP counts 60 later that day.',
      evidence: [{ url: 'https://example.org/afp' }],
      expectedVersion: figure.version,
    }),
    requestId: 'req-contract-figure',
  });
  await correctFigure({
    actor: admin,
    figureId: figure.id,
    correction: figureCorrectionSchema.parse({ expectedVersion: figure.version + 1, counted: 'people_defected', note: 'Soldiers who crossed over.' }),
  });
  await setFigureDismissal({
    actor: admin,
    figureId: figure.id,
    dismissal: figureDismissalSchema.parse({ dismissed: true, expectedVersion: figure.version + 2 }),
  });
  const body = (await db.claim.findUniqueOrThrow({ where: { id: claimId } })).body;
  const major = body.indexOf('Hugo Parra');
  await addFigure({
    actor: admin,
    claimId,
    figure: figureAddSchema.parse({
      spanStart: major,
      spanEnd: major + 'Hugo Parra'.length,
      numbers: { qualifier: 'exact', value: 1 },
      counted: 'people_defected',
      attribution: 'Migração da Colômbia',
      source: 'Migração da Colômbia',
      relayedBy: null,
      timeText: null,
      note: 'The major who presented himself.',
    }),
  });

  // Stories: grouped on every import above (story.grouped), then each editor decision.
  await decideStoriesEveryWay(admin);

  // Accounts.
  await createUser({ actor: admin, user: { email: 'lucia@paper.example', displayName: 'Lucia', role: 'reviewer', password: 'a long enough password' } });
  await disableUser({ actor: admin, email: 'lucia@paper.example' });
  await refused(verifyCredentials({ email: 'lucia@paper.example', password: 'a long enough password', ip: '127.0.0.4' }));
  // People (issue 15): what an editor does on the People page, and everyone on their account page.
  const tokenOf = (link: { path: string }) => link.path.split('/').at(-1)!;
  const invite = await inviteUser({ actor: admin, invite: inviteInputSchema.parse({ email: 'kofi@paper.example', displayName: 'Kofi', role: 'viewer' }) });
  await acceptInvitation({ token: tokenOf(invite), password: 'quiet orange ferry at dawn' });
  await inviteUser({ actor: admin, invite: inviteInputSchema.parse({ email: 'wrong@paper.example', displayName: 'Wrong Address', role: 'viewer' }) });
  await revokeInvitation({ actor: admin, invitationId: (await db.invitation.findFirstOrThrow({ where: { email: 'wrong@paper.example' } })).id });
  const kofiId = (await actor('kofi@paper.example')).id;
  await changeRole({ actor: admin, userId: kofiId, role: 'reviewer' });
  await acceptInvitation({ token: tokenOf(await issuePasswordReset({ actor: admin, userId: kofiId })), password: 'seven lanterns over the harbour' });
  const kofi = await actor('kofi@paper.example');
  await changePassword({
    actor: kofi,
    currentSessionId: crypto.randomUUID(),
    ip: '127.0.0.1',
    current: 'seven lanterns over the harbour',
    next: 'amber kites above quiet dunes',
  });
  await revokeSessions({ actor: kofi, currentSessionId: crypto.randomUUID(), scope: 'all' });
  await setAccountStatus({ actor: admin, userId: (await db.user.findUniqueOrThrow({ where: { email: 'lucia@paper.example' } })).id, disabled: false });

  // Exports, without and with filters.
  await drain((await produceExport({ actor: admin, query: exportQuerySchema.parse({ format: 'csv' }) })).body);
  await drain((await produceExport({ actor: admin, query: exportQuerySchema.parse({ format: 'json', status: 'verified', ids: claimId }) })).body);

  // The checkpoint signing key, replaced (npm run audit:rotate-key).
  await rotateSigningKey();
}, 120_000);

afterAll(async () => {
  await disconnectDb();
});

describe('events from every code path', () => {
  it('cover every action of the union and every sign-in failure reason', async () => {
    const { stored } = await readAll();
    expect(new Set(stored.map((r) => r.action))).toEqual(new Set(AUDIT_ACTIONS));
    const reasons = stored.filter((r) => r.action === 'auth.login_failed').map((r) => (r.after as { reason: string }).reason);
    expect(new Set(reasons)).toEqual(new Set(['wrong_password', 'unknown_account', 'demo_password_from_network', 'locked', 'disabled']));
  });

  it('each parse into the member of its action, losing no stored key', async () => {
    const { stored, records } = await readAll();
    expect(records.filter((r) => r.action === 'audit.unreadable')).toEqual([]);
    for (const [i, row] of stored.entries()) {
      const r = records[i]!;
      expect(r.action, `#${row.seq}`).toBe(row.action);
      // What the reader sees is what was stored: the schema names every key.
      expect({ before: r.before, after: r.after, reason: r.reason }, `#${row.seq} ${row.action}`).toEqual({
        before: row.before ?? null,
        after: row.after ?? null,
        reason: row.reason,
      });
      expect(r.hash).toBe(row.hash);
    }
    expect(await verifyAuditChain()).toEqual({ ok: true, checked: stored.length });
  });

  it('each describe to their own line, and the audit list shows them all', async () => {
    const { records } = await readAll();
    for (const r of records) {
      const line = describeEvent(publicAuditEvent(r), 'Rita');
      expect(line.trim(), `#${r.seq} ${r.action}`).not.toBe('');
      expect(line, `#${r.seq}`).not.toBe(r.action);
    }
    const line = (pred: (r: StoredAuditEvent) => boolean) => describeEvent(publicAuditEvent(records.find(pred)!), 'Rita');
    expect(line((r) => r.action === 'claim.verdict_set' && r.after.status === 'verified')).toBe('Rita marked it verified (was disputed)');
    expect(line((r) => r.action === 'claim.assignment_changed' && r.after.assigneeId !== null)).toBe(`Rita assigned it to ${reviewer.displayName}`);
    expect(line((r) => r.action === 'auth.login_failed' && r.after.reason === 'locked')).toBe('Sign-in refused while locked for lockme@factdesk.test');
    expect(line((r) => r.action === 'user.disabled')).toBe('Rita disabled the account lucia@paper.example');
    expect(line((r) => r.action === 'user.role_changed')).toBe('Rita made kofi@paper.example a reviewer (was viewer)');
    expect(line((r) => r.action === 'user.invited')).toBe('Rita invited kofi@paper.example as a viewer');
    expect(line((r) => r.action === 'user.sessions_revoked')).toBe('kofi@paper.example signed out all their sessions');
    expect(line((r) => r.action === 'export.produced' && r.after.format === 'json')).toBe('Rita exported 1 claims as json');

    const page = await listAuditEvents({ actor: admin, query: auditQuerySchema.parse({ limit: 200 }) });
    expect(page.events).toHaveLength(records.length);
    expect(page.events.map((e) => e.action).sort()).toEqual(records.map((r) => r.action).sort());

    // The audit page's "Hide sign-ins" switch leaves out exactly the sign-ins, succeeded and failed.
    const isSignIn = (action: string) => action === 'auth.login_succeeded' || action === 'auth.login_failed';
    expect(records.filter((r) => isSignIn(r.action)).length).toBeGreaterThan(0);
    const quiet = await listAuditEvents({ actor: admin, query: auditQuerySchema.parse({ limit: 200, signIns: 'hide' }) });
    expect(quiet.events.map((e) => e.seq).sort()).toEqual(
      records
        .filter((r) => !isSignIn(r.action))
        .map((r) => r.seq)
        .sort(),
    );
  });

  it('replay after a reconnect carries the typed payloads, the comment included', async () => {
    const { records } = await readAll();
    const replay = await replayChanges({ since: 0 });
    expect(replay.changes.map((c) => c.event)).toEqual(records.map(publicAuditEvent));
    const comments = replay.changes.filter((c) => c.comment);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.comment).toMatchObject({ claimId, body: COMMENT, author: { id: reviewer.id, displayName: reviewer.displayName } });
  });

  it('the export history reads each verdict from its event', async () => {
    const claims = [];
    for await (const c of iterateExportClaims(await exportWhere(admin, exportQuerySchema.parse({ format: 'json', ids: claimId })))) claims.push(c);
    expect(claims).toHaveLength(1);
    expect(claims[0]!.history.map((h) => [h.status, h.previousStatus, h.by, h.reason, h.evidence])).toEqual([
      [
        'disputed',
        'unreviewed',
        reviewer.displayName,
        'Two counts differ.',
        [
          { url: 'https://example.org/afp', label: 'AFP' },
          { url: 'https://example.org/b', label: null },
        ],
      ],
      ['verified', 'disputed', admin.displayName, 'The later count holds.', []],
    ]);
  });
});

describe('the database backs the action vocabulary', () => {
  it('the CHECK constraint names exactly the actions of the union', async () => {
    const { rows } = await sql<{ def: string }>(
      "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'audit_events'::regclass AND conname = 'audit_events_action_check'",
    );
    expect(rows).toHaveLength(1);
    const inConstraint = [...rows[0]!.def.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    const expected = [...AUDIT_ACTIONS].sort();
    expect(
      [...inConstraint].sort(),
      `A new action needs a migration re-creating audit_events_action_check with: ${expected.map((a) => `'${a}'`).join(', ')}`,
    ).toEqual(expected);
  });

  it('refuses a row with any other action', async () => {
    await expect(insertRaw({ action: 'claim.deleted', actorLabel: 'system' })).rejects.toThrow(/audit_events_action_check/);
    await expect(insertRaw({ action: '', actorLabel: 'system' })).rejects.toThrow(/audit_events_action_check/);
  });

  it('the migration applies to a desk holding rows of every action, old shapes included, and they all still parse', async () => {
    // Shapes earlier versions wrote (sign-in failures before the throttle rewrite).
    await insertRaw({
      action: 'auth.login_failed',
      actorId: reviewer.id,
      actorLabel: reviewer.email,
      after: { ip: '127.0.0.1', reason: 'wrong_password', accountFailures: 1, locked: false },
    });
    await insertRaw({ action: 'auth.login_failed', actorLabel: reviewer.email, after: { ip: '127.0.0.1', reason: 'locked', lockedMinutes: 15 } });

    // Back to the schema before the latest migration that (re)creates the
    // constraint, with the rows still there. (A new action adds such a
    // migration; re-applying an older one would refuse the newer actions' rows.)
    const name = listMigrations()
      .migrationDirectories.filter((d) => d.migrationFile.content.value.includes('ADD CONSTRAINT "audit_events_action_check"'))
      .map((d) => d.path)
      .at(-1)!;
    await sql('ALTER TABLE audit_events DROP CONSTRAINT audit_events_action_check');
    await sql('DELETE FROM _prisma_migrations WHERE migration_name = $1', [name]);
    const before = await readAll();
    expect(new Set(before.stored.map((r) => r.action))).toEqual(new Set(AUDIT_ACTIONS));

    expect(await applyMigrations(process.env.DATABASE_URL!)).toEqual([name]);

    const after = await readAll();
    expect(after.stored).toEqual(before.stored);
    expect(after.records.filter((r) => r.action === 'audit.unreadable')).toEqual([]);
    expect(await verifyAuditChain()).toEqual({ ok: true, checked: after.stored.length });
    const constraint = await sql("SELECT 1 FROM pg_constraint WHERE conname = 'audit_events_action_check'");
    expect(constraint.rowCount).toBe(1);
  });
});

describe('a row that does not match its action', () => {
  it('is reported as unreadable everywhere instead of reading as blank, and the chain still verifies', async () => {
    // What renaming `body` in add-comment.ts would have written.
    const seq = await insertRaw({
      action: 'claim.comment_added',
      actorId: reviewer.id,
      actorLabel: reviewer.email,
      claimId,
      after: { commentId: '5f0c8a52-3d56-4a43-9b1a-1b0d6c1f2a3e', text: 'The renamed key' },
    });
    const row = await db.auditEvent.findUniqueOrThrow({ where: { seq: BigInt(seq) } });
    const record = toAuditRecord(row);
    expect(record).toMatchObject({ action: 'audit.unreadable', storedAction: 'claim.comment_added', seq });
    if (record.action !== 'audit.unreadable') throw new Error('unreachable');
    expect(record.problem).toMatch(/^after\.body: /);
    expect(describeEvent(publicAuditEvent(record), 'Rita')).toMatch(/^Unreadable claim\.comment_added event .*after\.body/);

    const replay = await replayChanges({ since: seq - 1 });
    expect(replay.changes).toHaveLength(1);
    expect(replay.changes[0]!.event.action).toBe('audit.unreadable');
    expect(replay.changes[0]!.comment).toBeUndefined();

    const listed = await listAuditEvents({ actor: admin, query: auditQuerySchema.parse({ claimId, limit: 1 }) });
    expect(listed.events[0]).toMatchObject({ seq, action: 'audit.unreadable', hash: row.hash });
    expect((await verifyAuditChain()).ok).toBe(true);
  });
});

describe('writers', () => {
  it('cannot append a payload that does not match its action', () => {
    const wrong = { action: 'claim.comment_added', actorId: reviewer.id, actorLabel: reviewer.email, claimId, after: { commentId: claimId, text: 'x' } };
    // The type refuses it at compile time; at run time the parse does.
    expect(() => auditEventSchema.parse(wrong)).toThrow(/body/);
    const ok: AuditEventInput = {
      action: 'claim.comment_added',
      actorId: reviewer.id,
      actorLabel: reviewer.email,
      claimId,
      after: { commentId: claimId, body: 'x' },
    };
    expect(auditEventSchema.parse(ok)).toMatchObject({ before: null, reason: null, requestId: null });
  });
});

describe('the editor role, called "admin" before migration role_editor', () => {
  it('the migration renames the accounts of a desk created before it, and their audit rows still parse, as editor', async () => {
    // Back to the schema before the rename, with an account and its audit row as that version wrote them.
    const name = listMigrations()
      .migrationDirectories.map((d) => d.path)
      .find((p) => p.endsWith('_role_editor'))!;
    await sql(`ALTER TYPE "Role" RENAME VALUE 'editor' TO 'admin'`);
    await sql('DELETE FROM _prisma_migrations WHERE migration_name = $1', [name]);
    const {
      rows: [old],
    } = await sql<{ id: string }>(
      `INSERT INTO users (id, email, display_name, role, password_hash) VALUES (gen_random_uuid(), 'old-editor@factdesk.test', 'Olga', 'admin', 'x') RETURNING id`,
    );
    const seq = await insertRaw({ action: 'user.created', actorLabel: 'system', after: { userId: old!.id, email: 'old-editor@factdesk.test', role: 'admin' } });
    const editors = async (role: string) =>
      (await sql<{ email: string }>('SELECT email FROM users WHERE role::text = $1 ORDER BY email', [role])).rows.map((r) => r.email);
    const formerAdmins = await editors('admin');
    expect(formerAdmins).toEqual(['admin@factdesk.test', 'old-editor@factdesk.test']);
    const before = await readAll();

    expect(await applyMigrations(process.env.DATABASE_URL!)).toEqual([name]);

    expect(await editors('editor')).toEqual(formerAdmins);
    expect(await editors('admin')).toEqual([]);
    expect((await actor('old-editor@factdesk.test')).role).toBe('editor');
    // Audit rows never change: the old one still says "admin", is read as editor, and the chain verifies.
    const after = await readAll();
    expect(after.stored).toEqual(before.stored);
    expect(after.stored.find((r) => Number(r.seq) === seq)!.after).toMatchObject({ role: 'admin' });
    expect(after.records.find((r) => r.seq === seq)).toMatchObject({ action: 'user.created', after: { email: 'old-editor@factdesk.test', role: 'editor' } });
    expect(after.records.filter((r) => r.action === 'audit.unreadable').map((r) => r.seq)).toEqual(
      before.records.filter((r) => r.action === 'audit.unreadable').map((r) => r.seq),
    );
    expect(await verifyAuditChain()).toEqual({ ok: true, checked: after.stored.length });
  });
});
