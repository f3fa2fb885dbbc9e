// The People page's list: every account with its role, status, last sign-in,
// open assignments and pending reset link, then the invitations not yet
// accepted. Editors only.
import 'server-only';
import { canManageUsers, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import type { PersonDto, Role } from '../validation/users';

export type ListPeopleOptions = { actor: Actor };

type Row = { id: string; email: string; display_name: string; role: Role; disabled_at: Date | null; last_sign_in: Date | null; assigned_open: number };

export async function listPeople(options: ListPeopleOptions): Promise<PersonDto[]> {
  if (!canManageUsers(options.actor)) throw new AppError('forbidden', 'Only editors can manage people.');
  const [users, invitations] = await Promise.all([
    db.$queryRaw<Row[]>`
      SELECT u.id, u.email, u.display_name, u.role, u.disabled_at,
             (SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id) AS last_sign_in,
             (SELECT count(*)::int FROM claims c WHERE c.assignee_id = u.id AND c.status = 'unreviewed') AS assigned_open
      FROM users u
      ORDER BY lower(u.display_name), u.email`,
    db.invitation.findMany({
      where: { usedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: 'desc' },
      include: { createdBy: { select: { displayName: true } } },
      take: 1000,
    }),
  ]);
  // Issuing a link revokes the earlier ones for the address: at most one per account.
  const resets = new Map(
    invitations
      .filter((i) => i.kind === 'reset' && i.userId)
      .map((i) => [i.userId, { invitationId: i.id, expiresAt: i.expiresAt.toISOString(), issuedBy: i.createdBy?.displayName ?? null }]),
  );
  const people: PersonDto[] = users.map((u) => ({
    key: u.id,
    userId: u.id,
    email: u.email,
    displayName: u.display_name,
    role: u.role,
    status: u.disabled_at ? 'disabled' : 'active',
    lastSignInAt: u.last_sign_in?.toISOString() ?? null,
    assignedOpen: u.assigned_open,
    expiresAt: null,
    invitationId: null,
    resetLink: resets.get(u.id) ?? null,
  }));
  for (const i of invitations) {
    if (i.kind !== 'invite' || !i.role) continue;
    people.push({
      // By address, not id: a new link for the same person keeps their row (and what it shows).
      key: `invitation:${i.email}`,
      userId: null,
      email: i.email,
      displayName: i.displayName,
      role: i.role,
      status: 'invited',
      lastSignInAt: null,
      assignedOpen: 0,
      expiresAt: i.expiresAt.toISOString(),
      invitationId: i.id,
      resetLink: null,
    });
  }
  return people;
}
