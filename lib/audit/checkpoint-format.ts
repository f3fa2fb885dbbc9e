// The contract of signed audit checkpoints and of audit bundles (issue 14).
// Pure and dependency-light on purpose: the server that signs, the verifier
// behind /api/audit/verify and the standalone bundle checker (which runs with
// no database and no server) all read the same definitions. docs/audit-format.md
// describes the same bytes for verifiers written in other languages.
import 'server-only';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { z } from 'zod';
import { type KeyRotation, keyRotationSchema } from '../validation/key-rotation';

export const CHECKPOINT_FORMAT_VERSION = 1;
/** The first line of the message every checkpoint signature covers. */
export const CHECKPOINT_DOMAIN = 'factdesk.audit.checkpoint.v1';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hash in lower-case hex');
const keyId = z.string().regex(/^[0-9a-f]{16}$/, 'a key id: 16 lower-case hex characters');
const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'base64url without padding');
const isoInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'an instant as Date#toISOString prints it');

/**
 * A signed chain head: "the chain had `seq` events and the last one hashed to
 * `hash`, at `at`". One JSON object per line in DATA_DIR/audit-checkpoints.jsonl,
 * the same object in the audit_checkpoints table and in bundles.
 */
export const checkpointSchema = z
  .object({
    v: z.literal(CHECKPOINT_FORMAT_VERSION),
    seq: z.number().int().positive(),
    hash: hex64,
    at: isoInstant,
    keyId,
    /** Ed25519 signature (64 bytes) over checkpointMessage(), base64url. */
    sig: base64url,
  })
  .strict();
export type Checkpoint = z.infer<typeof checkpointSchema>;

/** The exact bytes an Ed25519 checkpoint signature covers (UTF-8, LF line ends, trailing LF). */
export function checkpointMessage(head: Pick<Checkpoint, 'seq' | 'hash' | 'at'>): Buffer {
  return Buffer.from(`${CHECKPOINT_DOMAIN}\n${head.seq}\n${head.hash}\n${head.at}\n`, 'utf8');
}

/** A public key's id: the first 16 hex characters of SHA-256 over its raw 32 bytes. */
export function keyIdOf(rawPublicKey: Uint8Array): string {
  return createHash('sha256').update(rawPublicKey).digest('hex').slice(0, 16);
}

export const publicKeyEntrySchema = z
  .object({
    keyId,
    /** The raw 32-byte Ed25519 public key, base64url. */
    publicKey: base64url,
  })
  .strict();
export type PublicKeyEntry = z.infer<typeof publicKeyEntrySchema>;

// ---------------------------------------------------------------------------
// Bundles: JSON Lines, one object per line, in this order:
//   1. one header line;
//   2. the events of the range, by ascending seq, exactly as stored (the
//      fields lib/audit/hash.ts hashes, plus `hash`);
//   3. the checkpoints whose seq lies in the range, by ascending seq.
// ---------------------------------------------------------------------------

export const BUNDLE_FORMAT = 'factdesk-audit-bundle';

export const bundleHeaderSchema = z
  .object({
    type: z.literal('header'),
    format: z.literal(BUNDLE_FORMAT),
    v: z.literal(1),
    exportedAt: isoInstant,
    /** The inclusive range of sequence numbers the bundle holds. */
    from: z.number().int().positive(),
    to: z.number().int().nonnegative(),
    /** The hash the event before `from` ended with (GENESIS_HASH when from = 1). */
    prevHash: hex64,
    publicKeys: z.array(publicKeyEntrySchema).max(100),
  })
  .strict();
export type BundleHeader = z.infer<typeof bundleHeaderSchema>;

export const bundleEventSchema = z
  .object({
    type: z.literal('event'),
    seq: z.number().int().positive(),
    at: isoInstant,
    actorId: z.string().nullable(),
    actorLabel: z.string(),
    action: z.string(),
    claimId: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    reason: z.string().nullable(),
    requestId: z.string().nullable(),
    prevHash: hex64,
    hash: hex64,
  })
  .strict();
export type BundleEvent = z.infer<typeof bundleEventSchema>;

// ---------------------------------------------------------------------------
// Key rotation: an `audit.key_rotated` event whose `after` is a KeyRotation,
// signed by both keys over keyRotationMessage(). The old key vouches for the
// new one and the new one for the old: a reader who trusts the new key trusts
// the checkpoints the old one signed, and a forger cannot name a key of their
// own without the current key's signature.
// ---------------------------------------------------------------------------

export const KEY_ROTATED_ACTION = 'audit.key_rotated';
/** The first line of the message both rotation signatures cover. */
export const KEY_ROTATION_DOMAIN = 'factdesk.audit.key-rotation.v1';

export { keyRotationSchema, type KeyRotation };

/** The exact bytes both rotation signatures cover (UTF-8, LF line ends, trailing LF). */
export function keyRotationMessage(r: Omit<KeyRotation, 'oldSig' | 'newSig'>): Buffer {
  return Buffer.from(`${KEY_ROTATION_DOMAIN}\n${r.oldKeyId}\n${r.oldPublicKey}\n${r.newKeyId}\n${r.newPublicKey}\n${r.at}\n`, 'utf8');
}

/** Why a rotation event's payload does not hold, or null when both keys signed it. */
export function keyRotationProblem(after: unknown): string | null {
  const parsed = keyRotationSchema.safeParse(after);
  if (!parsed.success)
    return `a key rotation whose payload is not one: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim();
  const r = parsed.data;
  for (const side of ['old', 'new'] as const) {
    const raw = Buffer.from(r[`${side}PublicKey`], 'base64url');
    if (raw.length !== 32 || raw.toString('base64url') !== r[`${side}PublicKey`]) return `the ${side} public key is not 32 bytes of canonical base64url`;
    if (keyIdOf(raw) !== r[`${side}KeyId`]) return `the ${side} key's id should be ${keyIdOf(raw)}`;
    const sig = Buffer.from(r[`${side}Sig`], 'base64url');
    let good: boolean;
    try {
      const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: r[`${side}PublicKey`] }, format: 'jwk' });
      good = sig.length === 64 && sig.toString('base64url') === r[`${side}Sig`] && verify(null, keyRotationMessage(r), key, sig);
    } catch {
      good = false;
    }
    if (!good) return `the ${side} key's signature on the rotation from ${r.oldKeyId} to ${r.newKeyId} does not verify`;
  }
  return null;
}

/**
 * The key ids a reader trusts once valid rotations are followed back: a key is
 * trusted when a rotation to a trusted key names it as the old one.
 */
export function trustThroughRotations(trusted: ReadonlySet<string>, rotations: readonly KeyRotation[]): Set<string> {
  const out = new Set(trusted);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rotations) {
      if (out.has(r.newKeyId) && !out.has(r.oldKeyId)) {
        out.add(r.oldKeyId);
        grew = true;
      }
    }
  }
  return out;
}

export const bundleCheckpointSchema = checkpointSchema.extend({ type: z.literal('checkpoint') }).strict();
export type BundleCheckpoint = z.infer<typeof bundleCheckpointSchema>;

/**
 * What a verifier (server, CLI or bundle checker) reports. Sequence numbers are
 * always named, so a reader knows where to look.
 */
export type AuditProblem =
  /** The chain ends before a signed head: events after `lastSeq` up to `signedSeq` are gone. */
  | { kind: 'truncated'; lastSeq: number; signedSeq: number; why: string }
  /** A signed head's hash no longer matches the event at that seq, or an event no longer matches its hash/link. */
  | { kind: 'rewritten'; seq: number; why: string }
  /** Two validly signed checkpoints disagree about the same history. */
  | { kind: 'forked'; seqs: number[]; why: string }
  /** A checkpoint whose signature does not verify or whose key is unknown. */
  | { kind: 'bad-signature'; seq: number; why: string }
  /** Malformed input (a bundle line that does not parse, events out of order, …). */
  | { kind: 'malformed'; line?: number; seq?: number; why: string };

export type AuditVerification =
  | {
      ok: true;
      /** Events checked. */
      checked: number;
      /** The newest trusted signed checkpoint the chain is proven up to, or null when none exists yet. */
      provenTo: { seq: number; at: string; keyId: string } | null;
      /** Events after provenTo: hash-linked but not yet covered by a signature. */
      unsignedTail: number;
    }
  | { ok: false; checked: number; problems: AuditProblem[] };
