// `npm run audit:export -- [--from N] [--to N] [--out file]`: writes an audit
// bundle (docs/audit-format.md) to a file or stdout, signing the head first.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { exportAuditBundle } from '../lib/audit/export-bundle';
import { disconnectDb } from '../lib/db';
import { auditExportQuerySchema } from '../lib/validation/audit';
import { withDatabase } from './with-database';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' } }, strict: true });
const range = auditExportQuerySchema.safeParse({ from: values.from, to: values.to });
if (!range.success) {
  console.error(`audit:export: ${range.error.issues.map((i) => i.message).join(' ')}`);
  process.exit(2);
}
await withDatabase(async () => {
  const bundle = await exportAuditBundle(range.data);
  await pipeline(Readable.from(bundle.lines), values.out ? createWriteStream(values.out, { mode: 0o600 }) : process.stdout);
  console.error(`audit:export: events ${bundle.from}–${bundle.to}, signed head ${bundle.checkpoint?.seq ?? 'none'}${values.out ? ` → ${values.out}` : ''}`);
  await disconnectDb();
});
