// Who may do what: every permission rule in one place, checked server-side.
import 'server-only';
// Pages compute these once and hand components booleans: no component decides
// by role name.
import { type Role, ROLES } from '../validation/users';

export type Actor = { id: string; role: Role; email: string; displayName: string };
type HasRole = Pick<Actor, 'role'>;

const isEditor = (a: HasRole) => a.role === 'editor';

export const canReview = (a: HasRole) => isEditor(a) || a.role === 'reviewer';
export const canSetVerdict = (a: Actor, status: string) => (status === 'unreviewed' ? isEditor(a) : canReview(a));
export const canComment = canReview;
/** Announce "is writing a verdict/comment" to the desk: only those who can write one. */
export const canAnnounceWriting = canReview;
export const canAssign = (a: Actor) => isEditor(a);
/** A claim goes to someone who can review it (the assignee, not the editor assigning). */
export const canBeAssigned = (user: HasRole) => canReview(user);
export const ASSIGNABLE_ROLES: readonly Role[] = ROLES.filter((role) => canBeAssigned({ role }));
export const canReadAudit = (_a: Actor) => true;
export const canVerifyAudit = (a: Actor) => isEditor(a);
export const canExport = (_a: Actor) => true;
export const canManageUsers = (a: Actor) => isEditor(a);
export const canImportArticles = canReview;
/** Confirm or reject a suggested link, move, split, merge or rename stories: editors only; everyone reads them. */
export const canDecideStories = (a: HasRole) => isEditor(a);
export const canReadStories = (_a: Actor) => true;
/** Correct, add or dismiss figures (issue 13): editors only. Figure verdicts follow canSetVerdict; everyone reads. */
export const canEditFigures = (a: HasRole) => isEditor(a);
