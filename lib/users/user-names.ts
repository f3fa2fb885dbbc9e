// id → display name for everyone, to show people in history lists.
import 'server-only';
import { db } from '../db';

export async function userNames(): Promise<Record<string, string>> {
  const users = await db.user.findMany({ select: { id: true, displayName: true } });
  return Object.fromEntries(users.map((u) => [u.id, u.displayName]));
}
