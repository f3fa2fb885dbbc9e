// Signed audit checkpoints (issue 14): tampering by a superuser who bypasses the
// append-only trigger is caught with the right kind and sequence numbers; a
// checkpoint only in the database is not trusted; restarts and crashes of the
// real server raise no false alarm; the export's bundle parses and verifies.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { verify } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointFilePath, readCheckpointFile } from '../../lib/audit/checkpoint-file';
import {
  type AuditVerification,
  bundleCheckpointSchema,
  bundleEventSchema,
  bundleHeaderSchema,
  checkpointMessage,
  keyIdOf,
} from '../../lib/audit/checkpoint-format';
import { checkpointHead, readChainHead, signCheckpoint } from '../../lib/audit/checkpointer';
import { GENESIS_HASH, hashEvent } from '../../lib/audit/hash';
import { publicKeyEntry, publicKeyFromRaw } from '../../lib/audit/signing-key';
import { verifyAuditTrail } from '../../lib/audit/verify-trail';
import { db } from '../../lib/db';
import { generateKeyPairSync } from 'node:crypto';
import { checkBoth } from '../support/audit-bundle';
import { type AppServer, login, startAppServer, stopStarted } from '../support/app-server';
import { closeDesk, type Desk, EMAIL, openDesk } from '../support/fixtures';
import { DEMO_PASSWORD } from '../../seeds/demo-users';

let desk: Desk;
let claimIds: string[];
beforeAll(async () => {
  desk = await openDesk({ signIn: 'credentials' });
  claimIds = (await db.claim.findMany({ orderBy: { sourceKey: 'asc' }, take: 6, select: { id: true } })).map((c) => c.id);
}, 120_000);
afterAll(() => closeDesk(desk));

/** As the superuser, with the append-only trigger bypassed: what an attacker with the database can do. */
async function superuser(...statements: string[]) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    for (const s of statements) await client.query(s);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

let round = 0;
/** Sets a verdict on each of `count` claims through the API (one audit event each). */
async function verdicts(count: number, baseUrl = desk.app.baseUrl, cookie = desk.cookies.reviewer) {
  for (let i = 0; i < count; i++) {
    const id = claimIds[i % claimIds.length]!;
    const { version } = await db.claim.findUniqueOrThrow({ where: { id }, select: { version: true } });
    round += 1;
    const res = await fetch(`${baseUrl}/api/claims/${id}/verdict`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        status: round % 2 ? 'disputed' : 'verified',
        reason: `Round ${round}: checked against the wire.`,
        evidence: [],
        expectedVersion: version,
      }),
    });
    expect(res.status, await res.text()).toBe(200);
  }
}

const head = async () => (await readChainHead())!;
const problems = (v: AuditVerification) => (v.ok ? [] : v.problems);

// Saves and restores the whole audit table, so each attack starts from the honest chain.
const backup = (name: string) => superuser(`DROP TABLE IF EXISTS ${name}`, `CREATE TABLE ${name} AS SELECT * FROM audit_events`);
const restore = (name: string) => superuser('DELETE FROM audit_events', `INSERT INTO audit_events SELECT * FROM ${name}`);

describe('signed checkpoints against a superuser', () => {
  let signed: number;
  beforeAll(async () => {
    await verdicts(4);
    // An export signs the head first.
    const res = await desk.call('editor', 'GET', '/api/audit/export');
    expect(res.status).toBe(200);
    await res.text();
    signed = (await head()).seq;
    await backup('honest');
  }, 60_000);

  it('is green and says up to which checkpoint it is proven', async () => {
    const v = await verifyAuditTrail();
    expect(v).toMatchObject({ ok: true, checked: signed, provenTo: { seq: signed }, unsignedTail: 0 });
    const api = (await (await desk.call('editor', 'GET', '/api/audit/verify')).json()) as AuditVerification;
    expect(api).toMatchObject({ ok: true, provenTo: { seq: signed } });
  });

  it('deleting the newest events: truncated, naming where the chain ends and what was signed', async () => {
    await superuser(`DELETE FROM audit_events WHERE seq > ${signed - 3}`);
    expect(problems(await verifyAuditTrail())).toEqual([expect.objectContaining({ kind: 'truncated', lastSeq: signed - 3, signedSeq: signed })]);
    const cli = spawnSync('npm', ['run', '--silent', 'audit:verify'], { env: { ...process.env }, encoding: 'utf8' });
    expect(cli.status, cli.stdout + cli.stderr).toBe(1);
    expect(cli.stdout).toContain(`"kind":"truncated","lastSeq":${signed - 3},"signedSeq":${signed}`);
    await restore('honest');
    expect((await verifyAuditTrail()).ok).toBe(true);
  }, 120_000);

  it('deleting one event in the middle: rewritten at that seq', async () => {
    await superuser('DELETE FROM audit_events WHERE seq = 5');
    const v = await verifyAuditTrail();
    expect(v).toMatchObject({ ok: false, checked: 4 });
    expect(problems(v)).toEqual([expect.objectContaining({ kind: 'rewritten', seq: 5 })]);
    expect(problems(v)[0]?.why).toMatch(/event 5 is missing/);
    await restore('honest');
  });

  it('editing a reason: rewritten at that seq', async () => {
    const victim = Number((await db.auditEvent.findFirstOrThrow({ where: { action: 'claim.verdict_set' }, orderBy: { seq: 'asc' } })).seq);
    await superuser(`UPDATE audit_events SET reason = 'Everything checks out.' WHERE seq = ${victim}`);
    const found = problems(await verifyAuditTrail());
    expect(found).toEqual([expect.objectContaining({ kind: 'rewritten', seq: victim })]);
    expect(found[0]?.why).toMatch(/altered/);
    await restore('honest');
  });

  it('rewriting the whole chain with recomputed hashes: rewritten against the signed head', async () => {
    const rows = await db.auditEvent.findMany({ orderBy: { seq: 'asc' } });
    const victim = Number(rows.find((r) => r.action === 'claim.verdict_set')!.seq);
    let prevHash = GENESIS_HASH;
    const updates: string[] = [];
    for (const row of rows) {
      const seq = Number(row.seq);
      const content = {
        seq,
        at: row.at.toISOString(),
        actorId: row.actorId,
        actorLabel: row.actorLabel,
        action: row.action,
        claimId: row.claimId,
        before: row.before ?? null,
        after: row.after ?? null,
        reason: seq === victim ? 'Everything checks out.' : row.reason,
        requestId: row.requestId,
        prevHash,
      };
      const hash = hashEvent(content);
      if (seq >= victim)
        updates.push(
          `UPDATE audit_events SET reason = ${pg.escapeLiteral(content.reason ?? '')}, prev_hash = '${prevHash}', hash = '${hash}' WHERE seq = ${seq}`,
        );
      prevHash = hash;
    }
    // Hashes are unique: move the old ones out of the way first.
    await superuser(`UPDATE audit_events SET hash = 'x' || hash WHERE seq >= ${victim}`, ...updates);
    const found = problems(await verifyAuditTrail());
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.kind === 'rewritten' && p.seq >= victim)).toBe(true);
    const atHead = found.find((p) => p.kind === 'rewritten' && p.seq === signed);
    expect(atHead?.why).toMatch(/signed checkpoint/);
    await restore('honest');
    expect((await verifyAuditTrail()).ok).toBe(true);
  });

  it('a checkpoint only in the database is not trusted; one in the file with a foreign key is a bad signature', async () => {
    const stranger = { privateKey: generateKeyPairSync('ed25519').privateKey } as const;
    const forged = signCheckpoint(
      { seq: signed + 50, hash: 'f'.repeat(64) },
      { privateKey: stranger.privateKey, publicKey: publicKeyEntry(stranger.privateKey) },
    );
    await superuser(
      `INSERT INTO audit_checkpoints (seq, hash, at, key_id, sig) VALUES (${forged.seq}, '${forged.hash}', '${forged.at}', '${forged.keyId}', '${forged.sig}')`,
      `INSERT INTO audit_checkpoints (seq, hash, at, key_id, sig) VALUES (${signed + 60}, '${'e'.repeat(64)}', now(), '0000000000000000', 'AAAA')`,
    );
    expect(await verifyAuditTrail()).toMatchObject({ ok: true, provenTo: { seq: signed } });

    const file = checkpointFilePath();
    const honest = readFileSync(file, 'utf8');
    appendFileSync(file, `${JSON.stringify(forged)}\n`);
    expect(problems(await verifyAuditTrail())).toEqual([expect.objectContaining({ kind: 'bad-signature', seq: signed + 50 })]);
    // A real key's checkpoint with its hash changed: the signature no longer covers it.
    const own = readCheckpointFile().checkpoints.at(0)!;
    writeFileSync(file, `${honest}${JSON.stringify({ ...own, hash: 'a'.repeat(64) })}\n`);
    expect(problems(await verifyAuditTrail())).toEqual([expect.objectContaining({ kind: 'bad-signature', seq: own.seq })]);
    writeFileSync(file, honest);
  });

  it('a torn last line (a crash while writing) is ignored, and the next checkpoint still lands on its own line', async () => {
    const file = checkpointFilePath();
    appendFileSync(file, '{"v":1,"seq":9999,"hash":"ab');
    expect(await verifyAuditTrail()).toMatchObject({ ok: true, provenTo: { seq: signed } });
    await verdicts(1);
    const cp = await checkpointHead();
    expect(cp?.seq).toBe(signed + 1);
    expect(readCheckpointFile().checkpoints.at(-1)).toEqual(cp);
    expect(await verifyAuditTrail()).toMatchObject({ ok: true, provenTo: { seq: signed + 1 }, unsignedTail: 0 });
    signed += 1;
    await backup('honest');
  });
});

describe('the export bundle', () => {
  it('parses with the contract, links every event, and its checkpoints verify with its keys', async () => {
    const res = await desk.call('editor', 'GET', '/api/audit/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/jsonl/);
    const lines = (await res.text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    const header = bundleHeaderSchema.parse(lines[0]);
    const events = lines.filter((l) => l.type === 'event').map((l) => bundleEventSchema.parse(l));
    const checkpoints = lines.filter((l) => l.type === 'checkpoint').map((l) => bundleCheckpointSchema.parse(l));
    expect(lines.length).toBe(1 + events.length + checkpoints.length);
    expect(header).toMatchObject({ from: 1, to: (await head()).seq, prevHash: GENESIS_HASH });
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: header.to }, (_, i) => i + 1));
    let prev = header.prevHash;
    for (const { type: _type, hash, ...content } of events) {
      expect(content.prevHash).toBe(prev);
      expect(hashEvent(content)).toBe(hash);
      prev = hash;
    }
    // The export signed its own end.
    expect(checkpoints.at(-1)).toMatchObject({ seq: header.to, hash: events.at(-1)!.hash });
    const keys = new Map(header.publicKeys.map((k) => [k.keyId, k.publicKey]));
    for (const cp of checkpoints) {
      const raw = keys.get(cp.keyId)!;
      expect(keyIdOf(Buffer.from(raw, 'base64url'))).toBe(cp.keyId);
      expect(verify(null, checkpointMessage(cp), publicKeyFromRaw(raw), Buffer.from(cp.sig, 'base64url'))).toBe(true);
    }
  });

  it('the exported bundle passes both independent checkers, and an edit of it fails both at its seq', async () => {
    const res = await desk.call('editor', 'GET', '/api/audit/export');
    const bundle = await res.text();
    const good = checkBoth(bundle);
    expect(good.ours).toEqual(good.python);
    expect(good.ours).toMatchObject({ ok: true, provenTo: (await head()).seq, unsignedTail: 0 });
    // A reader who edits one reason in the published bundle: both name that event.
    const lines = bundle.trimEnd().split('\n');
    const at = lines.findIndex((l) => l.includes('"type":"event"') && l.includes('"seq":3,'));
    expect(at).toBeGreaterThan(0);
    const event = JSON.parse(lines[at]!) as { reason: string | null };
    lines[at] = JSON.stringify({ ...event, reason: `${event.reason ?? ''} (edited)` });
    const tampered = checkBoth(`${lines.join('\n')}\n`);
    expect(tampered.ours).toEqual(tampered.python);
    expect(tampered.ours.ok).toBe(false);
    expect(tampered.ours.problems).toContainEqual(expect.objectContaining({ kind: 'rewritten', seq: 3 }));
  });

  it('exports a range with the hash before it, and refuses a bad range', async () => {
    const res = await desk.call('editor', 'GET', '/api/audit/export?from=3&to=7');
    const lines = (await res.text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; seq?: number });
    const header = bundleHeaderSchema.parse(lines[0]);
    expect(header).toMatchObject({ from: 3, to: 7, prevHash: (await db.auditEvent.findUniqueOrThrow({ where: { seq: 2n } })).hash });
    expect(lines.filter((l) => l.type === 'event').map((l) => l.seq)).toEqual([3, 4, 5, 6, 7]);
    expect((await desk.call('editor', 'GET', '/api/audit/export?from=7&to=3')).status).toBe(400);
    expect((await desk.call('editor', 'GET', '/api/audit/export?from=abc')).status).toBe(400);
    expect((await desk.call('editor', 'GET', '/api/audit/export?from=99999999')).status).toBe(400);
  });
});

describe('restarts and crashes of the server', () => {
  let server: AppServer | undefined;
  afterAll(() => stopStarted(server));

  async function startSigning() {
    const s = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, AUDIT_CHECKPOINT_EVERY: '1' });
    const session = await login(s.baseUrl, EMAIL.reviewer, DEMO_PASSWORD);
    return { s, cookie: session.cookie };
  }
  async function signedUpTo(seq: number) {
    for (let i = 0; i < 100; i++) {
      if (readCheckpointFile().checkpoints.some((c) => c.seq === seq)) return true;
      await new Promise((r) => setTimeout(r, 200));
    }
    return false;
  }

  it('checkpoints the server signed survive a restart and a kill -9, with no false alarm', async () => {
    let { s, cookie } = await startSigning();
    server = s;
    await verdicts(2, s.baseUrl, cookie);
    const first = (await head()).seq;
    expect(await signedUpTo(first)).toBe(true);

    await s.stop();
    ({ s, cookie } = await startSigning());
    server = s;
    const editor = await login(s.baseUrl, EMAIL.editor, DEMO_PASSWORD);
    const afterRestart = (await (await fetch(`${s.baseUrl}/api/audit/verify`, { headers: { cookie: editor.cookie } })).json()) as AuditVerification;
    // Signing in writes events of its own; whatever the new server signed, the old checkpoints still hold.
    expect(afterRestart).toMatchObject({ ok: true });
    expect(afterRestart.ok && afterRestart.provenTo!.seq).toBeGreaterThanOrEqual(first);

    // A crash right after a commit: at worst an unsigned tail, never tampering.
    await verdicts(1, s.baseUrl, cookie);
    const beforeCrash = (await head()).seq;
    await s.kill();
    ({ s } = await startSigning());
    server = s;
    const afterCrash = (await (await fetch(`${s.baseUrl}/api/audit/verify`, { headers: { cookie: editor.cookie } })).json()) as AuditVerification;
    expect(afterCrash).toMatchObject({ ok: true });
    // The restarted server signs the tail it inherited.
    const now = (await head()).seq;
    expect(now).toBeGreaterThanOrEqual(beforeCrash);
    expect(await signedUpTo(now)).toBe(true);
    expect(await verifyAuditTrail()).toMatchObject({ ok: true, provenTo: { seq: now }, unsignedTail: 0 });
  }, 180_000);
});

describe('a cut trail is never re-signed (issue 29)', () => {
  let server: AppServer | undefined;
  afterAll(() => stopStarted(server));

  it('the signer refuses a shortened head and raises the alarm in the log, on the audit page and in /api/health; a fresh bundle shows the cut to both verifiers', async () => {
    // Its background signer signs every new event: a re-sign of the cut head would follow at once.
    const s = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, AUDIT_CHECKPOINT_EVERY: '1' });
    server = s;
    const editor = await login(s.baseUrl, EMAIL.editor, DEMO_PASSWORD);
    const reviewer = await login(s.baseUrl, EMAIL.reviewer, DEMO_PASSWORD);
    const get = (path: string) => fetch(`${s.baseUrl}${path}`, { headers: { cookie: editor.cookie } });
    await (await get('/api/audit/export')).text();
    const cut = (await head()).seq;
    await verdicts(3, s.baseUrl, reviewer.cookie);
    await (await get('/api/audit/export')).text();
    const signedTo = (await head()).seq;
    expect(readCheckpointFile().checkpoints.at(-1)).toMatchObject({ seq: signedTo });
    expect(signedTo).toBeGreaterThanOrEqual(cut + 3);
    await backup('before_cut');

    await superuser(`DELETE FROM audit_events WHERE seq > ${cut}`);
    // This process's signer refuses, and so does the server's: nothing new is signed.
    expect(await checkpointHead()).toBeNull();
    const gone = `events ${cut + 1}–${signedTo} are gone`;
    let logged = false;
    for (let i = 0; i < 100 && !logged; i++) {
      logged = s.output().includes('AUDIT ALARM');
      if (!logged) await new Promise((r) => setTimeout(r, 200));
    }
    expect(logged, s.output()).toBe(true);
    expect(s.output()).toContain(gone);
    expect(readCheckpointFile().checkpoints.at(-1)).toMatchObject({ seq: signedTo });

    expect(await (await fetch(`${s.baseUrl}/api/health`)).json()).toMatchObject({ status: 'ok', database: 'up', audit: 'alarm' });
    const page = await (await get('/audit')).text();
    expect(page).toContain('Audit alarm');
    expect(page).toContain(gone);

    // Offline, from the bundle alone: the checkpoint above the cut head travels with it.
    const bundle = await (await get('/api/audit/export')).text();
    const both = checkBoth(bundle);
    expect(both.ours).toEqual(both.python);
    expect(both.ours.ok).toBe(false);
    expect(both.ours.problems).toContainEqual(expect.objectContaining({ kind: 'truncated', lastSeq: cut, signedSeq: signedTo }));

    // The events come back: the alarm clears and signing resumes.
    await restore('before_cut');
    expect(await (await fetch(`${s.baseUrl}/api/health`)).json()).toMatchObject({ audit: 'ok' });
    expect(await checkpointHead()).toMatchObject({ seq: signedTo });
    expect(checkBoth(await (await get('/api/audit/export')).text()).ours).toMatchObject({ ok: true, provenTo: signedTo });
  }, 180_000);

  it('a range that stops short of the head carries no checkpoint above it, and still verifies', async () => {
    const to = (await head()).seq - 2;
    const bundle = await (await desk.call('editor', 'GET', `/api/audit/export?from=1&to=${to}`)).text();
    const seqs = bundle
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; seq?: number })
      .filter((l) => l.type === 'checkpoint')
      .map((l) => l.seq!);
    expect(seqs.every((seq) => seq <= to)).toBe(true);
    const both = checkBoth(bundle);
    expect(both.ours).toEqual(both.python);
    expect(both.ours.ok).toBe(true);
  });
});

describe('a restored backup', () => {
  // Last in the file: it leaves two histories signed.
  it('restoring an old backup over newer checkpoints: truncated, then rewritten once the desk carries on, and never re-signed', async () => {
    await backup('old_backup');
    const old = (await head()).seq;
    expect(await checkpointHead()).toMatchObject({ seq: old });
    await verdicts(3);
    const newer = (await checkpointHead())!.seq;
    expect(newer).toBe(old + 3);

    await restore('old_backup');
    expect(problems(await verifyAuditTrail())).toEqual([expect.objectContaining({ kind: 'truncated', lastSeq: old, signedSeq: newer })]);

    // The desk goes on from the restored chain; its heads are never signed
    // (issue 29): the event at the last checkpoint's seq is not the signed one.
    await verdicts(5);
    expect(await checkpointHead()).toBeNull();
    expect(readCheckpointFile().checkpoints.at(-1)).toMatchObject({ seq: newer });
    expect(problems(await verifyAuditTrail())).toEqual([expect.objectContaining({ kind: 'rewritten', seq: newer })]);
  });
});
