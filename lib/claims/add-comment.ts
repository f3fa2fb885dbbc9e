// A reviewer's or editor's comment on a claim; plain text, audited.
import 'server-only';
import { appendAuditEvent } from '../audit/append-audit-event';
import { canComment, type Actor } from '../auth/permissions';
import { db } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import type { CommentDto } from '../validation/claims';
import type { CommentInput } from '../validation/verdicts';
import { toCommentDto } from './comment-dto';

/** The entry point has parsed `claimId` (claimIdSchema) and `comment` (commentInputSchema). */
export type AddCommentOptions = { actor: Actor; claimId: string; comment: CommentInput; requestId?: string | null };

export async function addComment(options: AddCommentOptions): Promise<CommentDto> {
  const { actor, claimId } = options;
  const { body } = options.comment;
  if (!canComment(actor)) throw new AppError('forbidden', 'Viewers can read comments but not post them.');

  const { comment, event } = await db.$transaction(async (tx) => {
    if (!(await tx.claim.findUnique({ where: { id: claimId }, select: { id: true } }))) {
      throw new AppError('not_found', 'No claim with this id.');
    }
    const comment = await tx.comment.create({ data: { claimId, authorId: actor.id, body }, include: { author: true } });
    const event = await appendAuditEvent(tx, {
      action: 'claim.comment_added',
      actorId: actor.id,
      actorLabel: actor.email,
      claimId,
      after: { commentId: comment.id, body },
      requestId: options.requestId ?? null,
    });
    return { comment, event };
  });
  const dto = toCommentDto(comment);
  publishChange(event, { actorName: actor.displayName, comment: dto });
  return dto;
}
