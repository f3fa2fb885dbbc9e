// Hands out a single-use link (invitation or password reset). Earlier unused
// links for the same email are revoked in the same transaction: only the
// newest link an editor copied works.
import 'server-only';
import type { Tx } from '../db';
import type { Role } from '../validation/users';
import { hashInvitationToken, INVITATION_TTL_MS, newInvitationToken } from './invitation-token';

type LinkOptions = { kind: 'invite' | 'reset'; email: string; displayName: string; role: Role | null; userId: string | null; createdById: string | null };

export async function issueLink(tx: Tx, options: LinkOptions) {
  const now = new Date();
  const { count: replaced } = await tx.invitation.updateMany({
    where: { email: options.email, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { revokedAt: now },
  });
  const token = newInvitationToken();
  const row = await tx.invitation.create({
    data: { ...options, tokenHash: hashInvitationToken(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) },
  });
  return { token, row, replaced };
}
