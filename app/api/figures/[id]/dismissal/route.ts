import { setFigureDismissal } from '@/lib/figures/desk';
import { apiRoute, readJson } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { figureDismissalSchema, figureIdSchema } from '@/lib/validation/figures';

export const POST = apiRoute<{ id: string }>(async ({ req, actor, params, requestId }) => {
  const figureId = parseOrThrow(figureIdSchema, params.id, 'id');
  const dismissal = parseOrThrow(figureDismissalSchema, await readJson(req));
  return { figure: await setFigureDismissal({ actor, figureId, dismissal, requestId }) };
});
