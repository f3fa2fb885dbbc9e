// User-facing shapes shared by browser and server.
import { z } from './zod';
import { storableText } from './text';

export const ROLES = ['editor', 'reviewer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { editor: 'Editor', reviewer: 'Reviewer', viewer: 'Viewer' };

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
