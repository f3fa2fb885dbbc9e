// A claim's comment thread, oldest first.
import 'server-only';
import type { Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import type { CommentDto } from '../validation/claims';
import { toCommentDto } from './comment-dto';

/** `claimId` has been parsed with claimIdSchema by the entry point. */
export async function listComments(options: { actor: Actor; claimId: string }): Promise<CommentDto[]> {
  const { claimId } = options;
  if (!(await db.claim.findUnique({ where: { id: claimId }, select: { id: true } }))) throw new AppError('not_found', 'No claim with this id.');
  const rows = await db.comment.findMany({ where: { claimId }, include: { author: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: 500 });
  return rows.map(toCommentDto);
}
