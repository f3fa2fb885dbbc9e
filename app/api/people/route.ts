// The People page's API: the list (editors), and inviting someone.
import { NextResponse } from 'next/server';
import { apiRoute, readJson } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { inviteUser } from '@/lib/users/invite-user';
import { listPeople } from '@/lib/users/list-people';
import { sendLinkEmail } from '@/lib/users/send-link-email';
import { inviteInputSchema } from '@/lib/validation/users';

export const GET = apiRoute(async ({ actor }) => ({ people: await listPeople({ actor }) }));

export const POST = apiRoute(async ({ req, actor, requestId }) => {
  const invite = parseOrThrow(inviteInputSchema, await readJson(req));
  const link = await inviteUser({ actor, invite, requestId });
  const emailed = await sendLinkEmail({ kind: 'invite', link, displayName: invite.displayName, from: actor, requestUrl: req.url });
  return NextResponse.json({ link, emailed }, { status: 201 });
});
