import { NextResponse } from 'next/server';
import { addComment } from '@/lib/claims/add-comment';
import { listComments } from '@/lib/claims/list-comments';
import { apiRoute, readJson } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

export const GET = apiRoute<{ id: string }>(async ({ actor, params }) => ({
  comments: await listComments({ actor, claimId: params.id }),
}));

export const POST = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) =>
  NextResponse.json(await addComment({ actor, claimId: params.id, input: await readJson(req), requestId }), { status: 201 }),
);
