// Permission-checked entry to the audit bundle export (GET /api/audit/export).
import 'server-only';
import { canVerifyAudit, type Actor } from '../auth/permissions';
import { AppError } from '../errors';
import { type AuditBundle, exportAuditBundle } from '../audit/export-bundle';
import type { AuditExportRange } from '../validation/audit';

export async function exportAudit(options: { actor: Actor; range: AuditExportRange }): Promise<AuditBundle> {
  if (!canVerifyAudit(options.actor)) throw new AppError('forbidden', 'Only editors can export the audit trail.');
  return exportAuditBundle(options.range);
}
