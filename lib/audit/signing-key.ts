// The Ed25519 key that signs audit checkpoints. It lives outside the database:
// AUDIT_SIGNING_KEY (PKCS#8 PEM, or that PEM in base64), or else
// DATA_DIR/audit-signing-key, created on first start with mode 0600.
import 'server-only';
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { config } from '../env';
import { keyIdOf, type PublicKeyEntry } from './checkpoint-format';

export type SigningKey = { privateKey: KeyObject; publicKey: PublicKeyEntry };

export const SIGNING_KEY_FILE = 'audit-signing-key';

/** The raw 32 bytes of an Ed25519 public key, from its SPKI DER encoding (12-byte prefix). */
export function rawPublicKey(key: KeyObject): Buffer {
  const der = key.export({ type: 'spki', format: 'der' });
  return der.subarray(der.length - 32);
}

export function publicKeyEntry(key: KeyObject): PublicKeyEntry {
  const raw = rawPublicKey(key.type === 'private' ? createPublicKey(key) : key);
  return { keyId: keyIdOf(raw), publicKey: raw.toString('base64url') };
}

/** A KeyObject for a raw base64url public key (AUDIT_TRUSTED_KEYS, bundles). */
export function publicKeyFromRaw(raw: string): KeyObject {
  // SPKI prefix of an Ed25519 key: SEQUENCE { SEQUENCE { OID 1.3.101.112 } BIT STRING }.
  const prefix = Buffer.from('302a300506032b6570032100', 'hex');
  return createPublicKey({ key: Buffer.concat([prefix, Buffer.from(raw, 'base64url')]), format: 'der', type: 'spki' });
}

function parsePrivateKey(text: string, where: string): KeyObject {
  const trimmed = text.trim();
  const pem = trimmed.startsWith('-----BEGIN') ? trimmed : Buffer.from(trimmed, 'base64').toString('utf8');
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new Error(`${where} is not a PKCS#8 PEM private key (nor one in base64)`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${where} must be an Ed25519 key, not ${key.asymmetricKeyType}`);
  return key;
}

function keyFromFile(file: string): KeyObject {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // 'wx': if another server on this DATA_DIR created it first, theirs is kept.
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, pem);
      fsyncSync(fd);
      closeSync(fd);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return parsePrivateKey(readFileSync(file, 'utf8'), file);
}

function fileMtime(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

type Holder = { key?: SigningKey; source?: string; mtimeMs?: number };
declare global {
  var __factdeskSigningKey: Holder | undefined;
}

/** This process's signing key (read or created once). */
export function loadSigningKey(): SigningKey {
  const settings = config();
  const source = settings.AUDIT_SIGNING_KEY ? 'env' : path.resolve(settings.DATA_DIR, SIGNING_KEY_FILE);
  const holder = (globalThis.__factdeskSigningKey ??= {});
  // A key file replaced by `npm run audit:rotate-key` is picked up at the next signing, without a restart.
  const mtimeMs = settings.AUDIT_SIGNING_KEY ? undefined : fileMtime(source);
  if (holder.key && holder.source === source && holder.mtimeMs === mtimeMs) return holder.key;
  const privateKey = settings.AUDIT_SIGNING_KEY ? parsePrivateKey(settings.AUDIT_SIGNING_KEY, 'AUDIT_SIGNING_KEY') : keyFromFile(source);
  holder.key = { privateKey, publicKey: publicKeyEntry(privateKey) };
  holder.source = source;
  holder.mtimeMs = settings.AUDIT_SIGNING_KEY ? undefined : fileMtime(source);
  return holder.key;
}

/** After a rotation replaced DATA_DIR/audit-signing-key: the next loadSigningKey() reads the new one. */
export function forgetSigningKey(): void {
  globalThis.__factdeskSigningKey = undefined;
}

/**
 * Public keys whose signatures count: this server's and AUDIT_TRUSTED_KEYS.
 * Keys rotated out through `audit.key_rotated` events are added by
 * trustedKeysWithRotations (lib/audit/verify-trail.ts), which reads the chain.
 */
export function trustedPublicKeys(): Map<string, { entry: PublicKeyEntry; key: KeyObject }> {
  const own = loadSigningKey();
  const keys = new Map<string, { entry: PublicKeyEntry; key: KeyObject }>();
  keys.set(own.publicKey.keyId, { entry: own.publicKey, key: createPublicKey(own.privateKey) });
  for (const raw of config().AUDIT_TRUSTED_KEYS) {
    const key = publicKeyFromRaw(raw);
    const entry = publicKeyEntry(key);
    keys.set(entry.keyId, { entry, key });
  }
  return keys;
}
