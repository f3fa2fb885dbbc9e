import { correctFigure } from '@/lib/figures/desk';
import { getFigure } from '@/lib/figures/desk/get-figure';
import { apiRoute, readJson } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { figureCorrectionSchema, figureIdSchema } from '@/lib/validation/figures';

export const dynamic = 'force-dynamic';

export const GET = apiRoute<{ id: string }>(async ({ params }) => ({
  figure: await getFigure({ figureId: parseOrThrow(figureIdSchema, params.id, 'id') }),
}));

export const PATCH = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) => {
  const figureId = parseOrThrow(figureIdSchema, params.id, 'id');
  const correction = parseOrThrow(figureCorrectionSchema, await readJson(req));
  return { figure: await correctFigure({ actor, figureId, correction, requestId }) };
});
