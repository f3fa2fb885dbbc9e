import { setFigureVerdict } from '@/lib/figures/desk';
import { apiRoute, readJson } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { figureIdSchema, figureVerdictSchema } from '@/lib/validation/figures';

// A stale expectedVersion answers 409 conflict with the figure as it is now in `current`.
export const POST = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) => {
  const figureId = parseOrThrow(figureIdSchema, params.id, 'id');
  const verdict = parseOrThrow(figureVerdictSchema, await readJson(req));
  return { figure: await setFigureVerdict({ actor, figureId, verdict, requestId }) };
});
