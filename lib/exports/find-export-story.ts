// The story an export is filtered by (`story=<id>`): its title for the file's
// heading, or a 404 before anything is audited. A merged story has no articles
// left; the answer names the story they went into, as its page would.
import 'server-only';
import { db } from '../db';
import { AppError } from '../errors';

export type ExportStory = { id: string; title: string };

// Merges chain (A into B, B later into C); a longer chain than this is a data fault, not a user's.
const MAX_MERGE_HOPS = 50;

const SELECT = { id: true, title: true, customTitle: true, mergedIntoId: true } as const;
const titleOf = (s: { title: string; customTitle: string | null }) => s.customTitle ?? s.title;

export async function findExportStory(storyId: string): Promise<ExportStory> {
  const story = await db.story.findUnique({ where: { id: storyId }, select: SELECT });
  if (!story) throw new AppError('not_found', 'There is no story with this id: a story is removed when its last article leaves it.');
  if (!story.mergedIntoId) return { id: story.id, title: titleOf(story) };
  let survivor = story;
  for (let hop = 0; survivor.mergedIntoId && hop < MAX_MERGE_HOPS; hop++) {
    const next = await db.story.findUnique({ where: { id: survivor.mergedIntoId }, select: SELECT });
    if (!next) break;
    survivor = next;
  }
  throw new AppError('not_found', `This story was merged into “${titleOf(survivor)}”: export that story instead.`, undefined, { mergedInto: survivor.id });
}
