import { apiRoute } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { revokeInvitation } from '@/lib/users/revoke-invitation';
import { invitationIdSchema } from '@/lib/validation/users';

// Withdraws a pending invitation or password-reset link (editors); 409 once it was used, replaced or expired.
export const DELETE = apiRoute<{ id: string }>(async ({ actor, params, requestId }) => {
  const invitationId = parseOrThrow(invitationIdSchema, params.id, 'id');
  return revokeInvitation({ actor, invitationId, requestId });
});
