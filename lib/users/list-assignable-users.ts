// People a claim can be assigned to: active reviewers and editors.
import 'server-only';
import { ASSIGNABLE_ROLES } from '../auth/permissions';
import { db } from '../db';

export async function listAssignableUsers(): Promise<{ id: string; displayName: string; role: string }[]> {
  return db.user.findMany({
    where: { disabledAt: null, role: { in: [...ASSIGNABLE_ROLES] } },
    select: { id: true, displayName: true, role: true },
    orderBy: { displayName: 'asc' },
  });
}
