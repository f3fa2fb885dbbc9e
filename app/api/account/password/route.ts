import { CLIENT_IP_HEADER } from '@/lib/auth/options';
import { apiRoute, readJson } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { changePassword } from '@/lib/users/change-password';
import { changePasswordSchema } from '@/lib/validation/users';

// Needs the current password (throttled like sign-in); the other sessions of the account end, this one stays.
export const POST = apiRoute(async ({ req, actor, sessionId, requestId }) => {
  const { current, next } = parseOrThrow(changePasswordSchema, await readJson(req));
  // Set by server/ from the socket address; clients cannot forge it.
  const ip = req.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
  return changePassword({ actor, currentSessionId: sessionId, current, next, ip, requestId });
});
