// Every mutating endpoint × {no session, viewer, reviewer, editor}: the documented answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, disconnectDb } from '../../lib/db';
import { type Desk, openDesk, type Role } from '../support/fixtures';

let desk: Desk;
let claimId: string;
let reviewerId: string;
beforeAll(async () => {
  desk = await openDesk();
  claimId = await desk.claimId('001_a4564d29494e56b0');
  reviewerId = (await db.user.findUniqueOrThrow({ where: { email: 'reviewer@factdesk.test' } })).id;
}, 120_000);
afterAll(async () => { await desk?.app.stop(); await disconnectDb(); });

type Case = { name: string; method: string; path: () => string; body: () => unknown; expect: Record<'none' | 'viewer' | 'reviewer' | 'editor', number> };

const currentVersion = async () => (await db.claim.findUniqueOrThrow({ where: { id: claimId } })).version;
let version = 1;

const CASES: Case[] = [
  {
    name: 'set a verdict',
    method: 'POST',
    path: () => `/api/claims/${claimId}/verdict`,
    body: () => ({ status: 'verified', reason: 'Matches the statement.', evidence: [], expectedVersion: version }),
    expect: { none: 401, viewer: 403, reviewer: 200, editor: 200 },
  },
  {
    name: 'return to unreviewed',
    method: 'POST',
    path: () => `/api/claims/${claimId}/verdict`,
    body: () => ({ status: 'unreviewed', reason: 'Reopened.', evidence: [], expectedVersion: version }),
    expect: { none: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  {
    name: 'comment',
    method: 'POST',
    path: () => `/api/claims/${claimId}/comments`,
    body: () => ({ body: 'Who counted the 567?' }),
    expect: { none: 401, viewer: 403, reviewer: 201, editor: 201 },
  },
  {
    name: 'assign',
    method: 'POST',
    path: () => `/api/claims/${claimId}/assignment`,
    body: () => ({ userId: reviewerId }),
    expect: { none: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
  {
    name: 'verify the audit chain',
    method: 'GET',
    path: () => '/api/audit/verify',
    body: () => undefined,
    expect: { none: 401, viewer: 403, reviewer: 403, editor: 200 },
  },
];

describe('role matrix', () => {
  for (const c of CASES) {
    for (const who of ['none', 'viewer', 'reviewer', 'editor'] as const) {
      it(`${c.name} as ${who} → ${c.expect[who]}`, async () => {
        version = await currentVersion();
        const eventsBefore = await db.auditEvent.count();
        const res = await desk.call(who === 'none' ? null : (who as Role), c.method, c.path(), c.body());
        expect(res.status).toBe(c.expect[who]);
        const body = (await res.json()) as { error?: { code: string; message: string } };
        if (res.status >= 400) {
          expect(body.error?.message).toEqual(expect.any(String));
          if (c.method !== 'GET') expect(await db.auditEvent.count()).toBe(eventsBefore);
        } else if (c.method !== 'GET') {
          expect(await db.auditEvent.count()).toBe(eventsBefore + 1);
        }
      });
    }
  }

  it('refuses a mutation sent from another origin (CSRF)', async () => {
    const res = await desk.call('reviewer', 'POST', `/api/claims/${claimId}/comments`, { body: 'x' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('everyone signed in reads claims, comments and the audit trail', async () => {
    for (const who of ['viewer', 'reviewer', 'editor'] as const) {
      for (const p of ['/api/claims', `/api/claims/${claimId}`, `/api/claims/${claimId}/comments`, `/api/claims/${claimId}/audit`, '/api/audit']) {
        expect((await desk.call(who, 'GET', p)).status, `${who} ${p}`).toBe(200);
      }
    }
  });
});
