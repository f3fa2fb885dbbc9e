// A batch of articles through the one import pipeline (importArticle), as
// POST /api/articles receives them: pasted or sent text, uploaded files and
// URLs, each with its own outcome in the order given. An article the pipeline
// refuses (empty, binary, too short, a failed fetch…) is a `refused` outcome
// with its reason and one sentence; any other error stops the batch.
import 'server-only';
import { type Actor, canImportArticles } from '../auth/permissions';
import { checkUpload, uploadName } from '../articles/check-upload';
import type { FormFile } from '../http/read-article-form';
import { type FetchedPage, fetchArticle } from '../articles/fetch-article';
import { importRefusalReason } from '../articles/import-refusal';
import type { ImportContent } from '../articles/prepare-article';
import { AppError } from '../errors';
import type { ArticleImportOutcome, ArticleOverrides, ImportSourceKind } from '../validation/articles';
import { refusedOutcome, toArticleImportOutcome } from './article-import-dto';
import { type ImportArticleOptions, importArticle } from './import-article';

type Common = { overrides?: ArticleOverrides; confirmNearDuplicate?: boolean };

export type ImportItem =
  | (Common & { kind: 'text'; source: 'paste' | 'api'; text: string; format?: 'text' | 'html'; name?: string | null })
  /** An uploaded file (lib/http/read-article-form.ts), imported only once its name and size pass (lib/articles/check-upload.ts). */
  | (Common & { kind: 'upload'; file: FormFile })
  | (Common & { kind: 'url'; url: string });

export type ImportArticlesOptions = {
  actor: Actor;
  items: readonly ImportItem[];
  preview?: boolean;
  requestId?: string | null;
};

// Pages fetched ahead of the one being imported: a batch of URLs waits for the
// slowest few, not for each in turn, and holds at most this many pages.
const FETCH_AHEAD = 4;

type Fetched = { ok: true; page: FetchedPage } | { ok: false; error: unknown };

export async function importArticles({ actor, items, preview = false, requestId = null }: ImportArticlesOptions): Promise<ArticleImportOutcome[]> {
  if (!canImportArticles(actor)) throw new AppError('forbidden', 'Your role cannot import articles.');
  const fetches = new Map<number, Promise<Fetched>>();
  const startFetch = (i: number) => {
    const item = items[i];
    if (item?.kind !== 'url' || fetches.has(i)) return;
    fetches.set(
      i,
      fetchArticle(item.url).then(
        (page): Fetched => ({ ok: true, page }),
        (error: unknown): Fetched => ({ ok: false, error }),
      ),
    );
  };

  const outcomes: ArticleImportOutcome[] = [];
  for (const [index, item] of items.entries()) {
    for (let ahead = index; ahead < index + FETCH_AHEAD; ahead++) startFetch(ahead);
    const name = nameOf(item);
    try {
      const source = await sourceOf(item, fetches.get(index));
      const result = await importArticle({
        actor,
        ...source,
        overrides: item.overrides,
        confirmNearDuplicate: item.confirmNearDuplicate ?? false,
        preview,
        requestId,
      });
      outcomes.push(toArticleImportOutcome(index, name, result));
    } catch (e) {
      const reason = importRefusalReason(e);
      if (reason === null || !(e instanceof Error)) throw e;
      outcomes.push(refusedOutcome(index, name, reason, e.message));
    } finally {
      fetches.delete(index);
    }
  }
  return outcomes;
}

function nameOf(item: ImportItem): string | null {
  if (item.kind === 'upload') return uploadName(item.file.name);
  if (item.kind === 'url') return item.url;
  return item.name ?? null;
}

type Source = Pick<ImportArticleOptions, 'source' | 'content' | 'fileName' | 'fetchedUrl'> & { source: ImportSourceKind; content: ImportContent };

async function sourceOf(item: ImportItem, fetched: Promise<Fetched> | undefined): Promise<Source> {
  switch (item.kind) {
    case 'text':
      return { source: item.source, content: { text: item.text, format: item.format ?? 'text' }, fileName: item.name ?? null };
    case 'upload': {
      const fileName = uploadName(item.file.name);
      const mediaType = checkUpload(fileName, item.file.size, item.file.type || null);
      // checkUpload refuses every file read without its bytes (over the size limit).
      if (!item.file.bytes) throw new AppError('internal', 'An upload over the size limit was not refused.');
      return { source: 'upload', content: { bytes: item.file.bytes, mediaType }, fileName };
    }
    case 'url': {
      const result = await (fetched ?? fetchArticle(item.url).then((page): Fetched => ({ ok: true, page })));
      if (!result.ok) throw result.error;
      return { source: 'url', content: { bytes: result.page.bytes, mediaType: result.page.mediaType }, fileName: null, fetchedUrl: result.page.finalUrl };
    }
  }
}
