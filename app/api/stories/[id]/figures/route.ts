import { groupPage, packBoard } from '@/components/figures/board-payload';
import { fromBoard, loadStoryBoard } from '@/lib/figures/desk';
import { apiRoute, searchParamsObject } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { storyFiguresQuerySchema } from '@/lib/validation/figures';
import { storyIdSchema } from '@/lib/validation/stories';

export const dynamic = 'force-dynamic';

// No query: every figure and group. `?view=board`: the board as its page sends it;
// `?view=board&counted=…`: that group alone, open (a closed group being opened).
// `?counted=…&offset=…&limit=…`: one page of a group ("Show all").
// A merged story answers 404 story_merged with `mergedInto`, as GET /api/stories/{id} does.
export const GET = apiRoute<{ id: string }>(async ({ req, params }) => {
  const storyId = parseOrThrow(storyIdSchema, params.id, 'id');
  const query = parseOrThrow(storyFiguresQuerySchema, searchParamsObject(req));
  const board = await loadStoryBoard({ storyId });
  if (query.view === 'board') {
    const only = query.counted;
    return only ? fromBoard(board, `packed:${only}`, (b) => packBoard(storyId, b, {}, only)) : fromBoard(board, 'packed', (b) => packBoard(storyId, b));
  }
  if (query.counted) return groupPage(board, query.counted, query.offset, query.limit);
  return board;
});
