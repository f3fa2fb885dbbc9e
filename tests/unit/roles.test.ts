// The three roles — editor, reviewer, viewer — and what each may do. "admin",
// the editor role's name until the rename, is still read as editor wherever a
// role comes in (CLI, account creation, audit rows written before the rename).
// Pages and components get booleans from lib/auth/permissions.ts and never
// compare role names themselves.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditEventSchema } from '../../lib/validation/audit-events';
import {
  type Actor,
  canAnnounceWriting,
  ASSIGNABLE_ROLES,
  canAssign,
  canBeAssigned,
  canComment,
  canExport,
  canManageUsers,
  canReadAudit,
  canReview,
  canSetVerdict,
  canVerifyAudit,
} from '../../lib/auth/permissions';
import { parseOrThrow } from '../../lib/errors';
import { newUserSchema, type Role, roleSchema, ROLES } from '../../lib/validation/users';

const ROOT = path.resolve(import.meta.dirname, '../..');
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
    const stored = {
      action: 'user.created',
      actorId: null,
      actorLabel: 'system',
      claimId: null,
      before: null,
      after: { userId: USER, email: 'admin@factdesk.test', role: 'admin' },
      reason: null,
      requestId: null,
    };
    expect(auditEventSchema.parse(stored)).toMatchObject({ action: 'user.created', after: { role: 'editor' } });
  });
});

describe('permissions', () => {
  const RULES = {
    review: (a: Actor) => canReview(a),
    'set a verdict': (a: Actor) => canSetVerdict(a, 'disputed'),
    'return to unreviewed': (a: Actor) => canSetVerdict(a, 'unreviewed'),
    comment: canComment,
    'announce writing': canAnnounceWriting,
    assign: canAssign,
    'be assigned a claim': canBeAssigned,
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
    'announce writing': ['editor', 'reviewer'],
    assign: ['editor'],
    'be assigned a claim': ['editor', 'reviewer'],
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

  it('the assignee menu lists exactly the roles assignClaim accepts', () => {
    expect(ASSIGNABLE_ROLES).toEqual(EXPECTED['be assigned a claim']);
  });
});

describe('pages and components', () => {
  function sources(dir: string): string[] {
    return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
      const rel = path.join(dir, d.name);
      if (d.isDirectory()) return sources(rel);
      return /\.tsx?$/.test(d.name) ? [rel] : [];
    });
  }
  // A comparison with a role on either side, or a role name compared as a string.
  const DECIDES_BY_ROLE = /\brole\s*[!=]==?|[!=]==?\s*[\w.?]*\brole\b|[!=]==?\s*['"](admin|editor|reviewer|viewer)['"]|\.includes\([\w.?]*\brole\)/;

  it('the check finds the comparisons it is for', () => {
    for (const line of [
      "isAdmin={actor.role === 'admin'}",
      "const canWrite = me.role !== 'viewer';",
      "if ('editor' === user?.role) x();",
      'ROLES.includes(me.role)',
    ]) {
      expect(line, line).toMatch(DECIDES_BY_ROLE);
    }
    expect('<span>{ROLE_LABELS[actor.role]}</span>').not.toMatch(DECIDES_BY_ROLE);
  });

  it('decide with booleans from lib/auth/permissions.ts, never by comparing role names', () => {
    const found = [...sources('app'), ...sources('components')].flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (DECIDES_BY_ROLE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
