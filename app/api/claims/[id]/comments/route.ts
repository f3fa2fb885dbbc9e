import { NextResponse } from 'next/server';
import { addComment } from '@/lib/claims/add-comment';
import { listComments } from '@/lib/claims/list-comments';
import { apiRoute, readJson } from '@/lib/http/api-route';
import { claimIdSchema } from '@/lib/validation/claims';
import { parseOrThrow } from '@/lib/errors';
import { commentInputSchema } from '@/lib/validation/verdicts';

export const dynamic = 'force-dynamic';

export const GET = apiRoute<{ id: string }>(async ({ actor, params }) => ({
  comments: await listComments({ actor, claimId: parseOrThrow(claimIdSchema, params.id, 'id') }),
}));

export const POST = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) => {
  const claimId = parseOrThrow(claimIdSchema, params.id, 'id');
  const comment = parseOrThrow(commentInputSchema, await readJson(req));
  return NextResponse.json(await addComment({ actor, claimId, comment, requestId }), { status: 201 });
});
