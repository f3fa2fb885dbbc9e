// The three roles — editor, reviewer, viewer — and what each may do. "admin",
// the editor role's name until the rename, is still read as editor wherever a
// role comes in (CLI, account creation, audit rows written before the rename).
import { describe, expect, it } from 'vitest';
import { auditEventSchema } from '../../lib/audit/events';
import {
  type Actor,
  canAssign,
  canComment,
  canExport,
  canManageUsers,
  canReadAudit,
  canReview,
  canSetVerdict,
  canVerifyAudit,
} from '../../lib/auth/permissions';
import { parseOrThrow } from '../../lib/validation/parse';
import { newUserSchema, type Role, roleSchema, ROLES } from '../../lib/validation/users';

const USER = '0b6f3c2e-8a4d-4e1f-9c3b-2d5a6e7f8091';
const as = (role: Role): Actor => ({ id: USER, role, email: `${role}@paper.example`, displayName: role });

describe('role names', () => {
  it('are editor, reviewer and viewer', () => {
    expect(ROLES).toEqual(['editor', 'reviewer', 'viewer']);
    for (const role of ROLES) expect(roleSchema.parse(role)).toBe(role);
  });

  it('read the former name "admin" as editor', () => {
    expect(roleSchema.parse('admin')).toBe('editor');
    const user = parseOrThrow(newUserSchema, { email: 'ana@paper.example', displayName: 'Ana', role: 'admin', password: 'a long enough password' });
    expect(user.role).toBe('editor');
  });

  it('refuse anything else, naming the three roles', () => {
    for (const role of ['boss', 'Admin', 'EDITOR', '', null, 1]) {
      const attempt = () => parseOrThrow(newUserSchema, { email: 'ana@paper.example', displayName: 'Ana', role, password: 'a long enough password' });
      expect(attempt, String(role)).toThrow('role: Role must be editor, reviewer or viewer.');
    }
  });

  it('an account created before the rename still parses from its audit row, as an editor', () => {
    const stored = { action: 'user.created', actorId: null, actorLabel: 'system', claimId: null, before: null, after: { userId: USER, email: 'admin@factdesk.test', role: 'admin' }, reason: null, requestId: null };
    expect(auditEventSchema.parse(stored)).toMatchObject({ action: 'user.created', after: { role: 'editor' } });
  });
});

describe('permissions', () => {
  const RULES = {
    review: (a: Actor) => canReview(a),
    'set a verdict': (a: Actor) => canSetVerdict(a, 'disputed'),
    'return to unreviewed': (a: Actor) => canSetVerdict(a, 'unreviewed'),
    comment: canComment,
    assign: canAssign,
    'read the audit trail': canReadAudit,
    'verify the audit chain': canVerifyAudit,
    export: canExport,
    'manage accounts': canManageUsers,
  };
  const EXPECTED: Record<keyof typeof RULES, Role[]> = {
    review: ['editor', 'reviewer'],
    'set a verdict': ['editor', 'reviewer'],
    'return to unreviewed': ['editor'],
    comment: ['editor', 'reviewer'],
    assign: ['editor'],
    'read the audit trail': ['editor', 'reviewer', 'viewer'],
    'verify the audit chain': ['editor'],
    export: ['editor', 'reviewer', 'viewer'],
    'manage accounts': ['editor'],
  };

  for (const [rule, can] of Object.entries(RULES) as [keyof typeof RULES, (a: Actor) => boolean][]) {
    it(`${rule}: ${EXPECTED[rule].join(', ')}`, () => {
      expect(ROLES.filter((role) => can(as(role)))).toEqual(EXPECTED[rule]);
    });
  }
});
