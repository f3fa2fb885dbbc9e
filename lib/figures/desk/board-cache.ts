// A per-process cache of each story's computed board (its figures and
// buildBoard's groups), keyed by the story's board revision: a counter the
// database's triggers move in the same transaction as every change a board
// shows (migration 20261202160000_story_board_revs). A request reads the
// revision first, then, on a miss, the figures: a change that commits in
// between is in the data and moves the revision, so the next request
// recomputes; a revision seen is never served with older data. Every app
// server keeps its own cache and needs no message from the others.
//
// The board a caller gets is shared with every other request of the same
// revision: treat it as read-only.
import 'server-only';
import { db } from '../../db';
import { AppError } from '../../errors';
import type { StoryFiguresResponse } from '../../validation/figures';
import { buildBoard } from '../board';
import { survivorOf } from '../../stories/desk/get-story';
import type { FigureRow } from './figure-dto';
import { toFigureDtos } from './load-figures';

/** Stories whose boards are kept (least recently used dropped first). */
export const BOARD_CACHE_STORIES = 8;

type Entry = { rev: bigint; board: Promise<StoryFiguresResponse> };
const entries = new Map<string, Entry>();
const derived = new WeakMap<StoryFiguresResponse, Map<string, unknown>>();
const counts = { hits: 0, misses: 0 };

/**
 * The story's board revision (0 before anything was recorded for it). Throws
 * not_found, or story_merged with `mergedInto` for a story an editor merged away.
 */
export async function storyBoardRev(options: { storyId: string }): Promise<bigint> {
  const { storyId } = options;
  const [row] = await db.$queryRaw<{ merged: string | null; rev: bigint | null }[]>`
    SELECT s.merged_into_id::text AS merged, r.rev
      FROM stories s LEFT JOIN story_board_revs r ON r.story_id = s.id
     WHERE s.id = ${storyId}::uuid`;
  if (!row) throw new AppError('not_found', 'No story with this id.');
  if (row.merged) {
    const mergedInto = (await survivorOf(db, storyId)) ?? row.merged;
    throw new AppError('story_merged', 'This story was merged into another one.', undefined, { mergedInto });
  }
  return row.rev ?? 0n;
}

/**
 * The story's figure rows in FIGURE_ORDER, as loadFigureDtos reads them, in one plain query: for
 * thousands of rows Prisma's relation include and per-row mapping cost several times the query
 * (tests/integration/figures-desk.test.ts checks both give the same board).
 */
async function storyFigureRows(storyId: string): Promise<FigureRow[]> {
  const rows = await db.$queryRaw<(Omit<FigureRow, 'decidedBy'> & { decidedByName: string | null })[]>`
    SELECT f.id::text AS "id", f.claim_id::text AS "claimId", f.ordinal, f.origin, f.value, f.min_value AS "minValue",
           f.max_value AS "maxValue", f.qualifier, f.approximate, f.unit, f.counted, f.counted_text AS "countedText",
           f.attribution, f.source, f.relayed_by AS "relayedBy", f.time_text AS "timeText", f.time_date AS "timeDate",
           f.span_start AS "spanStart", f.span_end AS "spanEnd", f.sentence_start AS "sentenceStart", f.sentence_end AS "sentenceEnd",
           f.superseded_by_id::text AS "supersededById", f.corrected_fields AS "correctedFields", f.dismissed_at AS "dismissedAt",
           f.extractor_version AS "extractorVersion", f.status::text AS "status", f.version, f.reason, f.evidence,
           f.re_review_at AS "reReviewAt", f.decided_by_id::text AS "decidedById", f.decided_at AS "decidedAt",
           f.created_at AS "createdAt", f.updated_at AS "updatedAt", u.display_name AS "decidedByName"
      FROM figures f
      JOIN claims c ON c.id = f.claim_id
      LEFT JOIN users u ON u.id = f.decided_by_id
     WHERE c.story_id = ${storyId}::uuid
     ORDER BY c.created_at, f.claim_id, f.ordinal, f.span_start`;
  return rows.map(({ decidedByName, ...f }) => ({
    ...f,
    decidedBy: f.decidedById && decidedByName !== null ? { id: f.decidedById, displayName: decidedByName } : null,
  }));
}

async function computeBoard(storyId: string): Promise<StoryFiguresResponse> {
  const figures = await toFigureDtos(db, await storyFigureRows(storyId));
  return { figures, groups: buildBoard(figures) };
}

/** A story's figures and its board's groups, as the board page and GET /api/stories/{id}/figures give them. `storyId` parsed with storyIdSchema. */
export async function loadStoryBoard(options: { storyId: string }): Promise<StoryFiguresResponse> {
  const { storyId } = options;
  const rev = await storyBoardRev({ storyId });
  const held = entries.get(storyId);
  entries.delete(storyId);
  if (held && held.rev === rev) {
    counts.hits += 1;
    entries.set(storyId, held);
    return held.board;
  }
  counts.misses += 1;
  // Concurrent requests of one revision share one computation.
  const entry: Entry = { rev, board: computeBoard(storyId) };
  entries.set(storyId, entry);
  while (entries.size > BOARD_CACHE_STORIES) entries.delete(entries.keys().next().value as string);
  entry.board.catch(() => {
    if (entries.get(storyId) === entry) entries.delete(storyId);
  });
  return entry.board;
}

/** `make(board)` once per board (a cached board is shared, so is what is made of it). */
export function fromBoard<T>(board: StoryFiguresResponse, key: string, make: (board: StoryFiguresResponse) => T): T {
  let made = derived.get(board);
  if (!made) derived.set(board, (made = new Map<string, unknown>()));
  if (!made.has(key)) made.set(key, make(board));
  return made.get(key) as T;
}

/** Hits and misses since start-up (tests and benchmarks). */
export function boardCacheCounts(): { hits: number; misses: number } {
  return { ...counts };
}
