// schema.org ClaimReview JSON-LD: one review per decided claim and one per
// reviewed figure (issue 13), for fact-check markup that search engines read.
// Rating scale documented in docs/export-format.md.
// Publishers paste it into <script type="application/ld+json">: written with embedJson.
import 'server-only';
import { Readable } from 'node:stream';
import { config } from '../../env';
import { STATUS_LABELS } from '../../utils/status-labels';
import type { ExportClaim } from '../export-claims';
import type { ExportFigure } from '../export-figures';
import type { ReportAudit } from '../report-audit';
import { figureClause } from '../figure-clause';
import { sourceNode } from '../figure-source';
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

// The article the claim appeared in: what it says about itself, when it says it (never invented).
function appearanceOf(c: ExportClaim) {
  return {
    '@type': 'CreativeWork',
    headline: c.title,
    inLanguage: c.language,
    identifier: c.sourceKey,
    url: c.articleUrl ?? undefined,
    datePublished: c.publishedAt ?? undefined,
    author: c.byline ? { '@type': 'Person', name: c.byline } : undefined,
    publisher: c.outlet ? { '@type': 'Organization', name: c.outlet } : undefined,
  };
}

// The story (the events the article reports) as what the claim is about: one node per story,
// shared through its @id by every review of that story. A Thing, not an Event: the desk knows
// the story's name, not the date and place that Event consumers expect.
const storyOf = (c: ExportClaim) => (c.storyId && c.storyTitle ? { '@type': 'Thing', '@id': `urn:uuid:${c.storyId}`, name: c.storyTitle } : undefined);

const citationOf = (evidence: ExportClaim['evidence']) =>
  evidence.length ? evidence.map((e) => ({ '@type': 'CreativeWork', url: e.url, name: e.label ?? undefined })) : undefined;

function claimReview(c: ExportClaim, org: Publisher) {
  if (c.status === 'unreviewed') return null;
  const rating = RATING[c.status];
  const first = c.history[0];
  const appearance = appearanceOf(c);
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
    citation: citationOf(c.evidence),
    itemReviewed: {
      '@type': 'Claim',
      name: c.title,
      inLanguage: c.language,
      appearance,
      firstAppearance: appearance,
      about: storyOf(c),
    },
  };
}

/**
 * A reviewed figure's own review: the figure's clause as `claimReviewed`
 * (≤ 75 characters), the sentence as the Claim, its attributed source as
 * the Claim's author, the article as its appearance.
 */
function figureReview(c: ExportClaim, f: ExportFigure, org: Publisher) {
  if (f.status === 'unreviewed' || f.dismissed) return null;
  const rating = RATING[f.status];
  const first = f.history[0];
  const appearance = appearanceOf(c);
  const sentence = f.sentence.text;
  const offset = f.sentence.start;
  return {
    '@type': 'ClaimReview',
    '@id': `${org.reportBaseUrl}/${c.id}#figure-${f.id}`,
    url: `${org.reportBaseUrl}/${c.id}#figure-${f.id}`,
    claimReviewed: figureClause({ sentence, spanStart: f.span.start - offset, spanEnd: f.span.end - offset, countedText: f.countedText }),
    reviewBody: f.reason ?? undefined,
    reviewRating: { '@type': 'Rating', ratingValue: rating.value, bestRating: 5, worstRating: 1, alternateName: rating.name },
    author: { '@type': 'Organization', name: org.name, url: org.url },
    datePublished: first?.at ?? f.decidedAt ?? undefined,
    ...(f.history.length > 1 && f.decidedAt ? { dateModified: f.decidedAt } : {}),
    inLanguage: c.language,
    citation: citationOf(f.evidence),
    itemReviewed: {
      '@type': 'Claim',
      name: sentence.trim(),
      inLanguage: c.language,
      author: sourceNode(f.attribution),
      datePublished: f.time.date ?? undefined,
      appearance,
      firstAppearance: appearance,
      about: storyOf(c),
    },
  };
}

/** The propertyID of the identifier on every review that holds the report's audit reference (lib/exports/report-audit.ts), as JSON. */
export const AUDIT_PROPERTY_ID = 'factdesk-audit';

export function claimReviewStream(claims: AsyncIterable<ExportClaim>, org: Publisher, audit: ReportAudit): Readable {
  // Each review names the audit trail it was exported from, as schema.org's way
  // of a custom identifier (a top-level key beside @graph would turn the
  // document into one node and hide the reviews from JSON-LD readers).
  const trail = { '@type': 'PropertyValue', propertyID: AUDIT_PROPERTY_ID, value: JSON.stringify(audit) };
  async function* chunks() {
    yield '{"@context":"https://schema.org","@graph":[';
    let first = true;
    for await (const c of claims) {
      const reviews = [claimReview(c, org), ...c.figures.map((f) => figureReview(c, f, org))];
      for (const review of reviews) {
        if (!review) continue;
        yield `${first ? '' : ','}\n${embedJson({ ...review, identifier: trail })}`;
        first = false;
      }
    }
    yield '\n]}\n';
  }
  return Readable.from(chunks());
}
