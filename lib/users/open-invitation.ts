// What a link stands for, for the page it opens: a form, or a clear sentence
// saying why it no longer works. Never an error page.
import 'server-only';
import { db } from '../db';
import { invitationTokenSchema, type Role } from '../validation/users';
import { hashInvitationToken, sameTokenHash } from './invitation-token';

export type LinkState =
  | { state: 'valid'; kind: 'invite' | 'reset'; email: string; displayName: string; role: Role | null; expiresAt: string }
  | { state: 'used' | 'expired' | 'replaced' | 'issuer_gone' | 'unknown' };

export const LINK_STATE_MESSAGES: Record<Exclude<LinkState['state'], 'valid'>, string> = {
  used: 'This link has already been used. Sign in with the password you chose, or ask an editor for a new link.',
  expired: 'This link has expired: links work for 72 hours. Ask an editor for a new one.',
  replaced: 'This link no longer works: an editor replaced it by a newer one, withdrew it, or disabled the account. Ask an editor for a new link.',
  issuer_gone: 'This link no longer works: the editor who issued it can no longer hand out links. Ask an editor for a new one.',
  unknown: 'This link is not valid. Check that you copied all of it, or ask an editor for a new one.',
};

type Row = {
  tokenHash: string;
  kind: 'invite' | 'reset';
  email: string;
  displayName: string;
  role: Role | null;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  /** Null: issued from the command line, which needs no editor behind it. */
  createdById: string | null;
  createdBy: Issuer | null;
};

type Issuer = { email: string; role: Role; disabledAt: Date | null };

/**
 * A link is only as good as its issuer (issue 29): one an editor handed out
 * stops working once they are disabled or demoted. Revoking their links at
 * that moment covers new cases; this covers links issued before that rule.
 */
export const issuerStillEditor = (row: Pick<Row, 'createdById' | 'createdBy'>): boolean =>
  row.createdById === null || (row.createdBy !== null && row.createdBy.role === 'editor' && row.createdBy.disabledAt === null);

/** The row with what linkStateOf needs to know about its issuer. */
export const withIssuer = { createdBy: { select: { email: true, role: true, disabledAt: true } } } as const;

export function linkStateOf(row: Row | null, token: string, now = new Date()): LinkState {
  if (!row || !sameTokenHash(row.tokenHash, token)) return { state: 'unknown' };
  if (row.usedAt) return { state: 'used' };
  if (row.revokedAt) return { state: 'replaced' };
  if (row.expiresAt <= now) return { state: 'expired' };
  if (!issuerStillEditor(row)) return { state: 'issuer_gone' };
  return { state: 'valid', kind: row.kind, email: row.email, displayName: row.displayName, role: row.role, expiresAt: row.expiresAt.toISOString() };
}

export async function openInvitation(options: { token: string }): Promise<LinkState> {
  const parsed = invitationTokenSchema.safeParse(options.token);
  if (!parsed.success) return { state: 'unknown' };
  const row = await db.invitation.findUnique({ where: { tokenHash: hashInvitationToken(parsed.data) }, include: withIssuer });
  return linkStateOf(row, parsed.data);
}
