// Human wording for audit events (history lists, notices). Client-safe.
import type { PublicAuditEvent } from '../realtime/events';

const STATUS_LABEL: Record<string, string> = { unreviewed: 'unreviewed', verified: 'verified', disputed: 'disputed', outdated: 'outdated' };

export function describeEvent(e: PublicAuditEvent, who: string): string {
  const after = e.after ?? {};
  const before = e.before ?? {};
  switch (e.action) {
    case 'claim.imported':
      return 'Imported from the seed file';
    case 'claim.updated':
      return 'Article text updated from the seed file';
    case 'claim.verdict_set':
      return `${who} marked it ${STATUS_LABEL[String(after.status)] ?? String(after.status)}${before.status && before.status !== after.status ? ` (was ${STATUS_LABEL[String(before.status)] ?? String(before.status)})` : ''}`;
    case 'claim.comment_added':
      return `${who} commented`;
    case 'claim.assignment_changed':
      return after.assignee ? `${who} assigned it to ${String(after.assignee)}` : `${who} removed the assignment`;
    case 'auth.login_succeeded':
      return `${who} signed in`;
    case 'auth.login_failed':
      return `Failed sign-in for ${e.actorLabel}`;
    case 'user.created':
      return `${who} created the account ${String(after.email ?? '')}`;
    case 'user.disabled':
      return `${who} disabled the account ${String(after.email ?? '')}`;
    case 'export.produced':
      return `${who} exported ${String(after.count ?? '')} claims as ${String(after.format ?? '')}`;
    default:
      return e.action;
  }
}
