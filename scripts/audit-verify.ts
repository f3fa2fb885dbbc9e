// `npm run audit:verify`: recomputes the audit hash chain; exits 1 when broken.
import { verifyAuditChain } from '../lib/audit/verify-chain';
import { disconnectDb } from '../lib/db';
import { withDatabase } from './with-database';

const verdict = await withDatabase(async () => {
  const result = await verifyAuditChain();
  await disconnectDb();
  return result;
});
console.log(JSON.stringify(verdict));
process.exit(verdict.ok ? 0 : 1);
