import { NextResponse } from 'next/server';
import { apiRoute, readJson } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { issuePasswordReset } from '@/lib/users/issue-password-reset';
import { sendLinkEmail } from '@/lib/users/send-link-email';
import { userIdSchema } from '@/lib/validation/users';
import { z } from '@/lib/validation/zod';

export const POST = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) => {
  const userId = parseOrThrow(userIdSchema, params.id, 'id');
  parseOrThrow(z.object({}).strict(), await readJson(req));
  const link = await issuePasswordReset({ actor, userId, requestId });
  const emailed = await sendLinkEmail({ kind: 'reset', link, displayName: null, from: actor, requestUrl: req.url });
  return NextResponse.json({ link, emailed }, { status: 201 });
});
