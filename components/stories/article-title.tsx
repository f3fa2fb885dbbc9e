// An article's title as a link, in its own language and direction, with its
// outlet and date under it: the same in the story's table and the claim page panel.
import Link from 'next/link';
import { formatDate } from '@/lib/utils/format';
import { dirAttribute } from '@/lib/utils/text-direction';
import { HiddenCharactersBadge, VisibleText } from '@/components/visible-text';
import { revealInvisible } from '@/lib/utils/invisible-characters';

type Props = {
  claimId: string;
  title: string;
  language: string;
  outlet?: string | null;
  /** Null: the article gave no date, and the row says so; undefined: the date is not shown. */
  publishedAt?: string | null;
  /** Two lines at most (a narrow column); the whole title is the link's tooltip. */
  clamp?: boolean;
  children?: React.ReactNode;
};

export function ArticleTitle({ claimId, title, language, outlet, publishedAt, clamp = false, children }: Props) {
  return (
    <div className="min-w-0">
      <div
        lang={language}
        dir={dirAttribute(language)}
        className={`text-start ${clamp ? 'line-clamp-2' : ''}`}
        title={clamp ? revealInvisible(title) : undefined}
      >
        <Link href={`/claims/${claimId}`} data-claim-link className="font-medium text-slate-900 hover:text-blue-700 hover:underline">
          <VisibleText text={title} />
        </Link>
        <HiddenCharactersBadge title={title} />
      </div>
      {(outlet || publishedAt !== undefined || children) && (
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          {outlet && <bdi lang={language}>{outlet}</bdi>}
          {publishedAt ? <time dateTime={publishedAt}>{formatDate(publishedAt)}</time> : publishedAt === null && <span>date unknown</span>}
          {children}
        </div>
      )}
    </div>
  );
}
