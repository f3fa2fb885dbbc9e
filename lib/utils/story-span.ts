// A story's time span: the first and last days its articles were published,
// and how many gave no date (those are left out of the span, not guessed).
export type StorySpan = { first: string | null; last: string | null; undated: number };

export function storySpan(articles: readonly { publishedAt: string | null }[]): StorySpan {
  let first: string | null = null;
  let last: string | null = null;
  let undated = 0;
  for (const { publishedAt } of articles) {
    if (!publishedAt) {
      undated += 1;
      continue;
    }
    // ISO strings in UTC order as their instants do.
    if (first === null || publishedAt < first) first = publishedAt;
    if (last === null || publishedAt > last) last = publishedAt;
  }
  return { first, last, undated };
}
