// What the article says about itself, in one line under the claim's title
// (outlet · byline · published · original article · language), and the notice
// for a claim imported as a near-duplicate of another. The line is the desk's
// own (English, left to right); the article's names inside it are isolated.
import Link from 'next/link';
import { formatDate, formatDateTime, formatPercent, languageWithConfidence } from '@/lib/utils/format';
import { dirAttribute } from '@/lib/utils/text-direction';
import type { ClaimDetail } from '@/lib/validation/claims';
import { isHttpUrl } from '@/lib/validation/http-url';
import { VisibleText } from '@/components/visible-text';

type Props = {
  claim: Pick<ClaimDetail, 'outlet' | 'byline' | 'publishedAt' | 'createdAt' | 'articleUrl' | 'language' | 'languageConfidence' | 'languageFrom'>;
};

export function ClaimMeta({ claim }: Props) {
  const parts: React.ReactNode[] = [];
  // The outlet and byline are the article's words, in its language.
  if (claim.outlet)
    parts.push(
      <bdi key="outlet" lang={claim.language} className="font-medium text-slate-700">
        {claim.outlet}
      </bdi>,
    );
  if (claim.byline)
    parts.push(
      <bdi key="byline" lang={claim.language}>
        {claim.byline}
      </bdi>,
    );
  if (claim.publishedAt)
    parts.push(
      <span key="published">
        Published{' '}
        <time dateTime={claim.publishedAt} title={formatDateTime(claim.publishedAt)}>
          {formatDate(claim.publishedAt)}
        </time>
      </span>,
    );
  else
    parts.push(
      <span key="published" data-testid="date-unknown">
        Date unknown, imported <time dateTime={claim.createdAt}>{formatDate(claim.createdAt)}</time>
      </span>,
    );
  if (claim.articleUrl && isHttpUrl(claim.articleUrl))
    parts.push(
      <a key="url" href={claim.articleUrl} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline hover:text-blue-900">
        Original article<span className="sr-only"> (opens in a new tab)</span>
      </a>,
    );
  parts.push(<span key="language">{languageWithConfidence(claim.language, claim.languageConfidence, claim.languageFrom)}</span>);
  return (
    <p className="mt-2 flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm text-slate-600" data-testid="claim-meta">
      {/* Each separator stays with the item before it, so a wrapped line never starts with one. */}
      {parts.map((part, i) => (
        <span key={i} className="inline-flex items-baseline gap-x-2">
          {part}
          {i < parts.length - 1 && (
            <span aria-hidden className="text-slate-400">
              ·
            </span>
          )}
        </span>
      ))}
    </p>
  );
}

export function NearDuplicateNotice({ of }: { of: NonNullable<ClaimDetail['nearDuplicateOf']> }) {
  return (
    <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="near-duplicate-notice">
      Imported as a near-duplicate of{' '}
      <Link href={`/claims/${of.id}`} className="font-medium text-blue-800 underline hover:text-blue-950">
        <bdi lang={of.language} dir={dirAttribute(of.language)}>
          <VisibleText text={of.title} />
        </bdi>
      </Link>{' '}
      ({formatPercent(of.similarity)} similar)
    </p>
  );
}
