import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyAuditChain } from '../../lib/audit/verify-chain';
import { setVerdict } from '../../lib/claims/set-verdict';
import { db } from '../../lib/db';
import { verdictInputSchema } from '../../lib/validation/verdicts';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';

// A failure injected after the audit row is written, still inside setVerdict's
// transaction (only in this test process: the desk's server runs unmocked).
const injected = vi.hoisted(() => ({ failAfterAudit: false }));
vi.mock('../../lib/audit/append-audit-event', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/audit/append-audit-event')>();
  const insertAuditEventSql: typeof real.insertAuditEventSql = async (client, record) => {
    await real.insertAuditEventSql(client, record);
    if (injected.failAfterAudit) throw new Error('injected failure');
  };
  return { ...real, insertAuditEventSql };
});

let desk: Desk;
beforeAll(async () => {
  desk = await openDesk();
}, 120_000);
afterAll(() => closeDesk(desk));

const verdict = (expectedVersion: number, extra: Record<string, unknown> = {}) => ({
  status: 'disputed',
  reason: 'Migración Colombia reported 567 over five days, not in one day.',
  evidence: [{ url: 'https://www.migracioncolombia.gov.co/', label: 'Migración Colombia' }],
  expectedVersion,
  ...extra,
});

describe('POST /api/claims/{id}/verdict', () => {
  it('sets a verdict, increments the version and records who decided', async () => {
    const id = await desk.claimId('001_a4564d29494e56b0');
    const res = await desk.call('reviewer', 'POST', `/api/claims/${id}/verdict`, verdict(1));
    expect(res.status).toBe(200);
    const claim = (await res.json()) as { evidence: unknown; decidedBy: { displayName: string } };
    expect(claim).toMatchObject({ id, status: 'disputed', version: 2, reason: verdict(1).reason });
    expect(claim.evidence).toEqual([{ url: 'https://www.migracioncolombia.gov.co/', label: 'Migración Colombia' }]);
    expect(claim.decidedBy.displayName).toBe('Rita Reviewer');
    const events = await db.auditEvent.findMany({ where: { claimId: id, action: 'claim.verdict_set' } });
    expect(events).toHaveLength(1);
    expect(events[0]!.before).toMatchObject({ status: 'unreviewed', version: 1 });
    expect(events[0]!.after).toMatchObject({ status: 'disputed', version: 2 });
    expect(events[0]!.reason).toBe(verdict(1).reason);
  });

  it('20 simultaneous verdicts on one version: exactly one wins, nineteen get 409, one audit event', async () => {
    const id = await desk.claimId('002_d367ca68bff82dc3');
    const eventsBefore = await db.auditEvent.count();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        desk.call(i % 2 ? 'reviewer' : 'reviewer2', 'POST', `/api/claims/${id}/verdict`, verdict(1, { reason: `attempt ${i}` })),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await db.auditEvent.count()).toBe(eventsBefore + 1);
    const claim = await db.claim.findUniqueOrThrow({ where: { id } });
    expect(claim.version).toBe(2);
    expect(await verifyAuditChain()).toMatchObject({ ok: true });
  });

  it('a stale version gets 409 with the current claim and who changed it, and writes nothing', async () => {
    const id = await desk.claimId('003_c796c6a1adc09b2d');
    expect((await desk.call('reviewer', 'POST', `/api/claims/${id}/verdict`, verdict(1, { status: 'verified' }))).status).toBe(200);
    const eventsBefore = await db.auditEvent.count();
    const res = await desk.call('reviewer2', 'POST', `/api/claims/${id}/verdict`, verdict(1));
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string }; current: Record<string, unknown> };
    expect(body.error.code).toBe('conflict');
    expect(body.error.message).toMatch(/Rita Reviewer/);
    expect(body.current).toMatchObject({ id, status: 'verified', version: 2, decidedBy: { displayName: 'Rita Reviewer' } });
    expect(await db.auditEvent.count()).toBe(eventsBefore);
  });

  it('invalid input gets 400 naming the field, and changes nothing', async () => {
    const id = await desk.claimId('000_552dc560a453afa8');
    const eventsBefore = await db.auditEvent.count();
    const cases: [unknown, RegExp][] = [
      [verdict(1, { reason: '   ' }), /reason/],
      [verdict(1, { reason: 'x'.repeat(2001) }), /reason/],
      [verdict(1, { status: 'true-ish' }), /status/],
      [verdict(1, { evidence: [{ url: 'javascript:alert(1)' }] }), /evidence\.0\.url/],
      [verdict(1, { evidence: Array.from({ length: 11 }, (_, i) => ({ url: `https://example.org/${i}` })) }), /evidence/],
      [verdict(1, { status: 'verified', reReviewAt: '2027-01-01' }), /reReviewAt/],
      [{ status: 'verified', reason: 'ok' }, /expectedVersion/],
      ['{not json', /JSON/],
    ];
    for (const [body, field] of cases) {
      const res = await desk.call('reviewer', 'POST', `/api/claims/${id}/verdict`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(field);
    }
    const claim = await db.claim.findUniqueOrThrow({ where: { id } });
    expect(claim).toMatchObject({ status: 'unreviewed', version: 1 });
    expect(await db.auditEvent.count()).toBe(eventsBefore);
  });

  it('outdated takes a re-review date; reviewers cannot return a claim to unreviewed, editors can', async () => {
    const id = await desk.claimId('000_552dc560a453afa8');
    const res = await desk.call('reviewer', 'POST', `/api/claims/${id}/verdict`, verdict(1, { status: 'outdated', reReviewAt: '2020-01-01' }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { reReviewAt: string }).reReviewAt).toBe('2020-01-01T00:00:00.000Z');
    const due = (await (await desk.call('viewer', 'GET', '/api/claims?due=1')).json()) as { claims: { id: string }[] };
    expect(due.claims.map((c) => c.id)).toEqual([id]);

    expect((await desk.call('reviewer', 'POST', `/api/claims/${id}/verdict`, verdict(2, { status: 'unreviewed' }))).status).toBe(403);
    expect((await desk.call('editor', 'POST', `/api/claims/${id}/verdict`, verdict(2, { status: 'unreviewed' }))).status).toBe(200);
  });

  it('an error after the change inside the transaction leaves neither the change nor an audit event', async () => {
    const id = await desk.claimId('004_70e37703d5faa8e3');
    const before = await db.claim.findUniqueOrThrow({ where: { id } });
    const eventsBefore = await db.auditEvent.count();
    const actor = {
      id: (await db.user.findUniqueOrThrow({ where: { email: 'reviewer@factdesk.test' } })).id,
      role: 'reviewer' as const,
      email: 'reviewer@factdesk.test',
      displayName: 'Rita Reviewer',
    };
    injected.failAfterAudit = true;
    try {
      await expect(setVerdict({ actor, claimId: id, verdict: verdictInputSchema.parse(verdict(before.version)) })).rejects.toThrow('injected failure');
    } finally {
      injected.failAfterAudit = false;
    }
    expect(await db.claim.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await db.auditEvent.count()).toBe(eventsBefore);
  });

  it('answers with the claim exactly as a fresh read shows it (the SQL path maps every column as Prisma does)', async () => {
    const id = await desk.claimId('003_c796c6a1adc09b2d');
    const before = await db.claim.findUniqueOrThrow({ where: { id } });
    const res = await desk.call(
      'reviewer',
      'POST',
      `/api/claims/${id}/verdict`,
      verdict(before.version, { status: 'outdated', reReviewAt: '2027-01-15T09:30:00.000Z' }),
    );
    expect(res.status).toBe(200);
    const answered = (await res.json()) as Record<string, unknown>;
    const read = await desk.call('viewer', 'GET', `/api/claims/${id}`);
    expect(read.status).toBe(200);
    // The page's read adds the story and more; every field of the answer is as the read has it.
    expect(await read.json()).toMatchObject(answered);
    expect(answered).toMatchObject({
      status: 'outdated',
      reReviewAt: '2027-01-15T09:30:00.000Z',
      body: before.body,
      publishedAt: before.publishedAt?.toISOString() ?? null,
    });
    // And the 409's `current` is the same shape.
    const conflict = await desk.call('reviewer2', 'POST', `/api/claims/${id}/verdict`, verdict(before.version));
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { current: unknown }).current).toEqual(answered);
  });

  it('404 for an unknown claim, 400 for a malformed id', async () => {
    expect((await desk.call('reviewer', 'POST', `/api/claims/${crypto.randomUUID()}/verdict`, verdict(1))).status).toBe(404);
    expect((await desk.call('reviewer', 'POST', '/api/claims/nope/verdict', verdict(1))).status).toBe(400);
  });
});

describe('POST /api/claims/{id}/assignment', () => {
  it('an editor assigns a claim to a reviewer or an editor, never to a viewer', async () => {
    const id = await desk.claimId('004_70e37703d5faa8e3');
    const userId = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email } })).id;
    for (const email of ['reviewer@factdesk.test', 'admin@factdesk.test']) {
      const res = await desk.call('editor', 'POST', `/api/claims/${id}/assignment`, { userId: await userId(email) });
      expect(res.status, email).toBe(200);
      expect(((await res.json()) as { assignee: { id: string } | null }).assignee?.id).toBe(await userId(email));
    }
    const eventsBefore = await db.auditEvent.count();
    const refused = await desk.call('editor', 'POST', `/api/claims/${id}/assignment`, { userId: await userId('viewer@factdesk.test') });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'invalid_input', message: 'userId: viewers cannot be assigned claims.' } });
    expect((await db.claim.findUniqueOrThrow({ where: { id } })).assigneeId).toBe(await userId('admin@factdesk.test'));
    expect(await db.auditEvent.count()).toBe(eventsBefore);
  });
});
