// Permission-checked entry to audit verification (for the API and the audit page).
import 'server-only';
import { canVerifyAudit, type Actor } from '../auth/permissions';
import { AppError } from '../errors';
import type { AuditVerification } from '../audit/checkpoint-format';
import { verifyAuditTrail } from '../audit/verify-trail';

export async function verifyAudit(options: { actor: Actor }): Promise<AuditVerification> {
  if (!canVerifyAudit(options.actor)) throw new AppError('forbidden', 'Only editors can run the audit verification.');
  return verifyAuditTrail();
}
