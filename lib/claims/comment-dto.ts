import type { Comment, User } from '../generated/prisma/client';

export type CommentDto = { id: string; claimId: string; body: string; createdAt: string; author: { id: string; displayName: string } };

export function toCommentDto(c: Comment & { author: User }): CommentDto {
  return { id: c.id, claimId: c.claimId, body: c.body, createdAt: c.createdAt.toISOString(), author: { id: c.author.id, displayName: c.author.displayName } };
}
