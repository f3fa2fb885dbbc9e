// The story's time span on its page: "23 Feb 2019 – 25 Feb 2019", and how many articles gave no date.
import { formatDate } from '@/lib/utils/format';
import { storySpan } from '@/lib/utils/story-span';

export function StorySpanLabel({ articles }: { articles: readonly { publishedAt: string | null }[] }) {
  const span = storySpan(articles.map((a) => (a.publishedAt ? new Date(a.publishedAt) : null)));
  if (!span)
    return (
      <span className="text-xs text-slate-700" data-testid="story-span">
        Date unknown
      </span>
    );
  const { from, to, undated } = span;
  return (
    <span className="text-xs text-slate-700" data-testid="story-span">
      Published <time dateTime={from}>{formatDate(from)}</time>
      {to !== from && (
        <>
          {' – '}
          <time dateTime={to}>{formatDate(to)}</time>
        </>
      )}
      {undated > 0 && `, ${undated} undated`}
    </span>
  );
}
