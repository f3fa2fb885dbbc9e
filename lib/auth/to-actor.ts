// The one User → Actor mapping: sign-in, cookies and sockets all hand the
// domain layer the same four fields (never the password hash).
import 'server-only';
import type { User } from '../generated/prisma/client';
import type { Actor } from './permissions';

export function toActor(user: Pick<User, 'id' | 'email' | 'role' | 'displayName'>): Actor {
  return { id: user.id, email: user.email, role: user.role, displayName: user.displayName };
}
