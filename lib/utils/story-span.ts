// The time a story covers, from its articles' publication dates (lib/stories): what the
// story page and list show beside the title. Pure and client-safe.

export type StorySpan = {
  /** First and last UTC day (YYYY-MM-DD) among the dated articles. */
  from: string;
  to: string;
  /** Calendar days covered, both ends included (1 for a one-day story). */
  days: number;
  /** Articles whose date is unknown, left out of the span. */
  undated: number;
};

/** The span of a story's articles, or null when none of them is dated. */
export function storySpan(publishedAt: ReadonlyArray<Date | null | undefined>): StorySpan | null {
  const days = publishedAt.flatMap((d) => (d && !Number.isNaN(d.getTime()) ? [d.toISOString().slice(0, 10)] : [])).sort();
  const from = days[0];
  const to = days[days.length - 1];
  if (from === undefined || to === undefined) return null;
  return { from, to, days: Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1, undated: publishedAt.length - days.length };
}
