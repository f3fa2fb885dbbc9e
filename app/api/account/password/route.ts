import { apiRoute, readJson } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { changePassword } from '@/lib/users/change-password';
import { changePasswordSchema } from '@/lib/validation/users';

// Needs the current password; the other sessions of the account end, this one stays.
export const POST = apiRoute(async ({ req, actor, sessionId, requestId }) => {
  const { current, next } = parseOrThrow(changePasswordSchema, await readJson(req));
  return changePassword({ actor, currentSessionId: sessionId, current, next, requestId });
});
