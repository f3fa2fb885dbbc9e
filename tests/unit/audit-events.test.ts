// The audit event contract without a database: the action list, the payload
// of each action, and what the types refuse (checked by `tsc`, which fails
// when an @ts-expect-error below stops being an error).
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, describeEvent } from '../../lib/utils/describe-event';
import { AUDIT_ACTIONS, type AuditEventInput, auditEventSchema } from '../../lib/validation/audit-events';

const CLAIM = '0b6f3c2e-8a4d-4e1f-9c3b-2d5a6e7f8091';
const typed = (e: AuditEventInput) => e;

describe('the audit page names actions in words', () => {
  it('gives each action its own label, none of them a code', () => {
    const labels = AUDIT_ACTIONS.map((a) => AUDIT_ACTION_LABELS[a]);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    for (const label of labels) expect(label).toMatch(/^[A-Z][a-z -]+$/);
    expect(AUDIT_ACTION_LABELS['claim.verdict_set']).toBe('Claim verdict set');
  });
});

describe('the audit event union', () => {
  it('has one member per action in AUDIT_ACTIONS, and no other', () => {
    expect(auditEventSchema.options.map((o) => o.shape.action.value).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('refuses, at compile time and at run time, a payload that does not match its action', () => {
    const wrongKey = typed({
      action: 'claim.comment_added',
      actorId: null,
      actorLabel: 'x',
      claimId: CLAIM,
      // @ts-expect-error -- a comment's text is `body`
      after: { commentId: CLAIM, text: 'renamed' },
    });
    const noClaim = typed(
      // @ts-expect-error -- claim events name their claim
      { action: 'claim.verdict_set', actorId: null, actorLabel: 'x', claimId: null, before: null, after: null, reason: 'r' },
    );
    const unknownReason = typed({
      action: 'auth.login_failed',
      actorId: null,
      actorLabel: 'x',
      // @ts-expect-error -- not a recorded failure reason
      after: { ip: '127.0.0.1', reason: 'bad_luck', locked: false },
    });
    // @ts-expect-error -- not an action
    const unknownAction = typed({ action: 'claim.deleted', actorId: null, actorLabel: 'x' });
    for (const e of [wrongKey, noClaim, unknownReason, unknownAction]) expect(auditEventSchema.safeParse(e).success).toBe(false);
  });

  it('takes every id a PostgreSQL uuid column holds, as lib/validation/ids.ts does, and nothing else', () => {
    // Not RFC 9562 version/variant (an imported or hand-made row), yet a valid uuid column value.
    for (const id of ['00000000-0000-0000-0000-000000000001', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', CLAIM]) {
      const e = { action: 'user.created', actorId: id, actorLabel: 'x', after: { userId: id, email: 'a@b.example', role: 'viewer' } };
      expect(auditEventSchema.safeParse(e).success, id).toBe(true);
    }
    for (const id of ['------------------------------------', '0b6f3c2e8a4d4e1f9c3b2d5a6e7f8091', 'not-an-id']) {
      expect(
        auditEventSchema.safeParse({ action: 'user.created', actorId: id, actorLabel: 'x', after: { userId: CLAIM, email: 'a@b.example', role: 'viewer' } })
          .success,
        id,
      ).toBe(false);
    }
  });

  it('fills the absent parts of an event with null', () => {
    expect(auditEventSchema.parse(typed({ action: 'auth.login_succeeded', actorId: null, actorLabel: 'a@b.example', after: { ip: '::1' } }))).toEqual({
      action: 'auth.login_succeeded',
      actorId: null,
      actorLabel: 'a@b.example',
      claimId: null,
      before: null,
      after: { ip: '::1' },
      reason: null,
      requestId: null,
    });
  });

  it('describes the sign-in failure of every reason', () => {
    const at = { seq: 1, at: '2026-12-01T00:00:00.000Z', actorId: null, actorLabel: 'a@b.example', claimId: null, before: null, reason: null } as const;
    const line = (after: Extract<AuditEventInput, { action: 'auth.login_failed' }>['after']) =>
      describeEvent({ ...at, action: 'auth.login_failed', after }, 'x');
    expect(line({ ip: '::1', reason: 'locked', lockedMinutes: 3 })).toBe('Sign-in refused while locked for a@b.example');
    for (const reason of ['unknown_account', 'disabled', 'wrong_password', 'demo_password_from_network'] as const) {
      expect(line({ ip: '::1', reason, locked: false })).toBe('Failed sign-in for a@b.example');
    }
  });
});
