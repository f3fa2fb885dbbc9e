// The account a script acts for (`npm run import -- --as EMAIL`): active
// accounts only, as the Actor every domain function takes.
import 'server-only';
import type { Actor } from '../auth/permissions';
import { toActor } from '../auth/to-actor';
import { db } from '../db';

export async function findActiveActor(email: string): Promise<Actor | null> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, role: true, displayName: true, disabledAt: true } });
  return user && !user.disabledAt ? toActor(user) : null;
}
