// The cap on concurrent exports per account, over HTTP against the real server:
// parallel exports from one account beyond the cap get 429 with Retry-After,
// other accounts are unaffected, and a slot comes back when a download is read
// to the end or abandoned by the client mid-stream.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../lib/db';
import { EXPORT_RETRY_AFTER_SECONDS, MAX_CONCURRENT_EXPORTS } from '../../lib/exports/export-slots';
import { closeDesk, type Desk, openDesk, type Role } from '../support/fixtures';

let desk: Desk;
const open: http.ClientRequest[] = [];

type Started = { status: number; headers: http.IncomingHttpHeaders; res: http.IncomingMessage; abandon: () => void };
beforeAll(async () => {
  desk = await openDesk();
  // ~30 MB of JSON: far more than socket and stream buffers hold, so a download
  // whose body nobody reads stays open (and holds its slot).
  const reason = 'Figures differ between Migración Colombia, AFP and EFE. '.repeat(90);
  for (let i = 0; i < 6000; i += 1000) {
    await db.claim.createMany({
      data: Array.from({ length: 1000 }, (_, j) => ({
        sourceKey: `cap_${String(i + j).padStart(5, '0')}`,
        title: `Claim ${i + j}`,
        body: 'b',
        language: 'en',
        searchText: 'b',
        contentHash: `cap-${i + j}`,
        status: 'disputed' as const,
        reason,
        decidedAt: new Date(),
      })),
    });
  }
}, 120_000);
afterAll(async () => {
  for (const req of open) req.destroy();
  await closeDesk(desk);
});

/**
 * Starts an export and returns once its headers are in. The body is left
 * unread (node's http client then stops reading the socket), so the download
 * stays open on the server until it is read or abandoned.
 */
function startExport(role: Role): Promise<Started> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${desk.app.baseUrl}/api/export?format=json`, { headers: { cookie: desk.cookies[role] }, agent: false }, (res) =>
      resolve({ status: res.statusCode!, headers: res.headers, res, abandon: () => req.destroy() }),
    );
    open.push(req);
    req.on('error', reject);
  });
}

function readAll(res: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      .on('error', reject);
  });
}

/** Retries until an export of the account starts (its slot came back), or fails after a minute. */
function exportOnceASlotIsFree(role: Role) {
  return vi.waitFor(
    async () => {
      const started = await startExport(role);
      if (started.status === 429) started.abandon();
      expect(started.status, 'no export slot came back').not.toBe(429);
      return started;
    },
    { timeout: 60_000, interval: 250 },
  );
}

describe('concurrent exports per account', () => {
  it(`runs ${MAX_CONCURRENT_EXPORTS} at a time, refuses the rest with 429 + Retry-After, and gives slots back`, async () => {
    const parallel = await Promise.all(Array.from({ length: 6 }, () => startExport('editor')));
    const ok = parallel.filter((p) => p.status === 200);
    const refused = parallel.filter((p) => p.status === 429);
    expect(ok).toHaveLength(MAX_CONCURRENT_EXPORTS);
    expect(refused).toHaveLength(6 - MAX_CONCURRENT_EXPORTS);
    for (const r of refused) {
      expect(r.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
      const body = JSON.parse(await readAll(r.res)) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('rate_limited');
      expect(body.error.message).toBe(`You already have ${MAX_CONCURRENT_EXPORTS} exports running. Wait for one to finish, then try again.`);
    }
    // A refused export is not an export: only the ones that ran are audited.
    expect(await db.auditEvent.count({ where: { action: 'export.produced', actorLabel: 'admin@factdesk.test' } })).toBe(MAX_CONCURRENT_EXPORTS);

    // Another account is not affected by the editor's full slots.
    const other = await startExport('reviewer');
    expect(other.status).toBe(200);
    other.abandon();

    // The client abandons one download mid-stream: its slot comes back.
    await new Promise((resolve) => ok[0]!.res.once('data', resolve));
    ok[0]!.abandon();
    const third = await exportOnceASlotIsFree('editor');
    expect(third.status).toBe(200);

    // One read to the end: its slot comes back too, and the body is the whole export.
    const whole = JSON.parse(await readAll(ok[1]!.res)) as { count: number; claims: unknown[] };
    expect(whole.claims).toHaveLength(whole.count);
    const fourth = await exportOnceASlotIsFree('editor');
    expect(fourth.status).toBe(200);

    // And the cap still holds with the returned slots in use.
    expect((await startExport('editor')).status).toBe(429);
  }, 180_000);
});
