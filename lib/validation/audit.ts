import { z } from './zod';
import { AUDIT_ACTIONS } from '../audit/events';
import { storableText } from './text';

export const auditQuerySchema = z.object({
  actor: storableText().trim().max(320).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of: ${AUDIT_ACTIONS.join(', ')}.` }).optional(),
  claimId: z.uuid({ error: 'claimId must be a UUID.' }).optional(),
  after: z.iso.date({ error: 'after must be a date (YYYY-MM-DD).' }).or(z.iso.datetime({ offset: true })).optional(),
  before: z.iso.date({ error: 'before must be a date (YYYY-MM-DD).' }).or(z.iso.datetime({ offset: true })).optional(),
  cursor: z.coerce.number({ error: 'cursor must be a sequence number.' }).int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
