// `npm run audit:verify`: recomputes the audit hash chain; exits 1 when broken.
import { verifyAuditChain } from '../lib/audit/verify-chain';
import { disconnectDb } from '../lib/db';
import { withDatabase } from './with-database';

await withDatabase(async () => {
  const verdict = await verifyAuditChain();
  console.log(JSON.stringify(verdict));
  await disconnectDb();
  if (!verdict.ok) process.exitCode = 1;
});
