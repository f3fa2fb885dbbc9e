// The payload of an `audit.key_rotated` event (lib/audit/checkpoint-format.ts
// says what the signatures cover). Client-safe: the audit page describes it.
import { z } from 'zod';

const keyId = z.string().regex(/^[0-9a-f]{16}$/, 'a key id: 16 lower-case hex characters');
const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'base64url without padding');
const isoInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'an instant as Date#toISOString prints it');

export const keyRotationSchema = z
  .object({
    oldKeyId: keyId,
    /** Raw 32-byte Ed25519 public keys, base64url. */
    oldPublicKey: base64url,
    newKeyId: keyId,
    newPublicKey: base64url,
    at: isoInstant,
    /** Ed25519 signatures over keyRotationMessage(), by the old key and by the new one. */
    oldSig: base64url,
    newSig: base64url,
  })
  .strict();
export type KeyRotation = z.infer<typeof keyRotationSchema>;
