// `npm run audit:verify`: recomputes the audit hash chain and checks it against
// the signed checkpoints in DATA_DIR/audit-checkpoints.jsonl; exits 1 on a problem.
import { verifyAuditTrail } from '../lib/audit/verify-trail';
import { disconnectDb } from '../lib/db';
import { withDatabase } from './with-database';

const verdict = await withDatabase(async () => {
  const result = await verifyAuditTrail();
  await disconnectDb();
  return result;
});
console.log(JSON.stringify(verdict));
process.exit(verdict.ok ? 0 : 1);
