// The one import pipeline (issue 11), for seeds, paste, upload, URL, API and
// CLI alike: prepare the article (lib/articles: decode, extract, title,
// language, boilerplate, fingerprint), check duplicates, then write the claim, its
// fingerprint, its source snapshot and the audit event in one transaction,
// group it into a story and extract its figures in the same transaction
// (lib/stories/desk, lib/figures/desk), and publish the changes after the commit. Bad input is an AppError with one
// sentence and nothing written. `preview` does everything but write.
import 'server-only';
import type { Claim } from '../generated/prisma/client';
import { appendAuditEvent } from '../audit/append-audit-event';
import { type AuditEventRecord, SYSTEM_ACTOR } from '../validation/audit-events';
import { type Actor, canImportArticles } from '../auth/permissions';
import { toClaimSummary } from './claim-dto';
import { db, type Tx } from '../db';
import { AppError } from '../errors';
import { publishChange } from '../realtime/publish';
import type { ArticleOverrides, ImportSourceKind } from '../validation/articles';
import { type ClaimRef, type DuplicateMatch, findExactDuplicate, findNearDuplicates } from '../articles/find-duplicates';
import { saveFingerprint } from '../articles/fingerprint-claims';
import { importRefusal } from '../articles/import-refusal';
import { seedSourceKey } from '../articles/parse-article';
import type { ImportContent, PreparedArticle } from '../articles/prepare-article';
import { prepareArticleIsolated } from '../articles/prepare-article-isolated';
import { publishedAtSource } from '../articles/published-at-source';
import { groupArticle, type GroupArticleResult } from '../stories/desk/group-on-import';
import { lockStories } from '../stories/desk/lock';
import { extractClaimFigures, type ExtractClaimFiguresResult } from '../figures/desk/reextract';
import { lockClaimFigures } from '../figures/desk/lock';
import { shiftFigureSpans } from '../figures/desk/shift-spans';

export type ImportArticleOptions = {
  /** Who imports; null for the system (the seeder, scripts run on the server). */
  actor: Actor | null;
  source: ImportSourceKind;
  content: ImportContent;
  /** The original file name (required for seeds: it is their key). */
  fileName?: string | null;
  /** The address a page was fetched from (source "url"). */
  fetchedUrl?: string | null;
  overrides?: ArticleOverrides;
  /** Import even though it resembles an existing claim; it is then linked to that claim. */
  confirmNearDuplicate?: boolean;
  /** Compute everything, check duplicates, write nothing. */
  preview?: boolean;
  requestId?: string | null;
};

/**
 * - created: a new claim (linked to `nearDuplicateOf` when confirmed as one);
 * - updated / unchanged: a seed file imported again, with changed or the same text;
 * - duplicate: the same text is already claim `duplicateOf`; nothing written;
 * - near_duplicate: it resembles `nearDuplicates`; nothing written until confirmed.
 * In a preview, `written` is false and the outcome says what an import would do.
 */
export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'duplicate' | 'near_duplicate';

export type ImportArticleResult = {
  outcome: ImportOutcome;
  written: boolean;
  /** The claim created, updated or left unchanged; the existing claim for a duplicate; null otherwise. */
  claimId: string | null;
  article: PreparedArticle;
  duplicateOf: ClaimRef | null;
  nearDuplicates: DuplicateMatch[];
  /** The best match a confirmed near-duplicate was linked to. */
  nearDuplicateOf: DuplicateMatch | null;
  event: AuditEventRecord | null;
};

// Serialises imports, so two imports of one text cannot both find no duplicate.
// (Imports also take the audit chain lock, later, to append their event.)
const IMPORT_LOCK = 7_310_011;

export async function importArticle(options: ImportArticleOptions): Promise<ImportArticleResult> {
  const { actor } = options;
  if (actor && !canImportArticles(actor)) throw new AppError('forbidden', 'Your role cannot import articles.');
  const seedKey = seedKeyOf(options);
  // Decoding and extraction read what anyone can send: in the worker pool, with a budget.
  const { content, fileName, fetchedUrl, overrides } = options;
  const article = await prepareArticleIsolated({ content, fileName, fetchedUrl, overrides });
  const key = seedKey ?? generatedKey(options, article);
  const base = { article, duplicateOf: null, nearDuplicates: [], nearDuplicateOf: null, event: null };

  if (options.preview) return { ...base, ...(await decide(db, options, key, article)), written: false };

  const result = await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`;
      const decision = await decide(tx, options, key, article);
      const writes = decision.outcome === 'created' || (decision.outcome === 'updated' && decision.existing !== undefined);
      if (!writes) return { ...base, ...decision, claim: null, grouped: null, figures: null, written: false };
      // Grouping changes stories: their lock comes before the audit chain's (lib/stories/desk/lock.ts).
      await lockStories(tx);
      if (decision.outcome === 'updated' && decision.existing) {
        // An existing article's figures are locked before the audit chain (lib/figures/desk/lock.ts).
        await lockClaimFigures(tx, decision.existing.id);
        const { claim, event } = await updateSeedClaim(tx, options, decision.existing, article);
        const grouped = await group(tx, options, claim, article);
        // Figures after the edit move with their text, then the new text is read (matched by span).
        await shiftFigureSpans(tx, claim.id, decision.existing.body, claim.body);
        const figures = await extract(tx, options, claim);
        return { ...base, ...decision, claim, event, grouped, figures, written: true };
      }
      const best = decision.nearDuplicates[0] ?? null;
      const { claim, event } = await createClaim(tx, options, key, article, best);
      const grouped = await group(tx, options, claim, article);
      const figures = await extract(tx, options, claim);
      return { ...base, ...decision, claimId: claim.id, nearDuplicateOf: best, claim, event, grouped, figures, written: true };
    },
    { timeout: 15_000 },
  );

  const { claim: _claim, grouped: _grouped, figures: _figures, existing: _existing, ...answer } = result;
  if (result.grouped) {
    // Three changes, in sequence order: the import, the grouping (with the
    // stories and claims it changed), then the figures (as they are now).
    const { grouped, claim, figures } = result;
    const summary = grouped.claims.find((c) => c.id === claim.id) ?? toClaimSummary(claim);
    publishChange(result.event, { claim: summary });
    publishChange(grouped.event, { claim: summary, stories: grouped.stories, claims: grouped.claims });
    publishChange(figures.event, { claim: summary, figures: figures.figures, ...removed(figures) });
  }
  return answer;
}

const removed = (r: ExtractClaimFiguresResult) => (r.removedFigureIds.length > 0 ? { removedFigureIds: r.removedFigureIds } : {});

/** The figures of the claim just written, read from its body as stored (new text: matched again by span). */
function extract(tx: Tx, options: ImportArticleOptions, claim: Claim): Promise<ExtractClaimFiguresResult> {
  return extractClaimFigures(tx, {
    claimId: claim.id,
    body: claim.body,
    language: claim.language,
    publishedAt: claim.publishedAt,
    actor: options.actor,
    requestId: options.requestId ?? null,
  });
}

/** Groups the claim just written by its body without boilerplate (never evidence) and its published day as stored. */
function group(tx: Tx, options: ImportArticleOptions, claim: Claim, article: PreparedArticle): Promise<GroupArticleResult> {
  return groupArticle(tx, {
    claimId: claim.id,
    body: article.body,
    language: article.language,
    publishedAt: claim.publishedAt,
    actor: options.actor,
    requestId: options.requestId ?? null,
  });
}

type Decision = Pick<ImportArticleResult, 'outcome' | 'claimId' | 'duplicateOf' | 'nearDuplicates'> & { existing?: Claim };

/** What an import would do, read inside the caller's transaction (or on the pool, for a preview). */
async function decide(tx: Tx, options: ImportArticleOptions, sourceKey: string, article: PreparedArticle): Promise<Decision> {
  const none = { duplicateOf: null, nearDuplicates: [] };
  const existing = await tx.claim.findUnique({ where: { sourceKey } });
  if (existing && options.source === 'seed') {
    // A seed file names its claim: its new text updates it, duplicates or not.
    return existing.contentHash === article.contentHash
      ? { outcome: 'unchanged', claimId: existing.id, ...none }
      : { outcome: 'updated', claimId: existing.id, existing, ...none };
  }
  if (existing) return { outcome: 'duplicate', claimId: existing.id, duplicateOf: { claimId: existing.id, title: existing.title }, nearDuplicates: [] };

  const duplicateOf = await findExactDuplicate(tx, article.fingerprint);
  if (duplicateOf) return { outcome: 'duplicate', claimId: duplicateOf.claimId, duplicateOf, nearDuplicates: [] };

  const nearDuplicates = await findNearDuplicates(tx, article.fingerprint);
  if (nearDuplicates.length > 0 && !options.confirmNearDuplicate) return { outcome: 'near_duplicate', claimId: null, duplicateOf: null, nearDuplicates };
  return { outcome: 'created', claimId: null, duplicateOf: null, nearDuplicates };
}

function claimText(options: ImportArticleOptions, article: PreparedArticle) {
  return {
    title: article.title,
    body: article.body,
    boilerplate: article.boilerplate,
    language: article.language,
    languageConfidence: article.languageConfidence,
    languageFrom: article.languageFrom,
    contentHash: article.contentHash,
    searchText: article.searchText,
    outlet: article.outlet,
    byline: article.byline,
    articleUrl: article.articleUrl,
    publishedAt: article.publishedAt,
    publishedAtSource: publishedAtSource(options.source, article.publishedAtFrom),
  };
}

function sourceRow(options: ImportArticleOptions, article: PreparedArticle) {
  const { source } = article;
  return {
    kind: options.source,
    name: options.fileName ?? options.fetchedUrl ?? null,
    mediaType: source.format,
    encoding: source.encoding,
    byteLength: source.byteLength,
    sha256: source.sha256,
    original: Uint8Array.from(source.original),
  };
}

function actorFields(options: ImportArticleOptions) {
  const envelope = options.actor ? { actorId: options.actor.id, actorLabel: options.actor.email } : SYSTEM_ACTOR;
  return { ...envelope, requestId: options.requestId ?? null };
}

async function createClaim(tx: Tx, options: ImportArticleOptions, sourceKey: string, article: PreparedArticle, nearDuplicateOf: DuplicateMatch | null) {
  const claim = await tx.claim.create({
    data: {
      sourceKey,
      ...claimText(options, article),
      nearDuplicateOfId: nearDuplicateOf?.claimId ?? null,
      nearDuplicateSimilarity: nearDuplicateOf?.similarity ?? null,
    },
  });
  await saveFingerprint(tx, claim.id, article.fingerprint);
  const source = sourceRow(options, article);
  await tx.articleSource.create({ data: { claimId: claim.id, ...source } });
  const event = await appendAuditEvent(tx, {
    ...actorFields(options),
    action: 'article.imported',
    claimId: claim.id,
    after: {
      sourceKey: claim.sourceKey,
      title: claim.title,
      language: claim.language,
      languageConfidence: article.languageConfidence,
      contentHash: claim.contentHash,
      source: {
        kind: source.kind,
        name: source.name,
        mediaType: source.mediaType,
        encoding: source.encoding,
        byteLength: source.byteLength,
        sha256: source.sha256,
      },
      nearDuplicateOf: nearDuplicateOf ? { claimId: nearDuplicateOf.claimId, similarity: nearDuplicateOf.similarity } : null,
    },
  });
  return { claim, event };
}

/** A seed file's text changed: new text, never a new status or verdict. */
async function updateSeedClaim(tx: Tx, options: ImportArticleOptions, existing: Claim, article: PreparedArticle) {
  const claim = await tx.claim.update({ where: { id: existing.id }, data: { ...claimText(options, article), version: { increment: 1 } } });
  await saveFingerprint(tx, claim.id, article.fingerprint);
  const source = sourceRow(options, article);
  await tx.articleSource.upsert({ where: { claimId: claim.id }, create: { claimId: claim.id, ...source }, update: { ...source, importedAt: new Date() } });
  const event = await appendAuditEvent(tx, {
    ...actorFields(options),
    action: 'claim.updated',
    claimId: claim.id,
    before: { title: existing.title, language: existing.language, contentHash: existing.contentHash, version: existing.version },
    after: { title: claim.title, language: claim.language, contentHash: claim.contentHash, version: claim.version },
  });
  return { claim, event };
}

/** Seeds are keyed by file name (checked before anything is read); anything else by how it came and what its bytes were. */
function seedKeyOf(options: ImportArticleOptions): string | null {
  if (options.source !== 'seed') return null;
  const key = seedSourceKey(options.fileName ?? '');
  if (key === null) {
    throw importRefusal(
      'invalid_name',
      `A seed file needs a name of letters, digits, "_", "." or "-" ending in ".txt", not ${JSON.stringify(options.fileName ?? '')}.`,
    );
  }
  return key;
}

function generatedKey(options: ImportArticleOptions, article: PreparedArticle): string {
  // The same bytes sent the same way again find their claim by this key alone.
  return `${options.source}-${article.source.sha256.slice(0, 20)}`;
}
