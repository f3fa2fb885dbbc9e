import { z } from './zod';
import { AUDIT_ACTIONS } from './audit-events';
import { isoDayOrTime } from './dates';
import { idSchema } from './ids';
import { storableText } from './text';

export const auditQuerySchema = z.object({
  actor: storableText().trim().max(320).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of: ${AUDIT_ACTIONS.join(', ')}.` }).optional(),
  claimId: idSchema('claimId must be a UUID.').optional(),
  after: isoDayOrTime('after must be a date (YYYY-MM-DD).').optional(),
  before: isoDayOrTime('before must be a date (YYYY-MM-DD).').optional(),
  // Sequence numbers are bigint; any safe integer (what .int() allows) fits.
  /** `hide`: leave sign-ins (succeeded and failed) out, the audit page's switch. */
  signIns: z.enum(['hide'], { error: 'signIns must be "hide" or absent.' }).optional(),
  cursor: z.coerce.number({ error: 'cursor must be a sequence number.' }).int('cursor must be a sequence number.').positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

// GET /api/audit/export and `npm run audit:export`: an inclusive range of sequence numbers.
const seqBound = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a sequence number.` })
    .int(`${name} must be a sequence number.`)
    .min(1, `${name} must be 1 or more.`)
    .max(Number.MAX_SAFE_INTEGER);
export const auditExportQuerySchema = z
  .object({ from: seqBound('from').optional(), to: seqBound('to').optional() })
  .strict()
  .refine((r) => r.from === undefined || r.to === undefined || r.from <= r.to, { error: 'from must not be above to.', path: ['from'] });
export type AuditExportRange = z.infer<typeof auditExportQuerySchema>;
