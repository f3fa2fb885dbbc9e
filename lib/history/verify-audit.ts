// Permission-checked entry to chain verification (for the API).
import 'server-only';
import { canVerifyAudit, type Actor } from '../auth/permissions';
import { AppError } from '../errors';
import { type ChainVerdict, verifyAuditChain } from '../audit/verify-chain';

export async function verifyAudit(options: { actor: Actor }): Promise<ChainVerdict> {
  if (!canVerifyAudit(options.actor)) throw new AppError('forbidden', 'Only editors can run the audit verification.');
  return verifyAuditChain();
}
