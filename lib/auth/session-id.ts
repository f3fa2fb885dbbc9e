// The secret that ties a session cookie to its row in `sessions`. The cookie
// (an encrypted JWT) carries it; the database keeps only its SHA-256, so a
// copy of the table cannot be turned into a cookie.
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

export const newSessionSecret = () => randomBytes(32).toString('base64url');

export const hashSessionSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
