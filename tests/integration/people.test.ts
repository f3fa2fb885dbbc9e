// Issue 15, the domain layer of managing people: invitations and reset links
// (single use, expiry, tampering, replacement), role changes and the last
// editor, disabling (a copied cookie stops working) and re-enabling, password
// changes and the account's own sessions. Every refused call writes nothing;
// every accepted one exactly one audit event of its own action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFromCookieHeader } from '../../lib/auth/current-actor';
import type { Actor } from '../../lib/auth/permissions';
import { verifyAuditChain } from '../../lib/audit/verify-chain';
import { db } from '../../lib/db';
import { isAppError } from '../../lib/errors';
import { acceptInvitation } from '../../lib/users/accept-invitation';
import { revokeSessions, listSessions } from '../../lib/users/account-sessions';
import { changePassword } from '../../lib/users/change-password';
import { changeRole } from '../../lib/users/change-role';
import { findActiveActor } from '../../lib/users/find-actor';
import { inviteUser } from '../../lib/users/invite-user';
import { issuePasswordReset } from '../../lib/users/issue-password-reset';
import { isOnlyActiveEditor, LAST_EDITOR_MESSAGE } from '../../lib/users/last-editor';
import { listPeople } from '../../lib/users/list-people';
import { openInvitation } from '../../lib/users/open-invitation';
import { revokeInvitation } from '../../lib/users/revoke-invitation';
import { setAccountStatus } from '../../lib/users/set-account-status';
import { inviteInputSchema } from '../../lib/validation/users';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { login } from '../support/app-server';
import { closeDesk, type Desk, EMAIL, openDesk } from '../support/fixtures';

const STRONG = 'quiet orange ferry at dawn';
const STRONGER = 'seven lanterns over the harbour';
let desk: Desk;
let editor: Actor;
let reviewer: Actor;
let viewer: Actor;

beforeAll(async () => {
  desk = await openDesk({ signIn: 'credentials' });
  editor = (await findActiveActor(EMAIL.editor))!;
  reviewer = (await findActiveActor(EMAIL.reviewer))!;
  viewer = (await findActiveActor(EMAIL.viewer))!;
}, 120_000);
afterAll(() => closeDesk(desk));

const auditCount = () => db.auditEvent.count();
const tokenOf = (path: string) => path.split('/').at(-1)!;
const apiStatus = async (cookie: string) => (await fetch(`${desk.app.baseUrl}/api/claims`, { headers: { cookie } })).status;

/** The AppError a call throws: its code and message. */
async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
}

/** Runs `fn`, and checks it wrote exactly one audit event, of `action`. */
async function auditedOnce<T>(action: string, fn: () => Promise<T>): Promise<T> {
  const before = await db.auditEvent.findFirst({ orderBy: { seq: 'desc' }, select: { seq: true } });
  const result = await fn();
  const events = await db.auditEvent.findMany({ where: { seq: { gt: before?.seq ?? 0n } }, select: { action: true } });
  expect(events.map((e) => e.action)).toEqual([action]);
  return result;
}

describe('every action × every role', () => {
  it('only editors invite, reset, change roles, disable and list people; refusals write nothing', async () => {
    const target = reviewer.id;
    for (const actor of [viewer, reviewer]) {
      const before = await auditCount();
      const invitations = await db.invitation.count();
      const calls = [
        inviteUser({ actor, invite: { email: 'nobody@paper.example', displayName: 'No Body', role: 'viewer' } }),
        issuePasswordReset({ actor, userId: target }),
        changeRole({ actor, userId: target, role: 'viewer' }),
        setAccountStatus({ actor, userId: target, disabled: true }),
        listPeople({ actor }),
      ];
      for (const call of calls) expect((await refusal(call)).code, actor.role).toBe('forbidden');
      expect(await auditCount()).toBe(before);
      expect(await db.invitation.count()).toBe(invitations);
      expect((await db.user.findUniqueOrThrow({ where: { id: target } })).role).toBe('reviewer');
    }
    const people = await listPeople({ actor: editor });
    expect(people.map((p) => p.email)).toEqual(expect.arrayContaining(Object.values(EMAIL)));
    expect(people.find((p) => p.email === EMAIL.reviewer)).toMatchObject({ role: 'reviewer', status: 'active' });
    expect(people.find((p) => p.email === EMAIL.reviewer)?.lastSignInAt).not.toBeNull();
  });
});

describe('invitations', () => {
  it('an invited person sets a password once and is in; the link is then spent', async () => {
    const link = await auditedOnce('user.invited', () =>
      inviteUser({ actor: editor, invite: { email: 'lucia@paper.example', displayName: 'Lúcia Ramos', role: 'reviewer' } }),
    );
    const token = tokenOf(link.path);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    expect(await db.invitation.count({ where: { tokenHash: token } })).toBe(0);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(71 * 3_600_000);
    expect(await openInvitation({ token })).toMatchObject({ state: 'valid', kind: 'invite', email: 'lucia@paper.example', role: 'reviewer' });
    expect((await listPeople({ actor: editor })).find((p) => p.email === 'lucia@paper.example')).toMatchObject({ status: 'invited', userId: null });

    // A weak password is refused with a reason and spends nothing.
    const before = await auditCount();
    const weak = await refusal(acceptInvitation({ token, password: 'password1234' }));
    expect(weak).toMatchObject({ code: 'invalid_input' });
    expect(weak.message).toMatch(/too easy to guess/);
    expect((await refusal(acceptInvitation({ token, password: 'short' }))).message).toBe('password: Passwords need at least 12 characters.');
    expect((await refusal(acceptInvitation({ token, password: 'Lúcia Ramos lucia@paper.example' }))).message).toMatch(/too easy to guess/);
    expect(await auditCount()).toBe(before);
    expect(await db.user.count({ where: { email: 'lucia@paper.example' } })).toBe(0);

    // Two tabs submitting at once: exactly one account, one event.
    const results = await Promise.allSettled([acceptInvitation({ token, password: STRONG }), acceptInvitation({ token, password: STRONG })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await db.user.count({ where: { email: 'lucia@paper.example' } })).toBe(1);
    expect(await db.auditEvent.count({ where: { action: 'user.invitation_accepted', after: { path: ['email'], equals: 'lucia@paper.example' } } })).toBe(1);
    expect((await login(desk.app.baseUrl, 'lucia@paper.example', STRONG)).ok).toBe(true);

    expect(await openInvitation({ token })).toEqual({ state: 'used' });
    expect((await refusal(acceptInvitation({ token, password: STRONGER }))).message).toMatch(/already been used/);
    expect(
      (await refusal(inviteUser({ actor: editor, invite: inviteInputSchema.parse({ email: 'Lucia@Paper.example', displayName: 'Again', role: 'viewer' }) })))
        .message,
    ).toBe('lucia@paper.example already has an account.');
  });

  it('a tampered, expired or replaced link gets its own sentence and changes nothing', async () => {
    const first = tokenOf((await inviteUser({ actor: editor, invite: { email: 'kofi@paper.example', displayName: 'Kofi', role: 'viewer' } })).path);
    const tampered = `${first.slice(0, -1)}${first.endsWith('A') ? 'B' : 'A'}`;
    expect(await openInvitation({ token: tampered })).toEqual({ state: 'unknown' });
    expect(await openInvitation({ token: 'not-a-token' })).toEqual({ state: 'unknown' });
    expect((await refusal(acceptInvitation({ token: tampered, password: STRONG }))).code).toBe('not_found');

    // A second invitation to the same email replaces the first.
    const second = tokenOf((await inviteUser({ actor: editor, invite: { email: 'kofi@paper.example', displayName: 'Kofi', role: 'reviewer' } })).path);
    expect(await openInvitation({ token: first })).toEqual({ state: 'replaced' });
    expect((await refusal(acceptInvitation({ token: first, password: STRONG }))).message).toMatch(/replaced it by a newer one/);

    await db.invitation.updateMany({ where: { email: 'kofi@paper.example', revokedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await openInvitation({ token: second })).toEqual({ state: 'expired' });
    expect((await refusal(acceptInvitation({ token: second, password: STRONG }))).message).toMatch(/expired/);
    expect(await db.user.count({ where: { email: 'kofi@paper.example' } })).toBe(0);
    expect((await listPeople({ actor: editor })).some((p) => p.email === 'kofi@paper.example')).toBe(false);
  });

  it('an editor withdraws a pending invitation: its link stops working; only editors, only pending ones', async () => {
    const link = await inviteUser({ actor: editor, invite: { email: 'typo@paper.exmaple', displayName: 'Typo', role: 'viewer' } });
    const pending = (await listPeople({ actor: editor })).find((p) => p.email === 'typo@paper.exmaple');
    expect(pending).toMatchObject({ status: 'invited', invitationId: expect.any(String) as string });
    const invitationId = pending!.invitationId!;
    for (const actor of [viewer, reviewer]) expect((await refusal(revokeInvitation({ actor, invitationId }))).code).toBe('forbidden');
    await auditedOnce('user.invitation_revoked', () => revokeInvitation({ actor: editor, invitationId }));
    expect(await openInvitation({ token: tokenOf(link.path) })).toEqual({ state: 'replaced' });
    expect((await listPeople({ actor: editor })).some((p) => p.email === 'typo@paper.exmaple')).toBe(false);
    const before = await auditCount();
    expect((await refusal(revokeInvitation({ actor: editor, invitationId }))).message).toMatch(/no longer pending/);
    expect((await refusal(revokeInvitation({ actor: editor, invitationId: crypto.randomUUID() }))).code).toBe('not_found');
    expect(await auditCount()).toBe(before);
  });
});

describe('roles and the last editor', () => {
  it('the last active editor cannot be demoted or disabled; with a second editor they can', async () => {
    const before = await auditCount();
    expect(await refusal(changeRole({ actor: editor, userId: editor.id, role: 'reviewer' }))).toEqual({ code: 'conflict', message: LAST_EDITOR_MESSAGE });
    expect((await refusal(setAccountStatus({ actor: editor, userId: editor.id, disabled: true }))).message).toMatch(/cannot disable your own account/);
    expect(await auditCount()).toBe(before);
    // What the People page shows before anyone tries: only editors are told, and only while alone.
    expect(await isOnlyActiveEditor(editor)).toBe(true);
    expect(await isOnlyActiveEditor(reviewer)).toBe(false);

    const rui = (await findActiveActor(EMAIL.reviewer2))!;
    await auditedOnce('user.role_changed', () => changeRole({ actor: editor, userId: rui.id, role: 'editor' }));
    expect(await isOnlyActiveEditor(editor)).toBe(false);
    const event = await db.auditEvent.findFirstOrThrow({ where: { action: 'user.role_changed' }, orderBy: { seq: 'desc' } });
    expect(event).toMatchObject({ actorId: editor.id, before: { role: 'reviewer' }, after: { role: 'editor', email: EMAIL.reviewer2 } });
    // The new role holds on the very next request: Rui's cookie now lists people… through the actor it resolves to.
    expect((await sessionFromCookieHeader(desk.cookies.reviewer2))?.actor.role).toBe('editor');

    // Two editors demoting each other at once: one of them stays an editor.
    const ruiNow = (await findActiveActor(EMAIL.reviewer2))!;
    const both = await Promise.allSettled([
      changeRole({ actor: editor, userId: ruiNow.id, role: 'reviewer' }),
      changeRole({ actor: ruiNow, userId: editor.id, role: 'reviewer' }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await db.user.count({ where: { role: 'editor', disabledAt: null } })).toBe(1);
    // Back as it was.
    const remaining = (await db.user.findFirstOrThrow({ where: { role: 'editor', disabledAt: null } })).id;
    const other = remaining === editor.id ? ruiNow : editor;
    const boss = remaining === editor.id ? editor : ruiNow;
    if (other.id === editor.id) {
      await changeRole({ actor: boss, userId: editor.id, role: 'editor' });
      await changeRole({ actor: editor, userId: ruiNow.id, role: 'reviewer' });
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: editor.id } })).role).toBe('editor');
    expect((await db.user.findUniqueOrThrow({ where: { id: ruiNow.id } })).role).toBe('reviewer');
    expect((await refusal(changeRole({ actor: editor, userId: ruiNow.id, role: 'reviewer' }))).message).toMatch(/already a reviewer/);
  });
});

describe('disabling and re-enabling', () => {
  it('ends every session at once (a copied cookie stops working), lists the assignments, and re-enabling keeps old cookies dead', async () => {
    const email = 'lucia@paper.example';
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const session = await login(desk.app.baseUrl, email, STRONG);
    const copied = session.cookie;
    expect(await apiStatus(copied)).toBe(200);
    const claim = await db.claim.findFirstOrThrow({ where: { status: 'unreviewed' } });
    await db.claim.update({ where: { id: claim.id }, data: { assigneeId: user.id } });

    const result = await auditedOnce('user.disabled', () => setAccountStatus({ actor: editor, userId: user.id, disabled: true }));
    expect(result.assigned).toEqual([{ id: claim.id, title: claim.title }]);
    expect(await apiStatus(copied)).toBe(401);
    expect((await login(desk.app.baseUrl, email, STRONG)).ok).toBe(false);
    expect((await listPeople({ actor: editor })).find((p) => p.email === email)).toMatchObject({ status: 'disabled', assignedOpen: 1 });
    expect((await refusal(setAccountStatus({ actor: editor, userId: user.id, disabled: true }))).message).toMatch(/already disabled/);
    expect((await refusal(issuePasswordReset({ actor: editor, userId: user.id }))).message).toMatch(/re-enable the account/);

    await auditedOnce('user.enabled', () => setAccountStatus({ actor: editor, userId: user.id, disabled: false }));
    expect(await apiStatus(copied)).toBe(401);
    expect((await login(desk.app.baseUrl, email, STRONG)).ok).toBe(true);
    await db.claim.update({ where: { id: claim.id }, data: { assigneeId: null } });
  });
});

describe('passwords and sessions', () => {
  it('a reset link sets a new password and ends every session of the account', async () => {
    const email = 'lucia@paper.example';
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const session = await login(desk.app.baseUrl, email, STRONG);
    const link = await auditedOnce('user.password_reset_issued', () => issuePasswordReset({ actor: editor, userId: user.id }));
    // Until it is used, the old password still works.
    expect(await apiStatus(session.cookie)).toBe(200);
    const token = tokenOf(link.path);
    expect(await openInvitation({ token })).toMatchObject({ state: 'valid', kind: 'reset', email });
    await auditedOnce('user.password_reset', () => acceptInvitation({ token, password: STRONGER }));
    expect(await apiStatus(session.cookie)).toBe(401);
    expect((await login(desk.app.baseUrl, email, STRONG)).ok).toBe(false);
    expect((await login(desk.app.baseUrl, email, STRONGER)).ok).toBe(true);
    expect(await openInvitation({ token })).toEqual({ state: 'used' });
  });

  it('changing one’s password needs the current one, refuses weak ones, and signs out the other sessions', async () => {
    const email = 'lucia@paper.example';
    const here = await login(desk.app.baseUrl, email, STRONGER);
    const elsewhere = await login(desk.app.baseUrl, email, STRONGER);
    const current = (await sessionFromCookieHeader(here.cookie))!;
    const actor = current.actor;
    const before = await auditCount();
    expect(
      await refusal(changePassword({ actor, currentSessionId: current.sessionId, ip: '127.0.0.1', current: 'wrong password!', next: STRONG })),
    ).toMatchObject({
      code: 'invalid_input',
      message: 'current: Your current password is not right.',
    });
    expect(
      (await refusal(changePassword({ actor, currentSessionId: current.sessionId, ip: '127.0.0.1', current: STRONGER, next: 'password1234' }))).message,
    ).toMatch(/too easy/);
    // The wrong guess is audited as a failed password attempt; the weak password is not tried at all.
    expect(await auditCount()).toBe(before + 1);
    expect(await apiStatus(elsewhere.cookie)).toBe(200);

    const r = await auditedOnce('user.password_changed', () =>
      changePassword({ actor, currentSessionId: current.sessionId, ip: '127.0.0.1', current: STRONGER, next: STRONG }),
    );
    expect(r.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect(await apiStatus(here.cookie)).toBe(200);
    expect(await apiStatus(elsewhere.cookie)).toBe(401);
    expect((await login(desk.app.baseUrl, email, STRONG)).ok).toBe(true);
  });

  it('lists one’s own sessions and signs out one, the others, or all; another account’s session is not found', async () => {
    const a = await login(desk.app.baseUrl, EMAIL.viewer, DEMO_PASSWORD);
    const b = await login(desk.app.baseUrl, EMAIL.viewer, DEMO_PASSWORD);
    const c = await login(desk.app.baseUrl, EMAIL.viewer, DEMO_PASSWORD);
    const sa = (await sessionFromCookieHeader(a.cookie))!;
    const sb = (await sessionFromCookieHeader(b.cookie))!;
    const list = await listSessions({ actor: viewer, currentSessionId: sa.sessionId });
    expect(list.filter((s) => s.current).map((s) => s.id)).toEqual([sa.sessionId]);
    expect(list.map((s) => s.id)).toEqual(expect.arrayContaining([sa.sessionId, sb.sessionId]));

    const someoneElses = (await sessionFromCookieHeader(desk.cookies.reviewer))!.sessionId;
    expect((await refusal(revokeSessions({ actor: viewer, currentSessionId: sa.sessionId, scope: 'one', sessionId: someoneElses }))).code).toBe('not_found');
    expect(await apiStatus(desk.cookies.reviewer)).toBe(200);

    await auditedOnce('user.sessions_revoked', () => revokeSessions({ actor: viewer, currentSessionId: sa.sessionId, scope: 'one', sessionId: sb.sessionId }));
    expect(await apiStatus(b.cookie)).toBe(401);
    expect(await apiStatus(c.cookie)).toBe(200);
    await auditedOnce('user.sessions_revoked', () => revokeSessions({ actor: viewer, currentSessionId: sa.sessionId, scope: 'others' }));
    expect(await apiStatus(c.cookie)).toBe(401);
    expect(await apiStatus(a.cookie)).toBe(200);
    expect((await listSessions({ actor: viewer, currentSessionId: sa.sessionId })).every((s) => s.id !== sb.sessionId)).toBe(true);
  });

  it('leaves an intact audit chain', async () => {
    expect((await verifyAuditChain()).ok).toBe(true);
  });
});
