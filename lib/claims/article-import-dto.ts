// Builds the outcome of one article (lib/validation/articles.ts
// `ArticleImportOutcome`) from what the import pipeline returned: what a person
// needs to judge the article, never its bytes or its fingerprint.
import 'server-only';
import type { ImportRefusalReason } from '../articles/import-refusal';
import { textDirection } from '../utils/text-direction';
import type { ArticleImportOutcome } from '../validation/articles';
import type { ImportArticleResult } from './import-article';

const EXCERPT_CHARS = 400;
const BOILERPLATE_CHARS = 1000;
const MAX_NEAR_DUPLICATES = 5;

/** The first `n` UTF-16 units of `s`, without splitting a surrogate pair. */
function head(s: string, n: number): string {
  if (s.length <= n) return s;
  const cut = s.slice(0, n);
  return /[\uD800-\uDBFF]$/u.test(cut) ? cut.slice(0, -1) : cut;
}

export function toArticleImportOutcome(index: number, name: string | null, result: ImportArticleResult): ArticleImportOutcome {
  const { article } = result;
  return {
    index,
    name,
    outcome: result.outcome,
    written: result.written,
    claimId: result.claimId,
    reason: null,
    message: null,
    article: {
      title: article.title,
      language: article.language,
      languageConfidence: article.languageConfidence,
      languageFrom: article.languageFrom,
      direction: textDirection(article.language),
      excerpt: head(article.body, EXCERPT_CHARS),
      bodyLength: article.body.length,
      boilerplate: article.boilerplate === null ? null : head(article.boilerplate, BOILERPLATE_CHARS),
      boilerplateLength: article.boilerplate?.length ?? 0,
      outlet: article.outlet,
      byline: article.byline,
      articleUrl: article.articleUrl,
      publishedAt: article.publishedAt?.toISOString() ?? null,
      format: article.source.format,
      encoding: article.source.encoding,
      byteLength: article.source.byteLength,
      sha256: article.source.sha256,
    },
    duplicateOf: result.duplicateOf,
    nearDuplicates: result.nearDuplicates.slice(0, MAX_NEAR_DUPLICATES),
    nearDuplicateOf: result.nearDuplicateOf,
  };
}

export function refusedOutcome(index: number, name: string | null, reason: ImportRefusalReason, message: string): ArticleImportOutcome {
  return {
    index,
    name,
    outcome: 'refused',
    written: false,
    claimId: null,
    reason,
    message,
    article: null,
    duplicateOf: null,
    nearDuplicates: [],
    nearDuplicateOf: null,
  };
}
