// Password bounds shared by browser and server. The strength check itself runs
// on the server (lib/auth/password-strength.ts).
import { z } from './zod';

export const PASSWORD_MIN = 12;
/** Far above ASVS's 64 and the 128; argon2 hashes any length in constant memory. */
export const PASSWORD_MAX = 1024;

/** A new password: length only here; the server also refuses guessable ones. */
export const newPasswordSchema = z
  .string({ error: 'Choose a password.' })
  .min(PASSWORD_MIN, `Passwords need at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Passwords have at most ${PASSWORD_MAX} characters.`);
