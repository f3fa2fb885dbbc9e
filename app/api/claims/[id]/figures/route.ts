import { NextResponse } from 'next/server';
import { addFigure, listClaimFigures } from '@/lib/figures/desk';
import { apiRoute, readJson } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { claimIdSchema } from '@/lib/validation/claims';
import { type ClaimFiguresResponse, figureAddSchema } from '@/lib/validation/figures';

export const dynamic = 'force-dynamic';

export const GET = apiRoute<{ id: string }>(async ({ params }): Promise<ClaimFiguresResponse> => ({
  figures: await listClaimFigures({ claimId: parseOrThrow(claimIdSchema, params.id, 'id') }),
}));

export const POST = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) => {
  const claimId = parseOrThrow(claimIdSchema, params.id, 'id');
  const figure = parseOrThrow(figureAddSchema, await readJson(req));
  return NextResponse.json({ figure: await addFigure({ actor, claimId, figure, requestId }) }, { status: 201 });
});
