import { apiRoute, readJson } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { changeRole } from '@/lib/users/change-role';
import { roleChangeSchema, userIdSchema } from '@/lib/validation/users';

// The last active editor cannot be demoted: 409 with the sentence that says so.
export const POST = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) => {
  const userId = parseOrThrow(userIdSchema, params.id, 'id');
  const { role } = parseOrThrow(roleChangeSchema, await readJson(req));
  const user = await changeRole({ actor, userId, role, requestId });
  return { user: { id: user.id, email: user.email, role: user.role } };
});
