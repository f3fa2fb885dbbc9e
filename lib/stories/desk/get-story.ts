// One story for its page and GET /api/stories/{id}. A story an editor merged
// away has no articles; it answers with the story that took them, so old
// links lead on.
import 'server-only';
import { db, type Tx } from '../../db';
import type { StoryDetail, StorySummary } from '../../validation/stories';
import { loadStorySummaries } from './story-dto';
import { loadStoryDetail } from './story-detail';

/** Merges chain when a survivor is merged in turn; decisions re-point old ones, this bounds the walk anyway. */
const MAX_HOPS = 20;

/** `id` has been parsed with storyIdSchema. */
export async function getStory(id: string): Promise<StoryDetail | { mergedInto: string } | null> {
  const mergedInto = await survivorOf(db, id);
  if (mergedInto) return { mergedInto };
  return loadStoryDetail(db, id);
}

/** One story's summary (title, size, languages: what the figures board heads itself with), without its articles and evidence. */
export async function getStorySummary(id: string): Promise<StorySummary | { mergedInto: string } | null> {
  const mergedInto = await survivorOf(db, id);
  if (mergedInto) return { mergedInto };
  const [summary] = await loadStorySummaries(db, [id]);
  return summary ?? null;
}

/** The story that finally holds a merged story's articles, or null when `id` was not merged (or does not exist). */
export async function survivorOf(tx: Tx, id: string): Promise<string | null> {
  let current = id;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const row = await tx.story.findUnique({ where: { id: current }, select: { mergedIntoId: true } });
    if (!row?.mergedIntoId) return current === id ? null : current;
    current = row.mergedIntoId;
  }
  return current;
}
