import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../lib/db';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';

let desk: Desk;
let claimId: string;
beforeAll(async () => {
  desk = await openDesk();
  claimId = await desk.claimId('003_c796c6a1adc09b2d');
  await desk.call('reviewer', 'POST', `/api/claims/${claimId}/verdict`, {
    status: 'disputed',
    reason: 'CNN and AFP give 104; others differ.',
    evidence: [],
    expectedVersion: 1,
  });
  await desk.call('reviewer2', 'POST', `/api/claims/${claimId}/comments`, { body: 'Checked the AFP wire: 104 is right for Sunday.' });
}, 120_000);
afterAll(() => closeDesk(desk));

async function sql(query: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

type Page = { events: { seq: number; action: string; claimId: string | null; actorLabel: string; hash: string }[]; nextCursor: number | null };

describe('the audit trail', () => {
  it("lists a claim's history newest first", async () => {
    const page = (await (await desk.call('viewer', 'GET', `/api/claims/${claimId}/audit`)).json()) as Page;
    expect(page.events.map((e) => e.action)).toEqual(['claim.comment_added', 'claim.verdict_set', 'figure.extracted', 'story.grouped', 'article.imported']);
  });

  it('filters by actor, action, claim and date, and paginates by sequence without gaps', async () => {
    const byAction = (await (await desk.call('viewer', 'GET', '/api/audit?action=claim.verdict_set')).json()) as Page;
    expect(byAction.events.every((e) => e.action === 'claim.verdict_set')).toBe(true);
    expect(byAction.events.length).toBeGreaterThan(0);
    const byActor = (await (await desk.call('viewer', 'GET', '/api/audit?actor=reviewer2@factdesk.test')).json()) as Page;
    expect(byActor.events.map((e) => e.action)).toContain('claim.comment_added');
    expect(byActor.events.every((e) => e.actorLabel === 'reviewer2@factdesk.test')).toBe(true);
    const future = (await (await desk.call('viewer', 'GET', '/api/audit?after=2999-01-01')).json()) as Page;
    expect(future.events).toEqual([]);

    const all: number[] = [];
    let cursor: number | null = null;
    do {
      const page = (await (await desk.call('viewer', 'GET', `/api/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).json()) as Page;
      all.push(...page.events.map((e) => e.seq));
      cursor = page.nextCursor;
    } while (cursor);
    const total = await db.auditEvent.count();
    expect(all).toEqual(Array.from({ length: total }, (_, i) => total - i));
    expect((await desk.call('viewer', 'GET', '/api/audit?action=claim.deleted')).status).toBe(400);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the audit table', async () => {
    await expect(sql("UPDATE audit_events SET reason = 'rewritten' WHERE seq = 1")).rejects.toThrow(/append-only/);
    await expect(sql('DELETE FROM audit_events WHERE seq = 1')).rejects.toThrow(/append-only/);
    await expect(sql('TRUNCATE audit_events')).rejects.toThrow(/append-only/);
  });

  it("verification passes, then catches a row altered behind the app's back", async () => {
    const ok = await desk.call('editor', 'GET', '/api/audit/verify');
    const total = await db.auditEvent.count();
    const green = (await ok.json()) as { ok: boolean; checked: number; provenTo: { seq: number } | null; unsignedTail: number };
    expect(green).toMatchObject({ ok: true, checked: total });
    expect((green.provenTo?.seq ?? 0) + green.unsignedTail).toBe(total);

    // A superuser disables the trigger and rewrites history.
    const victim = (await db.auditEvent.findFirstOrThrow({ where: { action: 'claim.verdict_set', claimId } })).seq;
    await sql(`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete;
      UPDATE audit_events SET reason = 'Everything checks out.' WHERE seq = ${victim};
      ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete;`);

    const broken = (await (await desk.call('editor', 'GET', '/api/audit/verify')).json()) as Record<string, unknown>;
    expect(broken).toMatchObject({ ok: false, checked: Number(victim) - 1, problems: [{ kind: 'rewritten', seq: Number(victim) }] });
    expect(JSON.stringify(broken.problems)).toMatch(/altered/);

    const cli = spawnSync('npm', ['run', '--silent', 'audit:verify'], { env: { ...process.env }, encoding: 'utf8' });
    expect(cli.status, cli.stdout + cli.stderr).toBe(1);
    expect(cli.stdout).toContain(`{"kind":"rewritten","seq":${victim},`);
  });
});
