// POST /api/articles: import articles from a script, a feed or the Add articles
// page. JSON (text or URLs) or multipart/form-data (files); one outcome per
// article, in order (lib/validation/articles.ts).
import { type ArticleForm, readArticleForm } from '@/lib/http/read-article-form';
import { takeImportSlot } from '@/lib/articles/import-slots';
import { canImportArticles } from '@/lib/auth/permissions';
import { type ImportItem, importArticles } from '@/lib/claims/import-articles';
import { AppError, parseOrThrow } from '@/lib/errors';
import { apiRoute, readJson } from '@/lib/http/api-route';
import {
  type ArticleImportOutcome,
  type ArticleImportResponse,
  MAX_ARTICLES_PER_REQUEST,
  MAX_JSON_REQUEST_BYTES,
  OVERRIDE_FIELDS,
  articlesFormFieldsSchema,
  articlesJsonRequestSchema,
} from '@/lib/validation/articles';

export const dynamic = 'force-dynamic';

type Parsed = { preview: boolean; items: ImportItem[] };

export const POST = apiRoute(async ({ req, actor, requestId }): Promise<ArticleImportResponse> => {
  // Before reading up to 100 MB of someone who may not import at all.
  if (!canImportArticles(actor)) throw new AppError('forbidden', 'Your role cannot import articles.');
  const [type = ''] = (req.headers.get('content-type') ?? '').split(';').map((s) => s.trim().toLowerCase());
  if (type !== 'application/json' && type !== 'multipart/form-data') {
    throw new AppError('invalid_input', 'Send the articles as application/json or as multipart/form-data.');
  }
  // Held from the first byte read to the last article parsed: one account, few heavy imports at once.
  const slot = takeImportSlot(actor.id);
  try {
    let parsed: Parsed;
    if (type === 'application/json') parsed = parseJson(await readJson(req, MAX_JSON_REQUEST_BYTES));
    else parsed = parseMultipart(await readArticleForm(req));
    const results = await importArticles({ actor, items: parsed.items, preview: parsed.preview, requestId });
    return { preview: parsed.preview, results, counts: countOutcomes(results) };
  } finally {
    slot.release();
  }
});

function parseJson(body: unknown): Parsed {
  const request = parseOrThrow(articlesJsonRequestSchema, body);
  const items = request.articles.map((a): ImportItem => {
    const common = { overrides: a.overrides, confirmNearDuplicate: a.confirmNearDuplicate };
    return 'url' in a ? { kind: 'url', url: a.url, ...common } : { kind: 'text', source: a.source, text: a.text, format: a.format, name: a.name, ...common };
  });
  return { preview: request.preview, items };
}

const fieldError = (field: string, message: string) => new AppError('invalid_input', `${field}: ${message}`, { issues: [{ path: field, message }] });

function parseMultipart({ files, fields }: ArticleForm): Parsed {
  const { preview, confirmNearDuplicate, ...overrides } = parseOrThrow(articlesFormFieldsSchema, fields);
  if (files.length === 0) throw fieldError('file', 'Send at least one file.');
  if (files.length > MAX_ARTICLES_PER_REQUEST) throw fieldError('file', `At most ${MAX_ARTICLES_PER_REQUEST} files per request.`);
  const corrected = OVERRIDE_FIELDS.find((f) => fields[f] !== undefined);
  if (corrected && files.length !== 1) {
    throw fieldError(corrected, 'Corrections (headline, outlet, url, publishedAt, language) apply to one file: send one file per request to set them.');
  }
  return { preview, items: files.map((file): ImportItem => ({ kind: 'upload', file, overrides, confirmNearDuplicate })) };
}

function countOutcomes(results: readonly ArticleImportOutcome[]): ArticleImportResponse['counts'] {
  const counts = { created: 0, updated: 0, unchanged: 0, duplicate: 0, near_duplicate: 0, refused: 0 };
  for (const r of results) counts[r.outcome]++;
  return counts;
}
