import { groupPage, packBoard } from '@/components/figures/board-payload';
import { loadStoryBoard } from '@/lib/figures/desk';
import { apiRoute, searchParamsObject } from '@/lib/http/api-route';
import { AppError, parseOrThrow } from '@/lib/errors';
import { storyFiguresQuerySchema } from '@/lib/validation/figures';
import { storyIdSchema } from '@/lib/validation/stories';

export const dynamic = 'force-dynamic';

// No query: every figure and group. `?view=board`: the board as its page sends it.
// `?counted=…&offset=…&limit=…`: one page of a group ("Show all").
// A merged story answers 404 story_merged with `mergedInto`, as GET /api/stories/{id} does.
export const GET = apiRoute<{ id: string }>(async ({ req, params }) => {
  const storyId = parseOrThrow(storyIdSchema, params.id, 'id');
  const query = parseOrThrow(storyFiguresQuerySchema, searchParamsObject(req));
  if (query.view && query.counted) throw new AppError('invalid_input', 'Ask for the board (view) or one group (counted), not both.');
  const board = await loadStoryBoard({ storyId });
  if (query.view === 'board') return packBoard(storyId, board);
  if (query.counted) return groupPage(board, query.counted, query.offset, query.limit);
  return board;
});
