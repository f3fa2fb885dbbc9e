// "My queue": the claims assigned to me that still need a decision (see in-queue.ts).
import 'server-only';
import type { Actor } from '../auth/permissions';
import { db } from '../db';

export async function listQueueIds(options: { actor: Actor }): Promise<string[]> {
  const rows = await db.claim.findMany({
    where: {
      assigneeId: options.actor.id,
      OR: [{ status: 'unreviewed' }, { status: 'outdated', reReviewAt: { lte: new Date() } }],
    },
    select: { id: true },
  });
  return rows.map((r) => r.id);
}
