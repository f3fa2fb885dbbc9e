// Human wording for audit events (history lists, notices). Client-safe.
// One line per action: a new action without its line does not compile.
import type { AuditAction, LoginFailureReason, PublicAuditEvent } from '../validation/audit-events';
import { ROLE_LABELS, type Role } from '../validation/vocabulary';
import { statusWord } from './status-labels';

/** A piece of wording; `{ user }` is text someone typed (names, emails), shown bidi-isolated. */
export type DescriptionPart = string | { user: string };
const user = (text: string): DescriptionPart => ({ user: text });

type Of<A extends PublicAuditEvent['action']> = Extract<PublicAuditEvent, { action: A }>;
type Describe<A extends PublicAuditEvent['action']> = (e: Of<A>, who: string) => DescriptionPart[];

const ROLE_ARTICLE: Record<Role, string> = { editor: 'an', reviewer: 'a', viewer: 'a' };
const SESSIONS_SCOPE = { one: 'one of their sessions', others: 'their other sessions', all: 'all their sessions' } as const;

const FAILED_SIGN_IN: Record<LoginFailureReason, string> = {
  locked: 'Sign-in refused while locked for ',
  unknown_account: 'Failed sign-in for ',
  disabled: 'Failed sign-in for ',
  wrong_password: 'Failed sign-in for ',
  demo_password_from_network: 'Failed sign-in for ',
};

type ImportKind = Of<'article.imported'>['after']['source']['kind'];
const IMPORTED_BY: Record<ImportKind, (who: string, name: string | null) => DescriptionPart[]> = {
  seed: (_who, name) => ['Imported from the seed file', ...(name ? [' ', user(name)] : [])],
  paste: (who) => [user(who), ' pasted it in'],
  upload: (who, name) => [user(who), ' uploaded it', ...(name ? [' as ', user(name)] : [])],
  url: (who, name) => [user(who), ' imported it', ...(name ? [' from ', user(name)] : [])],
  api: (who) => [user(who), ' imported it through the API'],
  cli: (who, name) => [user(who), ' imported it from the command line', ...(name ? [' (', user(name), ')'] : [])],
};

const DESCRIBE: { [A in AuditAction]: Describe<A> } = {
  'claim.imported': () => ['Imported from the seed file'],
  'claim.updated': () => ['Article text updated from the seed file'],
  'article.imported': ({ after }, who) => [
    ...IMPORTED_BY[after.source.kind](who, after.source.name),
    ...(after.nearDuplicateOf ? [`, confirmed as a near-duplicate (${Math.round(after.nearDuplicateOf.similarity * 100)}% similar)`] : []),
  ],
  'claim.verdict_set': ({ before, after }, who) => [
    user(who),
    ` marked it ${statusWord(after.status)}${before.status !== after.status ? ` (was ${statusWord(before.status)})` : ''}`,
  ],
  'claim.comment_added': (_e, who) => [user(who), ' commented'],
  'claim.assignment_changed': ({ after }, who) =>
    after.assignee ? [user(who), ' assigned it to ', user(after.assignee)] : [user(who), ' removed the assignment'],
  'user.created': ({ after }, who) => [user(who), ' created the account ', user(after.email)],
  'user.disabled': ({ after }, who) => [user(who), ' disabled the account ', user(after.email)],
  'user.enabled': ({ after }, who) => [user(who), ' re-enabled the account ', user(after.email)],
  'user.role_changed': ({ before, after }, who) => [
    user(who),
    ` made `,
    user(after.email),
    ` ${ROLE_ARTICLE[after.role]} ${ROLE_LABELS[after.role].toLowerCase()} (was ${ROLE_LABELS[before.role].toLowerCase()})`,
  ],
  'user.invited': ({ after }, who) => [user(who), ` invited `, user(after.email), ` as ${ROLE_ARTICLE[after.role]} ${ROLE_LABELS[after.role].toLowerCase()}`],
  'user.invitation_revoked': ({ before }, who) => [
    user(who),
    before.kind === 'reset' ? ' withdrew the password-reset link of ' : ' withdrew the invitation of ',
    user(before.email),
  ],
  'user.invitation_accepted': ({ after }) => [
    user(after.email),
    ' accepted the invitation and joined the desk',
    ...(after.issuedBy ? [' (link issued by ', user(after.issuedBy), ')'] : []),
  ],
  'user.password_reset_issued': ({ after }, who) => [user(who), ' issued a password reset link for ', user(after.email)],
  'user.password_reset': ({ after }) => [
    user(after.email),
    ' set a new password with a reset link',
    ...(after.issuedBy ? [' issued by ', user(after.issuedBy)] : []),
  ],
  'user.password_changed': ({ after }) => [user(after.email), ' changed their password'],
  'user.sessions_revoked': ({ after }) => [user(after.email), ` signed out ${SESSIONS_SCOPE[after.scope]}`],
  'auth.login_succeeded': (_e, who) => [user(who), ' signed in'],
  'auth.login_failed': (e) =>
    e.after.via === 'password_change'
      ? [e.after.reason === 'locked' ? 'Current-password check refused while locked for ' : 'Wrong current password given by ', user(e.actorLabel)]
      : [FAILED_SIGN_IN[e.after.reason], user(e.actorLabel)],
  'export.produced': ({ after }, who) => [user(who), ` exported ${after.count} claims${after.filters.story ? ' of one story' : ''} as ${after.format}`],
  'story.grouped': ({ after }) => [
    after.score === null ? 'Started a story of its own' : `Joined the story ${after.created ? '(new) ' : ''}`,
    ...(after.score === null ? [] : [user(after.title), ` (score ${after.score.toFixed(2)})`]),
    ...(after.moves.length > 0 ? [`; ${after.moves.length} other article${after.moves.length === 1 ? '' : 's'} regrouped`] : []),
  ],
  'story.suggestion_confirmed': ({ after }, who) => [
    user(who),
    ` confirmed a suggested link: ${after.claimIds.length} article${after.claimIds.length === 1 ? '' : 's'} joined the story`,
  ],
  'story.suggestion_rejected': (_e, who) => [user(who), ' rejected a suggested link between two stories'],
  'story.article_moved': ({ after }, who) => [user(who), after.created ? ' moved it to a new story' : ' moved it to another story'],
  'story.split': ({ after }, who) => [user(who), ` split ${after.claimIds.length} article${after.claimIds.length === 1 ? '' : 's'} off into a new story`],
  'story.merged': ({ after }, who) => [user(who), ` merged two stories (${after.claimIds.length} article${after.claimIds.length === 1 ? '' : 's'} moved)`],
  'story.renamed': ({ after }, who) => (after.title === null ? [user(who), ' reset the story title'] : [user(who), ' renamed the story ', user(after.title)]),
  'figure.extracted': ({ after }) => [
    after.count === 1 ? 'Found 1 figure in the article' : `Found ${after.count} figures in the article`,
    ...(after.kept > 0 ? [` (${after.kept} kept with their verdicts and corrections)`] : []),
  ],
  'figure.verdict_set': ({ before, after }, who) => [
    user(who),
    ` marked a figure ${statusWord(after.status)}${before.status !== after.status ? ` (was ${statusWord(before.status)})` : ''}`,
  ],
  'figure.corrected': ({ after }, who) => [user(who), ` corrected a figure (${after.fields.join(', ')})`],
  'figure.added': (_e, who) => [user(who), ' added a figure the extractor missed'],
  'figure.dismissed': ({ after }, who) => [user(who), after.dismissed ? ' dismissed a figure' : ' restored a dismissed figure'],
  'audit.key_rotated': ({ after }) => [`The audit signing key was rotated from ${after.oldKeyId} to ${after.newKeyId}, signed by both`],
};

/** The audit page's action filter, in words. Grouped by what they concern, as the select lists them. */
export const AUDIT_ACTION_LABELS: { [A in AuditAction]: string } = {
  'claim.imported': 'Claim imported from a seed file',
  'claim.updated': 'Claim text updated from a seed file',
  'article.imported': 'Article imported',
  'claim.verdict_set': 'Claim verdict set',
  'claim.comment_added': 'Comment added',
  'claim.assignment_changed': 'Claim assigned or unassigned',
  'user.created': 'Account created',
  'user.disabled': 'Account disabled',
  'user.enabled': 'Account re-enabled',
  'user.role_changed': 'Role changed',
  'user.invited': 'Person invited',
  'user.invitation_revoked': 'Invitation or reset link withdrawn',
  'user.invitation_accepted': 'Invitation accepted',
  'user.password_reset_issued': 'Password reset link issued',
  'user.password_reset': 'Password reset with a link',
  'user.password_changed': 'Password changed',
  'user.sessions_revoked': 'Sessions signed out',
  'auth.login_succeeded': 'Signed in',
  'auth.login_failed': 'Failed sign-in',
  'export.produced': 'Report exported',
  'story.grouped': 'Article grouped into a story',
  'story.suggestion_confirmed': 'Story suggestion confirmed',
  'story.suggestion_rejected': 'Story suggestion rejected',
  'story.article_moved': 'Article moved to another story',
  'story.split': 'Story split',
  'story.merged': 'Stories merged',
  'story.renamed': 'Story renamed',
  'figure.extracted': 'Figures found in an article',
  'figure.verdict_set': 'Figure verdict set',
  'figure.corrected': 'Figure corrected',
  'figure.added': 'Figure added by hand',
  'figure.dismissed': 'Figure dismissed or restored',
  'audit.key_rotated': 'Signing key rotated',
};

/** The actions "Hide sign-ins" leaves out of the audit page. */
export const SIGN_IN_ACTIONS = ['auth.login_succeeded', 'auth.login_failed'] as const satisfies readonly AuditAction[];

const unreadable: Describe<'audit.unreadable'> = (e) => [`Unreadable ${e.storedAction} event (it does not match the schema of its action): ${e.problem}`];

export function describeEventParts(e: PublicAuditEvent, who: string): DescriptionPart[] {
  if (e.action === 'audit.unreadable') return unreadable(e, who);
  // TypeScript cannot pair DESCRIBE[e.action] with e's member by itself; the
  // mapped type of DESCRIBE guarantees they match.
  return (DESCRIBE[e.action] as Describe<AuditAction>)(e, who);
}

export function describeEvent(e: PublicAuditEvent, who: string): string {
  return describeEventParts(e, who)
    .map((p) => (typeof p === 'string' ? p : p.user))
    .join('');
}
