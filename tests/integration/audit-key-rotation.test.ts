// Rotating the checkpoint signing key (issue 14): the rotation is an audit
// event signed by both keys; the checkpoints of the old key stay verifiable,
// on the running server (which loads the new key file by itself), in
// `npm run audit:verify`, and in an exported bundle checked with only the new
// key pinned. A forged rotation is caught and vouches for nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditEvent } from '../../lib/audit/append-audit-event';
import { appendCheckpointLine, checkpointFilePath, readCheckpointFile } from '../../lib/audit/checkpoint-file';
import { type AuditVerification, keyRotationMessage, keyRotationProblem, keyRotationSchema } from '../../lib/audit/checkpoint-format';
import { readChainHead, signCheckpoint } from '../../lib/audit/checkpointer';
import { rotateSigningKey } from '../../lib/audit/rotate-key';
import { loadSigningKey, SIGNING_KEY_FILE } from '../../lib/audit/signing-key';
import { verifyAuditTrail } from '../../lib/audit/verify-trail';
import { db } from '../../lib/db';
import { config } from '../../lib/env';
import { SYSTEM_ACTOR } from '../../lib/validation/audit-events';
import { checkBoth, makeSigner, rotationPayload } from '../support/audit-bundle';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';

let desk: Desk;
beforeAll(async () => {
  desk = await openDesk();
}, 120_000);
afterAll(() => closeDesk(desk));

async function verdict(n: number) {
  const claim = await db.claim.findFirstOrThrow({ orderBy: { sourceKey: 'asc' } });
  const res = await desk.call('reviewer', 'POST', `/api/claims/${claim.id}/verdict`, {
    status: n % 2 ? 'disputed' : 'verified',
    reason: `Round ${n}: checked against the wire.`,
    evidence: [],
    expectedVersion: claim.version,
  });
  expect(res.status, await res.text()).toBe(200);
}

const apiVerify = async () => (await (await desk.call('editor', 'GET', '/api/audit/verify')).json()) as AuditVerification;

describe('rotating the signing key', () => {
  let oldKeyId: string;
  let newKeyId: string;
  let rotationSeq: number;

  beforeAll(async () => {
    await verdict(1);
    await verdict(2);
    // The server signs at export: a checkpoint by the old key.
    await (await desk.call('editor', 'GET', '/api/audit/export')).text();
    const result = await rotateSigningKey();
    oldKeyId = result.rotation.oldKeyId;
    newKeyId = result.rotation.newKeyId;
    rotationSeq = result.seq;
    expect(result.lastByOld?.keyId).toBe(oldKeyId);
    expect(result.firstByNew).toMatchObject({ keyId: newKeyId, seq: rotationSeq });
  }, 60_000);

  it('records the rotation as an audit event both keys signed, and replaces the key file (mode 0600)', async () => {
    const event = await db.auditEvent.findUniqueOrThrow({ where: { seq: BigInt(rotationSeq) } });
    expect(event.action).toBe('audit.key_rotated');
    const rotation = keyRotationSchema.parse(event.after);
    expect(rotation).toMatchObject({ oldKeyId, newKeyId });
    expect(keyRotationProblem(rotation)).toBeNull();
    expect(keyRotationMessage(rotation).toString()).toContain(`${oldKeyId}\n`);
    const file = path.resolve(config().DATA_DIR, SIGNING_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('BEGIN PRIVATE KEY');
    expect(loadSigningKey().publicKey.keyId).toBe(newKeyId);
    // The file holds checkpoints by both keys.
    const keyIds = new Set(readCheckpointFile().checkpoints.map((c) => c.keyId));
    expect(keyIds).toEqual(new Set([oldKeyId, newKeyId]));
  });

  it('the running server picks up the new key by itself, and verification stays green on both sides', async () => {
    await verdict(3);
    await (await desk.call('editor', 'GET', '/api/audit/export')).text();
    const head = (await readChainHead())!;
    const last = readCheckpointFile().checkpoints.at(-1)!;
    expect(last).toMatchObject({ seq: head.seq, keyId: newKeyId });
    expect(await verifyAuditTrail()).toMatchObject({ ok: true, provenTo: { seq: head.seq, keyId: newKeyId }, unsignedTail: 0 });
    expect(await apiVerify()).toMatchObject({ ok: true, provenTo: { seq: head.seq, keyId: newKeyId } });
  });

  it('an exported bundle checks out with only the new key pinned: the rotation vouches for the old one', async () => {
    const bundle = await (await desk.call('editor', 'GET', '/api/audit/export')).text();
    const header = JSON.parse(bundle.slice(0, bundle.indexOf('\n'))) as { publicKeys: { keyId: string }[] };
    expect(header.publicKeys.map((k) => k.keyId).sort()).toEqual([oldKeyId, newKeyId].sort());
    const pinned = checkBoth(bundle, [newKeyId]);
    expect(pinned.ours).toEqual(pinned.python);
    expect(pinned.ours).toMatchObject({ ok: true });
    // Pinned to the old key alone, the new key's checkpoints are not trusted: trust runs back, never forward.
    const old = checkBoth(bundle, [oldKeyId]);
    expect(old.ours).toEqual(old.python);
    expect(old.ours.ok).toBe(false);
    expect(old.ours.problems.every((p) => p.kind === 'bad-signature')).toBe(true);
  });

  it('npm run audit:rotate-key refuses --new-key-out when the key is kept in DATA_DIR, and changes nothing', () => {
    const before = readFileSync(path.resolve(config().DATA_DIR, SIGNING_KEY_FILE), 'utf8');
    const count = readCheckpointFile().checkpoints.length;
    const run = spawnSync('npm', ['run', '--silent', 'audit:rotate-key', '--', '--new-key-out', '/tmp/nowhere.pem'], {
      env: { ...process.env },
      encoding: 'utf8',
    });
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toContain('--new-key-out is for a key kept in AUDIT_SIGNING_KEY');
    expect(readFileSync(path.resolve(config().DATA_DIR, SIGNING_KEY_FILE), 'utf8')).toBe(before);
    expect(readCheckpointFile().checkpoints.length).toBe(count);
  }, 60_000);

  it('a forged rotation in the chain is caught, and the forger’s key gains no trust', async () => {
    // The forger can write the database (and chain the event correctly), not sign with the desk's key.
    const forger = makeSigner();
    const desksKey = loadSigningKey().publicKey;
    const forged = rotationPayload({ keyId: desksKey.keyId, publicKey: desksKey.publicKey, privateKey: forger.privateKey }, forger, new Date().toISOString());
    const event = await db.$transaction((tx) => appendAuditEvent(tx, { action: 'audit.key_rotated', ...SYSTEM_ACTOR, after: forged }));
    const file = checkpointFilePath();
    const honestFile = readFileSync(file, 'utf8');
    appendCheckpointLine(
      signCheckpoint({ seq: event.seq, hash: event.hash }, { privateKey: forger.privateKey, publicKey: { keyId: forger.keyId, publicKey: forger.publicKey } }),
    );
    try {
      const v = await verifyAuditTrail();
      expect(v.ok).toBe(false);
      const found = v.ok ? [] : v.problems;
      expect(found).toContainEqual(expect.objectContaining({ kind: 'bad-signature', seq: event.seq }));
      expect(found.filter((p) => p.kind === 'bad-signature').map((p) => p.why)).toContainEqual(
        expect.stringContaining(`key ${forger.keyId}, which is not a trusted key`),
      );
      expect(await apiVerify()).toMatchObject({ ok: false });
    } finally {
      // Put the honest trail back for the tests after this one.
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        await client.query('BEGIN');
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query('DELETE FROM audit_events WHERE seq = $1', [event.seq]);
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
      writeFileSync(file, honestFile);
    }
    expect((await verifyAuditTrail()).ok).toBe(true);
  });

  it('with the key in AUDIT_SIGNING_KEY, the new key goes to a file for the operator, never over an existing one', () => {
    const current = readFileSync(path.resolve(config().DATA_DIR, SIGNING_KEY_FILE), 'utf8');
    const currentId = loadSigningKey().publicKey.keyId;
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'factdesk-rotate-')), 'next-key.pem');
    const env = { ...process.env, AUDIT_SIGNING_KEY: Buffer.from(current).toString('base64') };
    const run = spawnSync('npm', ['run', '--silent', 'audit:rotate-key', '--', '--new-key-out', out], { env, encoding: 'utf8' });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`key ${currentId} →`);
    expect(run.stdout).toContain('set AUDIT_SIGNING_KEY to its contents on every server');
    expect(statSync(out).mode & 0o777).toBe(0o600);
    // Run again with the same file: refused before anything is written.
    const events = readCheckpointFile().checkpoints.length;
    const again = spawnSync('npm', ['run', '--silent', 'audit:rotate-key', '--', '--new-key-out', out], { env, encoding: 'utf8' });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('EEXIST');
    expect(readCheckpointFile().checkpoints.length).toBe(events);
  }, 60_000);

  it('until the servers get the new key, they trust what it signed through the rotation from their own key', async () => {
    const last = await db.auditEvent.findFirstOrThrow({ where: { action: 'audit.key_rotated' }, orderBy: { seq: 'desc' } });
    const rotation = keyRotationSchema.parse(last.after);
    expect(rotation.oldKeyId).toBe(loadSigningKey().publicKey.keyId);
    expect(readCheckpointFile().checkpoints.at(-1)).toMatchObject({ keyId: rotation.newKeyId });
    expect(await verifyAuditTrail()).toMatchObject({ ok: true, provenTo: { keyId: rotation.newKeyId } });
    expect(await apiVerify()).toMatchObject({ ok: true, provenTo: { keyId: rotation.newKeyId } });
  });
});
