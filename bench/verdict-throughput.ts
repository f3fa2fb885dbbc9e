// Verdict throughput: concurrent writers, each deciding its own claim over and
// over through the HTTP API, against the same SQL transaction (version-checked
// UPDATE + hash-chained audit INSERT under the same advisory lock) sent
// through plain `pg` to the same database.
import pg from 'pg';
import { AUDIT_CHAIN_LOCK } from '../lib/audit/append-audit-event';
import { STORY_LOCK } from '../lib/stories/desk/lock';
import type { Ack } from '../lib/realtime/events';
import type { DeskSocket } from '../tests/support/socket-client';
import { closeAll, connectMany } from './support/sockets';
import { verifyAuditChain } from '../lib/audit/verify-chain';
import { GENESIS_HASH, hashEvent } from '../lib/audit/hash';
import { bulkImportClaims } from '../lib/claims/bulk-import';
import { sql, usingDatabase } from './support/bench-database';
import { type Benchmark, closedLoop, type ClosedLoopResult } from './support/benchmark';
import { sleep } from './support/clock';
import { signInDemoUsers, startFactdesk } from './support/factdesk-server';
import { summarize } from './support/stats';
import { syntheticClaims } from './support/synthetic-claims';
import { fmtInt, fmtMs, fmtRatio, markdownTable } from './support/table';

const WRITERS = [1, 4, 16];
const DURATION_MS = 8_000; // per path and writer count, in SLICES turns
const SLICES = 4;
const WARMUP_MS = 1_000;
const APP_PORT = 3320;
const POOL_SIZE = 10; // the app's DB_POOL_SIZE default
const REASON = 'Checked against the ministry figures and two independent reports from the crossing.';
const EVIDENCE = [{ url: 'https://example.org/reports/border-crossing', label: 'Border crossing report' }];

type ClaimRef = { id: string; version: number };

const statusFor = (n: number) => (['verified', 'disputed', 'outdated'] as const)[n % 3]!;

async function currentVersions(url: string, ids: string[]): Promise<Map<string, number>> {
  const rows = await sql<ClaimRef>(url, 'SELECT id, version FROM claims WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.version]));
}

// Factdesk: the real endpoint, one session cookie per reviewer account.
function apiWriter(baseUrl: string, cookies: string[], claims: ClaimRef[]) {
  let n = 0;
  return async (w: number): Promise<boolean> => {
    const claim = claims[w]!;
    const res = await fetch(`${baseUrl}/api/claims/${claim.id}/verdict`, {
      method: 'POST',
      headers: { cookie: cookies[w % cookies.length]!, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ status: statusFor(n++), reason: REASON, evidence: EVIDENCE, expectedVersion: claim.version }),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json()) as { version?: number; current?: { version: number } };
    if (res.ok && typeof json.version === 'number') {
      claim.version = json.version;
      return true;
    }
    if (json.current) claim.version = json.current.version;
    return false;
  };
}

// Factdesk as the browser saves: `verdict:set` over the page's authenticated socket.
function socketWriter(sockets: DeskSocket[], claims: ClaimRef[]) {
  let n = 0;
  return (w: number): Promise<boolean> => {
    const claim = claims[w]!;
    const socket = sockets[w]!;
    return new Promise((resolve) => {
      socket
        .timeout(10_000)
        .emit(
          'verdict:set',
          { claimId: claim.id, status: statusFor(n++), reason: REASON, evidence: EVIDENCE, expectedVersion: claim.version },
          (err: Error | null, reply: Ack<{ version: number }>) => {
            if (!err && reply.ok) {
              claim.version = reply.data.version;
              resolve(true);
              return;
            }
            const current = !err && !reply.ok ? (reply.current as { version?: number } | undefined) : undefined;
            if (typeof current?.version === 'number') claim.version = current.version;
            resolve(false);
          },
        );
    });
  };
}

type ClaimRow = {
  status: string;
  reason: string | null;
  evidence: unknown;
  re_review_at: Date | null;
  version: number;
  decided_by_id: string | null;
};
const verdictState = (c: ClaimRow) => ({
  status: c.status,
  reason: c.reason,
  evidence: c.evidence,
  reReviewAt: c.re_review_at?.toISOString() ?? null,
  version: c.version,
  decidedById: c.decided_by_id,
});

// Baseline: the statements setVerdict sends, in one transaction, without the
// HTTP layer, session check, ORM or realtime publish.
function sqlWriter(pool: pg.Pool, actor: { id: string; email: string }, claims: ClaimRef[]) {
  let n = 0;
  return async (w: number): Promise<boolean> => {
    const claim = claims[w]!;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const before = (await client.query<ClaimRow>('SELECT * FROM claims WHERE id = $1', [claim.id])).rows[0]!;
      const now = new Date();
      const updated = await client.query(
        `UPDATE claims SET status = $2, reason = $3, evidence = $4::jsonb, re_review_at = NULL, decided_at = $5,
                version = version + 1, updated_at = $5, decided_by_id = $6
          WHERE id = $1 AND version = $7`,
        [claim.id, statusFor(n++), REASON, JSON.stringify(EVIDENCE), now, actor.id, claim.version],
      );
      if (updated.rowCount !== 1) {
        await client.query('ROLLBACK');
        claim.version = before.version;
        return false;
      }
      const after = (
        await client.query<ClaimRow>(
          `SELECT c.*, row_to_json(d) AS decided_by, row_to_json(a) AS assignee FROM claims c
             LEFT JOIN users d ON d.id = c.decided_by_id LEFT JOIN users a ON a.id = c.assignee_id WHERE c.id = $1`,
          [claim.id],
        )
      ).rows[0]!;
      await client.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_CHAIN_LOCK]);
      const last = (await client.query<{ seq: string; hash: string }>('SELECT seq, hash FROM audit_events ORDER BY seq DESC LIMIT 1')).rows[0];
      const event = {
        seq: last ? Number(last.seq) + 1 : 1,
        at: new Date().toISOString(),
        actorId: actor.id,
        actorLabel: actor.email,
        action: 'claim.verdict_set' as const,
        claimId: claim.id,
        before: verdictState(before),
        after: verdictState(after),
        reason: REASON,
        requestId: null,
        prevHash: last?.hash ?? GENESIS_HASH,
      };
      await client.query(
        `INSERT INTO audit_events (seq, at, actor_id, actor_label, action, claim_id, before, after, reason, request_id, prev_hash, hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
        [
          event.seq,
          event.at,
          event.actorId,
          event.actorLabel,
          event.action,
          event.claimId,
          JSON.stringify(event.before),
          JSON.stringify(event.after),
          event.reason,
          event.requestId,
          event.prevHash,
          hashEvent(event),
        ],
      );
      await client.query('COMMIT');
      claim.version = after.version;
      return true;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  };
}

// The SQL floor as it is now: the statements setVerdict sends since issue 16
// (BEGIN, the factdesk_set_verdict function, the audit INSERT, COMMIT), through
// plain pg, with the same hashing, and no HTTP, socket, session or publish.
function functionWriter(pool: pg.Pool, actor: { id: string; email: string }, claims: ClaimRef[]) {
  let n = 0;
  return async (w: number): Promise<boolean> => {
    const claim = claims[w]!;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{
        outcome: string;
        before: ClaimRow;
        after: ClaimRow & { version: number };
        prev_seq: string | null;
        prev_hash: string | null;
      }>('SELECT * FROM factdesk_set_verdict($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10)', [
        claim.id,
        claim.version,
        statusFor(n++),
        REASON,
        JSON.stringify(EVIDENCE),
        null,
        actor.id,
        new Date(),
        STORY_LOCK,
        AUDIT_CHAIN_LOCK,
      ]);
      const r = rows[0]!;
      if (r.outcome !== 'ok') {
        await client.query('ROLLBACK');
        claim.version = r.after.version;
        return false;
      }
      const asState = (c: ClaimRow) => ({ ...verdictState({ ...c, re_review_at: c.re_review_at ? new Date(c.re_review_at) : null }) });
      const event = {
        seq: r.prev_seq ? Number(r.prev_seq) + 1 : 1,
        at: new Date().toISOString(),
        actorId: actor.id,
        actorLabel: actor.email,
        action: 'claim.verdict_set' as const,
        claimId: claim.id,
        before: asState(r.before),
        after: asState(r.after),
        reason: REASON,
        requestId: null,
        prevHash: r.prev_hash ?? GENESIS_HASH,
      };
      await client.query(
        `INSERT INTO audit_events (seq, at, actor_id, actor_label, action, claim_id, before, after, reason, request_id, prev_hash, hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          event.seq,
          event.at,
          event.actorId,
          event.actorLabel,
          event.action,
          event.claimId,
          JSON.stringify(event.before),
          JSON.stringify(event.after),
          event.reason,
          null,
          event.prevHash,
          hashEvent(event),
        ],
      );
      await client.query('COMMIT');
      claim.version = r.after.version;
      return true;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  };
}

const rate = (r: ClosedLoopResult) => r.ok / (r.elapsedMs / 1000);
const emptyResult = (): ClosedLoopResult => ({ ok: 0, errors: 0, latencies: [], elapsedMs: 0 });
function merge(into: ClosedLoopResult, r: ClosedLoopResult) {
  into.ok += r.ok;
  into.errors += r.errors;
  into.latencies.push(...r.latencies);
  into.elapsedMs += r.elapsedMs;
}

// socket.io's per-account event budget (SOCKET_EVENTS_PER_SECOND, 10/s by
// default) is lifted on the measured servers: a closed loop of one writer
// sends hundreds a second, which no person does.
const UNTHROTTLED = { SOCKET_EVENT_BURST: '100000', SOCKET_EVENTS_PER_SECOND: '100000' };

type Path = { key: string; op: (w: number) => Promise<boolean>; result: ClosedLoopResult };

export const verdictThroughput: Benchmark = {
  name: 'throughput',
  title: 'Verdict throughput',
  run: async ({ database, log }) => {
    const url = await database.create('bench_throughput');
    const maxWriters = Math.max(...WRITERS);
    await usingDatabase(url, () => bulkImportClaims({ claims: syntheticClaims({ count: maxWriters, prefix: 'writer' }), group: false, figures: false }));
    const claims = await sql<ClaimRef>(url, `SELECT id, version FROM claims WHERE source_key LIKE 'writer-%' ORDER BY source_key`);
    const [actor] = await sql<{ id: string; email: string }>(url, `SELECT id, email FROM users WHERE email = 'reviewer@factdesk.test'`);

    // Two servers on one database: the measured one signs audit checkpoints
    // (the default, every 100 events); the other has them off, for the on/off
    // comparison (issue 14). Every path takes turns with the others.
    const app = await startFactdesk({ port: APP_PORT, databaseUrl: url, env: { AUDIT_CHECKPOINTS_DISABLED: '0', ...UNTHROTTLED } });
    const unsigned = await startFactdesk({ port: APP_PORT + 1, databaseUrl: url, env: { AUDIT_CHECKPOINTS_DISABLED: '1', ...UNTHROTTLED } });
    const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
    const rows: string[][] = [];
    const floorRows: string[][] = [];
    const checkpointRows: string[][] = [];
    let sockets: DeskSocket[] = [];
    let chain: string;
    try {
      const signedIn = await signInDemoUsers(app.baseUrl);
      const cookies = [signedIn.reviewer, signedIn.reviewer2, signedIn.editor];
      const signedInOff = await signInDemoUsers(unsigned.baseUrl);
      const cookiesOff = [signedInOff.reviewer, signedInOff.reviewer2, signedInOff.editor];
      // One socket per writer, as one browser tab per person.
      sockets = await connectMany(app.baseUrl, maxWriters, { cookies });
      const socketsOff = await connectMany(unsigned.baseUrl, maxWriters, { cookies: cookiesOff });
      sockets.push(...socketsOff);
      for (const writers of WRITERS) {
        const mine = claims.slice(0, writers);
        const versions = await currentVersions(
          url,
          mine.map((c) => c.id),
        );
        for (const c of mine) c.version = versions.get(c.id)!;

        log(`throughput: ${writers} writer(s): socket, HTTP API, plain pg (before and now) taking turns …`);
        const paths: Path[] = [
          { key: 'socket', op: socketWriter(sockets, mine), result: emptyResult() },
          { key: 'http', op: apiWriter(app.baseUrl, cookies, mine), result: emptyResult() },
          { key: 'pg', op: sqlWriter(pool, actor!, mine), result: emptyResult() },
          { key: 'floor', op: functionWriter(pool, actor!, mine), result: emptyResult() },
          { key: 'off', op: socketWriter(socketsOff, mine), result: emptyResult() },
        ];
        for (const path of paths) await closedLoop(writers, WARMUP_MS, path.op);
        // Short turns, so background load on a shared machine falls on every path alike.
        for (let slice = 0; slice < SLICES; slice++) {
          for (const path of paths) merge(path.result, await closedLoop(writers, DURATION_MS / SLICES, path.op));
        }
        await sleep(500);

        const [socket, http, base, floor, off] = paths.map((p) => p.result) as [
          ClosedLoopResult,
          ClosedLoopResult,
          ClosedLoopResult,
          ClosedLoopResult,
          ClosedLoopResult,
        ];
        const [s1, h1, b1, f1] = [socket, http, base, floor].map((r) => summarize(r.latencies));
        rows.push([
          String(writers),
          fmtInt(rate(socket)),
          `${fmtMs(s1!.p50)} / ${fmtMs(s1!.p99)}`,
          fmtInt(rate(http)),
          `${fmtMs(h1!.p50)} / ${fmtMs(h1!.p99)}`,
          fmtInt(rate(base)),
          `${fmtMs(b1!.p50)} / ${fmtMs(b1!.p99)}`,
          fmtRatio(rate(socket) / rate(base)),
          fmtRatio(rate(http) / rate(base)),
          `${socket.errors} / ${http.errors} / ${base.errors}`,
        ]);
        floorRows.push([
          String(writers),
          fmtInt(rate(floor)),
          `${fmtMs(f1!.p50)} / ${fmtMs(f1!.p99)}`,
          fmtRatio(rate(socket) / rate(floor)),
          fmtRatio(rate(http) / rate(floor)),
          fmtRatio(rate(floor) / rate(base)),
          String(floor.errors),
        ]);
        checkpointRows.push([String(writers), fmtInt(rate(socket)), fmtInt(rate(off)), fmtRatio(rate(socket) / rate(off)), `${socket.errors} / ${off.errors}`]);
      }
      const verdict = await usingDatabase(url, () => verifyAuditChain());
      chain = verdict.ok
        ? `Audit hash chain verified afterwards: ${fmtInt(verdict.checked)} events, intact (all paths extend the same chain).`
        : `Audit hash chain BROKEN at event ${verdict.brokenAt}: ${verdict.why}`;
    } finally {
      closeAll(sockets);
      await pool.end();
      await app.stop();
      await unsigned.stop();
    }
    return [
      `Each writer decides its own claim again and again (closed loop) for ${DURATION_MS / 1000} s per path after ${WARMUP_MS / 1000} s of warm-up; ` +
        `the paths take turns every ${DURATION_MS / SLICES / 1000} s so background load falls on all alike. ` +
        '"Socket" is how the browser saves (`verdict:set` on its signed-in socket.io connection, one per writer); "HTTP" is `POST /api/claims/{id}/verdict`, ' +
        'the fallback when the socket is down. The baseline, "plain pg", is the statement sequence a verdict sent before issue 16 ' +
        '(read, version-checked UPDATE, read with people, audit lock, chain end, INSERT), as measured before. ' +
        `All use a pool of ${POOL_SIZE} connections (the app's default \`DB_POOL_SIZE\`). Latencies in ms.`,
      '',
      markdownTable(
        [
          'writers',
          'socket verdicts/s',
          'socket p50 / p99',
          'HTTP verdicts/s',
          'HTTP p50 / p99',
          'plain pg tx/s',
          'pg p50 / p99',
          'ratio socket / pg',
          'ratio HTTP / pg',
          'errors (socket / HTTP / pg)',
        ],
        rows,
      ),
      '',
      'The SQL floor now: the four round trips a verdict costs since issue 16 (`BEGIN`, `factdesk_set_verdict(…)`, the audit `INSERT`, `COMMIT`), ' +
        'through plain pg in the same turns, with the same hashing and nothing else.',
      '',
      markdownTable(
        ['writers', 'SQL floor tx/s', 'floor p50 / p99', 'ratio socket / floor', 'ratio HTTP / floor', 'floor / plain pg (before)', 'errors'],
        floorRows,
      ),
      '',
      `Signed audit checkpoints on and off (\`AUDIT_CHECKPOINTS_DISABLED\`), socket saves on two servers on the same database taking turns with the others; ` +
        'the signing server keeps polling while the other one runs (it signs every 100 events, after commit).',
      '',
      markdownTable(
        ['writers', 'socket verdicts/s, checkpoints on', 'socket verdicts/s, checkpoints off', 'ratio (on / off)', 'errors (on / off)'],
        checkpointRows,
      ),
      '',
      chain,
    ].join('\n');
  },
};
