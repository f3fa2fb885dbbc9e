// "My queue": claims assigned to me that still need a decision (unreviewed, or
// outdated with a re-review date that has passed).
import type { Actor } from '../auth/permissions';
import { db } from '../db';

export async function countQueue(options: { actor: Actor }): Promise<number> {
  return db.claim.count({
    where: {
      assigneeId: options.actor.id,
      OR: [{ status: 'unreviewed' }, { status: 'outdated', reReviewAt: { lte: new Date() } }],
    },
  });
}
