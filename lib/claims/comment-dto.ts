import 'server-only';
import type { Comment, User } from '../generated/prisma/client';
import type { CommentDto } from '../validation/claims';

export function toCommentDto(c: Comment & { author: User }): CommentDto {
  return { id: c.id, claimId: c.claimId, body: c.body, createdAt: c.createdAt.toISOString(), author: { id: c.author.id, displayName: c.author.displayName } };
}
