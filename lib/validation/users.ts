// User-facing shapes shared by browser and server.
import { z } from './zod';
import { storableText } from './text';

export const ROLES = ['admin', 'reviewer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address.' }));

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
