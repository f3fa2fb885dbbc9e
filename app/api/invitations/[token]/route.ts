// Accepting an invitation or reset link: the one JSON route a signed-out person
// uses. The token is the credential, so it is checked before anything else.
import { publicRoute, readJson } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { acceptInvitation } from '@/lib/users/accept-invitation';
import { acceptInvitationSchema, invitationTokenSchema } from '@/lib/validation/users';

export const POST = publicRoute<{ token: string }>(async ({ req, params, requestId }) => {
  const token = parseOrThrow(invitationTokenSchema, params.token, 'token');
  const { password } = parseOrThrow(acceptInvitationSchema, await readJson(req));
  return acceptInvitation({ token, password, requestId });
});
