// schema.org ClaimReview JSON-LD: one review per decided claim, for fact-check
// markup that search engines read. Rating scale documented in docs/export-format.md.
// Publishers paste it into <script type="application/ld+json">: written with embedJson.
import 'server-only';
import { Readable } from 'node:stream';
import { config } from '../../env';
import { STATUS_LABELS } from '../../utils/status-labels';
import type { ExportClaim } from '../export-claims';
import { embedJson } from './embed-json';

const RATING: Record<'verified' | 'disputed' | 'outdated', { value: number; name: string }> = {
  verified: { value: 5, name: STATUS_LABELS.verified },
  outdated: { value: 3, name: STATUS_LABELS.outdated },
  disputed: { value: 1, name: STATUS_LABELS.disputed },
};

export type Publisher = { name: string; url: string; reportBaseUrl: string };

/** ORG_NAME, ORG_URL and REPORT_BASE_URL, with their defaults (lib/env.ts). */
export function publisherFromEnv(): Publisher {
  return { ...config().publisher };
}

function claimReview(c: ExportClaim, org: Publisher) {
  if (c.status === 'unreviewed') return null;
  const rating = RATING[c.status];
  const first = c.history[0];
  // The article the claim appeared in: what it says about itself, when it says it (never invented).
  const appearance = {
    '@type': 'CreativeWork',
    headline: c.title,
    inLanguage: c.language,
    identifier: c.sourceKey,
    url: c.articleUrl ?? undefined,
    datePublished: c.publishedAt ?? undefined,
    author: c.byline ? { '@type': 'Person', name: c.byline } : undefined,
    publisher: c.outlet ? { '@type': 'Organization', name: c.outlet } : undefined,
  };
  // The story (the events the article reports) as what the claim is about: one node per story,
  // shared through its @id by every review of that story. A Thing, not an Event: the desk knows
  // the story's name, not the date and place that Event consumers expect.
  const story = c.storyId && c.storyTitle ? { '@type': 'Thing', '@id': `urn:uuid:${c.storyId}`, name: c.storyTitle } : undefined;
  return {
    '@type': 'ClaimReview',
    '@id': `${org.reportBaseUrl}/${c.id}#review`,
    url: `${org.reportBaseUrl}/${c.id}`,
    claimReviewed: c.title,
    reviewBody: c.reason ?? undefined,
    reviewRating: { '@type': 'Rating', ratingValue: rating.value, bestRating: 5, worstRating: 1, alternateName: rating.name },
    author: { '@type': 'Organization', name: org.name, url: org.url },
    datePublished: first?.at ?? c.decidedAt,
    ...(c.history.length > 1 && c.decidedAt ? { dateModified: c.decidedAt } : {}),
    inLanguage: c.language,
    citation: c.evidence.length ? c.evidence.map((e) => ({ '@type': 'CreativeWork', url: e.url, name: e.label ?? undefined })) : undefined,
    itemReviewed: {
      '@type': 'Claim',
      name: c.title,
      inLanguage: c.language,
      appearance,
      firstAppearance: appearance,
      about: story,
    },
  };
}

export function claimReviewStream(claims: AsyncIterable<ExportClaim>, org: Publisher): Readable {
  async function* chunks() {
    yield '{"@context":"https://schema.org","@graph":[';
    let first = true;
    for await (const c of claims) {
      const review = claimReview(c, org);
      if (!review) continue;
      yield `${first ? '' : ','}\n${embedJson(review)}`;
      first = false;
    }
    yield '\n]}\n';
  }
  return Readable.from(chunks());
}
