// User-facing shapes shared by browser and server.
import { z } from './zod';
import { storableText } from './text';

export const ROLES = ['admin', 'reviewer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

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
  role: z.enum(ROLES, { error: 'Role must be admin, reviewer or viewer.' }),
  password: z.string().min(12, 'Passwords need at least 12 characters.').max(1024),
});
export type NewUser = z.infer<typeof newUserSchema>;
