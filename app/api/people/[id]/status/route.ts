import { apiRoute, readJson } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { setAccountStatus } from '@/lib/users/set-account-status';
import { accountStatusSchema, userIdSchema } from '@/lib/validation/users';

// Disabling ends the person's sessions and sockets at once and answers with their open assignments.
export const POST = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) => {
  const userId = parseOrThrow(userIdSchema, params.id, 'id');
  const { disabled } = parseOrThrow(accountStatusSchema, await readJson(req));
  return setAccountStatus({ actor, userId, disabled, requestId });
});
