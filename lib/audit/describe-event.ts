// Human wording for audit events (history lists, notices). Client-safe.
import type { PublicAuditEvent } from '../realtime/events';

const STATUS_LABEL: Record<string, string> = { unreviewed: 'unreviewed', verified: 'verified', disputed: 'disputed', outdated: 'outdated' };

/** A piece of wording; `{ user }` is text someone typed (names, emails), shown bidi-isolated. */
export type DescriptionPart = string | { user: string };
const user = (text: string): DescriptionPart => ({ user: text });
const status = (s: unknown) => STATUS_LABEL[String(s)] ?? String(s);

export function describeEventParts(e: PublicAuditEvent, who: string): DescriptionPart[] {
  const after = e.after ?? {};
  const before = e.before ?? {};
  switch (e.action) {
    case 'claim.imported':
      return ['Imported from the seed file'];
    case 'claim.updated':
      return ['Article text updated from the seed file'];
    case 'claim.verdict_set':
      return [user(who), ` marked it ${status(after.status)}${before.status && before.status !== after.status ? ` (was ${status(before.status)})` : ''}`];
    case 'claim.comment_added':
      return [user(who), ' commented'];
    case 'claim.assignment_changed':
      return after.assignee ? [user(who), ' assigned it to ', user(String(after.assignee))] : [user(who), ' removed the assignment'];
    case 'auth.login_succeeded':
      return [user(who), ' signed in'];
    case 'auth.login_failed':
      return [after.reason === 'locked' ? 'Sign-in refused while locked for ' : 'Failed sign-in for ', user(e.actorLabel)];
    case 'user.created':
      return [user(who), ' created the account ', user(String(after.email ?? ''))];
    case 'user.disabled':
      return [user(who), ' disabled the account ', user(String(after.email ?? ''))];
    case 'export.produced':
      return [user(who), ` exported ${String(after.count ?? '')} claims as ${String(after.format ?? '')}`];
    default:
      return [e.action];
  }
}

export function describeEvent(e: PublicAuditEvent, who: string): string {
  return describeEventParts(e, who).map((p) => (typeof p === 'string' ? p : p.user)).join('');
}
