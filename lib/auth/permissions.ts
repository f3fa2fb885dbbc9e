// Who may do what: every permission rule in one place, checked server-side.
import 'server-only';
import type { Role } from '../validation/users';

export type Actor = { id: string; role: Role; email: string; displayName: string };

export const canReview = (a: Actor) => a.role === 'admin' || a.role === 'reviewer';
export const canSetVerdict = (a: Actor, status: string) =>
  status === 'unreviewed' ? a.role === 'admin' : canReview(a);
export const canComment = canReview;
export const canAssign = (a: Actor) => a.role === 'admin';
export const canReadAudit = (_a: Actor) => true;
export const canVerifyAudit = (a: Actor) => a.role === 'admin';
export const canExport = (_a: Actor) => true;
export const canManageUsers = (a: Actor) => a.role === 'admin';
