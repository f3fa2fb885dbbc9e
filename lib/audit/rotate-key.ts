// Replaces the key that signs audit checkpoints (`npm run audit:rotate-key`).
//
// 1. The old key signs the current head: everything before the rotation is
//    covered by it.
// 2. Both keys sign the rotation statement (checkpoint-format.ts), which goes
//    into the chain as an `audit.key_rotated` event. Verifiers that trust the
//    new key follow it back and keep trusting the old key's checkpoints.
// 3. The new key takes the old one's place: DATA_DIR/audit-signing-key is
//    replaced atomically (the old private key is gone), or, when the key comes
//    from AUDIT_SIGNING_KEY, the new one is written to a file for the operator
//    to deploy.
// 4. The new key signs the head, which now includes the rotation.
//
// Servers on the same DATA_DIR load the new key file at their next signing.
// Servers given the key through AUDIT_SIGNING_KEY keep the old one until they
// are restarted with the new; their checkpoints still verify, since the
// rotation event vouches for the old key, and they trust the new key's through
// the same event.
import 'server-only';
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { generateKeyPairSync, sign } from 'node:crypto';
import path from 'node:path';
import { db } from '../db';
import { config } from '../env';
import { publishChange } from '../realtime/publish';
import { SYSTEM_ACTOR } from '../validation/audit-events';
import { appendAuditEvent } from './append-audit-event';
import { type Checkpoint, type KeyRotation, keyRotationMessage } from './checkpoint-format';
import { checkpointHead } from './checkpointer';
import { forgetSigningKey, loadSigningKey, publicKeyEntry, SIGNING_KEY_FILE, type SigningKey } from './signing-key';

export type RotateKeyOptions = {
  /** Where to write the new private key when AUDIT_SIGNING_KEY holds the current one (required then, refused otherwise). */
  newKeyOut?: string;
  now?: Date;
};

export type RotateKeyResult = {
  rotation: KeyRotation;
  seq: number;
  /** The old key's last checkpoint (null on an empty chain) and the new key's first. */
  lastByOld: Checkpoint | null;
  firstByNew: Checkpoint | null;
  /** Where the new private key is now. */
  keyPath: string;
  fromEnv: boolean;
};

function writePrivateKey(file: string, pem: string, flags: 'wx' | 'w'): void {
  const fd = openSync(file, flags, 0o600);
  try {
    writeSync(fd, pem);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export async function rotateSigningKey(options: RotateKeyOptions = {}): Promise<RotateKeyResult> {
  const settings = config();
  const fromEnv = Boolean(settings.AUDIT_SIGNING_KEY);
  const { newKeyOut } = options;
  if (fromEnv && !newKeyOut) {
    throw new Error('AUDIT_SIGNING_KEY holds the current key: name a file for the new one (--new-key-out FILE), then deploy it as AUDIT_SIGNING_KEY.');
  }
  if (!fromEnv && newKeyOut) throw new Error('--new-key-out is for a key kept in AUDIT_SIGNING_KEY; this desk keeps its key in DATA_DIR.');

  const old = loadSigningKey();
  const pair = generateKeyPairSync('ed25519');
  const fresh: SigningKey = { privateKey: pair.privateKey, publicKey: publicKeyEntry(pair.privateKey) };
  // The new key is on disk before anything else happens: a file that cannot be
  // written (it exists, no such folder) refuses the rotation with nothing changed,
  // and a crash later leaves a spare file, never a rotation to a lost key.
  const pem = fresh.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const keyPath = newKeyOut ? path.resolve(newKeyOut) : path.resolve(settings.DATA_DIR, SIGNING_KEY_FILE);
  const staged = fromEnv ? keyPath : `${keyPath}.next`;
  writePrivateKey(staged, pem, fromEnv ? 'wx' : 'w');

  const lastByOld = await checkpointHead(old);
  const statement = {
    oldKeyId: old.publicKey.keyId,
    oldPublicKey: old.publicKey.publicKey,
    newKeyId: fresh.publicKey.keyId,
    newPublicKey: fresh.publicKey.publicKey,
    at: (options.now ?? new Date()).toISOString(),
  };
  const message = keyRotationMessage(statement);
  const rotation: KeyRotation = {
    ...statement,
    oldSig: sign(null, message, old.privateKey).toString('base64url'),
    newSig: sign(null, message, fresh.privateKey).toString('base64url'),
  };

  const event = await db.$transaction((tx) => appendAuditEvent(tx, { action: 'audit.key_rotated', ...SYSTEM_ACTOR, after: rotation }));
  publishChange(event);

  if (!fromEnv) {
    renameSync(staged, keyPath);
    forgetSigningKey();
  }
  const firstByNew = await checkpointHead(fresh);
  return { rotation, seq: event.seq, lastByOld, firstByNew, keyPath, fromEnv };
}
