import { apiRoute, readJson } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { revokeSessions } from '@/lib/users/account-sessions';
import { signOutSessionsSchema } from '@/lib/validation/users';

// Only the caller's own sessions: another account's session id answers 404.
export const POST = apiRoute(async ({ req, actor, sessionId, requestId }) => {
  const body = parseOrThrow(signOutSessionsSchema, await readJson(req));
  const common = { actor, currentSessionId: sessionId, requestId };
  return revokeSessions(body.scope === 'one' ? { ...common, scope: 'one', sessionId: body.sessionId } : { ...common, scope: body.scope });
});
