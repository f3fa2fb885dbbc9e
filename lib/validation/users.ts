// User-facing shapes shared by browser and server.
import { z } from './zod';
import { ROLES, type Role, type PersonStatus } from './vocabulary';
export { ROLES, ROLE_LABELS, PEOPLE_STATUSES } from './vocabulary';
export type { Role, PersonStatus } from './vocabulary';
import { storableText } from './text';
import { recordIdSchema } from './ids';
import { PASSWORD_MAX } from './passwords';

// Until the role was renamed (migration 20261201104642_role_editor) editors were
// called "admin": scripts and audit rows written then still say so. Every role
// input goes through this schema, which reads the old name as editor. A
// transform rather than z.preprocess keeps the input type a closed union, so
// audit writers stay typed.
const LEGACY_EDITOR = 'admin';
export const roleSchema = z
  .enum([...ROLES, LEGACY_EDITOR], { error: 'Role must be editor, reviewer or viewer.' })
  .transform((role): Role => (role === LEGACY_EDITOR ? 'editor' : role));

// The typed email is stored (users.email, and audit_events.actor_label for
// every sign-in attempt): bounded to RFC 5321's 254 characters, and zod's email
// pattern admits only ASCII letters, digits and ._'+- (no controls, no NUL).
const MAX_EMAIL_LENGTH = 254;
export const emailSchema = z
  .string()
  .max(4 * MAX_EMAIL_LENGTH, 'Enter a valid email address.')
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address.' }).max(MAX_EMAIL_LENGTH, 'Email addresses have at most 254 characters.'));

export const credentialsSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password.').max(1024),
});

export const newUserSchema = z.object({
  email: emailSchema,
  displayName: storableText().trim().min(1).max(100),
  role: roleSchema,
  password: z.string().min(12, 'Passwords need at least 12 characters.').max(1024),
});
export type NewUser = z.infer<typeof newUserSchema>;

// People (issue 15): what an editor sends from the People page.
export const inviteInputSchema = z.object({
  email: emailSchema,
  displayName: storableText({ error: 'Enter their name.' }).trim().min(1, 'Enter their name.').max(100, 'Names have at most 100 characters.'),
  role: roleSchema,
});
export type InviteInput = z.infer<typeof inviteInputSchema>;

export const roleChangeSchema = z.object({ role: roleSchema });
export const accountStatusSchema = z.object({ disabled: z.boolean({ error: 'Say whether the account is disabled.' }) });

/** A link's token as it arrives in a URL: 32 random bytes, base64url (43 characters). */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.');

/** One row of the People page: an account, or an invitation not yet accepted. */
export type PersonDto = {
  /** The user's id, or for an invitation `invitation:<email>` (pending links per address: one). */
  key: string;
  userId: string | null;
  email: string;
  displayName: string;
  role: Role;
  status: PersonStatus;
  lastSignInAt: string | null;
  /** Claims assigned to them that still need a verdict. */
  assignedOpen: number;
  /** For invitations: when the link stops working, and the invitation's id (to withdraw it). */
  expiresAt: string | null;
  invitationId: string | null;
  /** An account's pending password-reset link (issue 29): listed so an editor can see and withdraw it. */
  resetLink: PendingResetLink | null;
};

/** `issuedBy`: the issuing editor's name, or null for the command line. */
export type PendingResetLink = { invitationId: string; expiresAt: string; issuedBy: string | null };

/** A link an editor copies (invitation or reset); the token exists only in this answer. */
export type IssuedLink = { path: string; expiresAt: string; email: string };

export type SessionDto = { id: string; current: boolean; userAgent: string | null; ip: string | null; createdAt: string; lastSeenAt: string };

/** An account id in a URL (`/api/people/{id}/…`). */
export const userIdSchema = z.guid({ error: 'This is not an account id.' });
export const invitationIdSchema = z.guid({ error: 'This is not an invitation id.' });

/** Signing out from the account page: one session, every other one, or all (this browser too). */
export const signOutSessionsSchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('one'), sessionId: recordIdSchema }).strict(),
  z.object({ scope: z.enum(['others', 'all']) }).strict(),
]);

// Bounded, never trimmed: a password is exactly what was typed. Strength and the
// 12-character minimum are the domain's (one sentence, on the right field).
const typedPassword = (what: string) =>
  z
    .string({ error: `Enter ${what}.` })
    .min(1, `Enter ${what}.`)
    .max(PASSWORD_MAX, `Passwords have at most ${PASSWORD_MAX} characters.`);

export const changePasswordSchema = z.object({ current: typedPassword('your current password'), next: typedPassword('a new password') }).strict();
export const acceptInvitationSchema = z.object({ password: typedPassword('a password') }).strict();
