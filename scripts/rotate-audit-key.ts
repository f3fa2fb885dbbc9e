// `npm run audit:rotate-key [-- --new-key-out FILE]`: replaces the key that
// signs audit checkpoints (lib/audit/rotate-key.ts). With the key in
// DATA_DIR/audit-signing-key it is replaced there; with AUDIT_SIGNING_KEY, the
// new key is written to FILE (mode 0600, never over an existing file) for the
// operator to deploy.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { rotateSigningKey } from '../lib/audit/rotate-key';
import { disconnectDb } from '../lib/db';
import { withDatabase } from './with-database';

const argsSchema = z.object({ 'new-key-out': z.string().min(1).max(4096).optional() }).strict();

let values: z.infer<typeof argsSchema>;
try {
  values = argsSchema.parse(parseArgs({ options: { 'new-key-out': { type: 'string' } }, strict: true }).values);
} catch (e) {
  console.error(`audit:rotate-key: ${e instanceof Error ? e.message : String(e)}\nusage: npm run audit:rotate-key [-- --new-key-out FILE]`);
  process.exit(2);
}

try {
  const result = await withDatabase(async () => {
    try {
      return await rotateSigningKey({ newKeyOut: values['new-key-out'] });
    } finally {
      await disconnectDb();
    }
  });
  const { rotation: r } = result;
  console.log(`audit:rotate-key: key ${r.oldKeyId} → ${r.newKeyId}, recorded as audit event ${result.seq}, signed by both keys.`);
  console.log(`  last checkpoint by the old key: ${result.lastByOld ? `#${result.lastByOld.seq}` : 'none (empty trail)'}`);
  console.log(`  first checkpoint by the new key: ${result.firstByNew ? `#${result.firstByNew.seq}` : 'none'}`);
  console.log(`  new public key (publish it; readers pin it with --trust-key ${r.newKeyId}): ${r.newPublicKey}`);
  if (result.fromEnv) {
    console.log(`  the new private key is in ${result.keyPath}: set AUDIT_SIGNING_KEY to its contents on every server, then restart them.`);
  } else {
    console.log(`  ${result.keyPath} now holds the new key; servers on this DATA_DIR sign with it from their next checkpoint.`);
  }
} catch (e) {
  console.error(`audit:rotate-key: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
