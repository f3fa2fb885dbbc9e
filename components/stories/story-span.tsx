// The story's time span on its page: "23 Feb 2019 – 25 Feb 2019", and how many articles gave no date.
import { formatDate } from '@/lib/utils/format';
import { storySpan } from '@/lib/utils/story-span';

export function StorySpanLabel({ articles }: { articles: readonly { publishedAt: string | null }[] }) {
  const { first, last, undated } = storySpan(articles);
  const days = first && last ? [formatDate(first), formatDate(last)] : null;
  const undatedNote = undated > 0 ? `${undated} undated` : null;
  return (
    <span className="text-xs text-slate-700" data-testid="story-span">
      {days ? (
        <>
          Published <time dateTime={first ?? undefined}>{days[0]}</time>
          {days[1] !== days[0] && (
            <>
              {' – '}
              <time dateTime={last ?? undefined}>{days[1]}</time>
            </>
          )}
          {undatedNote && `, ${undatedNote}`}
        </>
      ) : (
        'Date unknown'
      )}
    </span>
  );
}
