import { describeEventParts } from '@/lib/utils/describe-event';
import type { PublicAuditEvent } from '@/lib/validation/audit-events';

/** An audit event in words; names and emails are isolated so bidi controls in them stay inside. */
export function EventDescription({ event, who }: { event: PublicAuditEvent; who: string }) {
  return <>{describeEventParts(event, who).map((part, i) => (typeof part === 'string' ? part : <bdi key={i}>{part.user}</bdi>))}</>;
}
