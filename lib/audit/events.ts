// The audit event vocabulary: every state change in Factdesk is one of these.
import { z } from '../validation/zod';

export const AUDIT_ACTIONS = [
  'claim.imported',
  'claim.updated',
  'claim.verdict_set',
  'claim.comment_added',
  'claim.assignment_changed',
  'user.created',
  'user.disabled',
  'auth.login_succeeded',
  'auth.login_failed',
  'export.produced',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const json = z.record(z.string(), z.unknown());

export const auditEventInputSchema = z.object({
  action: z.enum(AUDIT_ACTIONS),
  // null actor = the system (seeder, scripts).
  actorId: z.string().uuid().nullable(),
  actorLabel: z.string().min(1),
  claimId: z.string().uuid().nullable().default(null),
  before: json.nullable().default(null),
  after: json.nullable().default(null),
  reason: z.string().nullable().default(null),
  requestId: z.string().max(200).nullable().default(null),
});
export type AuditEventInput = z.input<typeof auditEventInputSchema>;

export type AuditEventRecord = {
  seq: number;
  at: string;
  actorId: string | null;
  actorLabel: string;
  action: AuditAction;
  claimId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  requestId: string | null;
  prevHash: string;
  hash: string;
};

export const SYSTEM_ACTOR = { actorId: null, actorLabel: 'system' } as const;
