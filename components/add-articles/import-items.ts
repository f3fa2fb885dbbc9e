// The articles on the Add articles page, from choosing to their outcome, and
// the request each one becomes: one per file, paste or address (the server
// takes a batch, but one at a time gives each its own progress bar and retry).
import {
  type ArticleImportOutcome,
  type ArticleOverrides,
  MAX_ARTICLES_PER_REQUEST,
  MAX_CONCURRENT_IMPORTS,
  MAX_UPLOAD_FILE_BYTES,
  UPLOAD_EXTENSIONS,
} from '@/lib/validation/articles';

export type ItemSource = { kind: 'file'; file: File } | { kind: 'paste'; text: string; overrides: ArticleOverrides } | { kind: 'url'; url: string };

/**
 * ready: chosen, not previewed yet · previewing / importing: a request in flight ·
 * previewed: its preview is shown · done: imported (or nothing to import) · failed: the request failed.
 */
export type Phase = 'ready' | 'previewing' | 'previewed' | 'importing' | 'done' | 'failed';

export type Item = {
  key: string;
  /** File name, "Pasted text …" or the address. */
  label: string;
  source: ItemSource;
  phase: Phase;
  /** Share of the request body sent, while a request is in flight. */
  progress: number;
  preview: ArticleImportOutcome | null;
  result: ArticleImportOutcome | null;
  error: string | null;
  /** The step whose request failed: "Try again" repeats it. */
  failedAt: 'preview' | 'import' | null;
  /** What the importer corrected in the preview ('' = as detected). */
  title: string;
  language: string;
  /** Outlet, original address and published day (YYYY-MM-DD) as the preview found them, then as the importer edits them; '' = none. */
  outlet: string;
  url: string;
  publishedAt: string;
  confirmNearDuplicate: boolean;
};

/** Values for the whole batch: each fills the articles that have none of their own. */
export type BatchValues = { outlet: string; url: string; publishedAt: string };
export const NO_BATCH_VALUES: BatchValues = { outlet: '', url: '', publishedAt: '' };

/** The article's own values as its preview found them, to start its fields from. */
export function foundValues(article: ArticleImportOutcome['article']): BatchValues {
  return { outlet: article?.outlet ?? '', url: article?.articleUrl ?? '', publishedAt: article?.publishedAt?.slice(0, 10) ?? '' };
}

export const ACCEPTED_EXTENSIONS = UPLOAD_EXTENSIONS.map((ext) => `.${ext}`);
/** The batch: up to 50 files (and pastes and addresses) at a time, as the API takes in one request. */
export const MAX_FILES = MAX_ARTICLES_PER_REQUEST;
/** Requests in flight at once: as many as the server lets one account have (more would be refused with 429). */
export const PARALLEL_REQUESTS = MAX_CONCURRENT_IMPORTS;

let counter = 0;
export function newItem(source: ItemSource, label: string): Item {
  counter += 1;
  return {
    key: `item-${counter}`,
    label,
    source,
    phase: 'ready',
    progress: 0,
    preview: null,
    result: null,
    error: null,
    failedAt: null,
    title: '',
    language: '',
    ...NO_BATCH_VALUES,
    confirmNearDuplicate: false,
  };
}

/** Why the browser will not send this file (the server checks again); null when it may. */
export function fileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext))) return `${file.name}: only .txt, .md, .html and .htm files can be added.`;
  if (file.size > MAX_UPLOAD_FILE_BYTES) {
    return `${file.name}: it is ${(file.size / 1024 / 1024).toFixed(1)} MB, and files are limited to ${MAX_UPLOAD_FILE_BYTES / 1024 / 1024} MB.`;
  }
  return null;
}

/**
 * What the importer changed in the preview, as overrides on top of what the paste stated.
 * Outlet, address and date: the article's own edit, else the batch's value when the article has none.
 */
export function corrections(item: Item, batch: BatchValues = NO_BATCH_VALUES): ArticleOverrides {
  const article = item.preview?.article;
  const out: ArticleOverrides = {};
  if (!article) return out;
  const title = item.title.trim();
  if (title && title !== article.title) out.headline = title;
  if (item.language && item.language !== article.language) out.language = item.language;
  const found = foundValues(article);
  const pick = (field: keyof BatchValues) => {
    const own = item[field].trim();
    if (own) return own === found[field] ? undefined : own;
    return found[field] ? undefined : batch[field].trim() || undefined;
  };
  const outlet = pick('outlet');
  const url = pick('url');
  const publishedAt = pick('publishedAt');
  if (outlet) out.outlet = outlet;
  if (url) out.url = url;
  if (publishedAt) out.publishedAt = publishedAt;
  return out;
}

/** The request body for this item: a preview, or the import with the importer's corrections. */
export function requestBody(item: Item, preview: boolean, batch: BatchValues = NO_BATCH_VALUES): FormData | object {
  const confirm = !preview && item.confirmNearDuplicate;
  const fixes = preview ? {} : corrections(item, batch);
  const { source } = item;
  if (source.kind === 'file') {
    const form = new FormData();
    form.append('file', source.file, source.file.name);
    if (preview) form.append('preview', 'true');
    if (confirm) form.append('confirmNearDuplicate', 'true');
    for (const [field, value] of Object.entries(fixes)) if (typeof value === 'string') form.append(field, value);
    return form;
  }
  const article =
    source.kind === 'paste' ? { text: source.text, source: 'paste', overrides: { ...source.overrides, ...fixes } } : { url: source.url, overrides: fixes };
  return { preview, articles: [{ ...article, ...(confirm ? { confirmNearDuplicate: true } : {}) }] };
}

/** Whether the import step sends this item: it would create a claim, or is a near-duplicate the importer confirmed. */
export function willImport(item: Item): boolean {
  if (item.phase !== 'previewed' || !item.preview) return false;
  return item.preview.outcome === 'created' || (item.preview.outcome === 'near_duplicate' && item.confirmNearDuplicate);
}

/** The outcome to show at the end: the import's answer, else what the preview found (nothing sent). */
export const finalOutcome = (item: Item): ArticleImportOutcome | null => item.result ?? item.preview;

export type Tally = { created: number; duplicate: number; nearDuplicate: number; refused: number; failed: number };

/** Counts over the items: after a preview, what would happen; after the import, what did. */
export function tally(items: Item[], after: 'preview' | 'import'): Tally {
  const t: Tally = { created: 0, duplicate: 0, nearDuplicate: 0, refused: 0, failed: 0 };
  for (const item of items) {
    const outcome = after === 'import' ? finalOutcome(item) : item.preview;
    if (item.phase === 'failed') t.failed += 1;
    else if (!outcome) continue;
    else if (outcome.outcome === 'created') t.created += 1;
    else if (outcome.outcome === 'duplicate' || outcome.outcome === 'unchanged') t.duplicate += 1;
    else if (outcome.outcome === 'near_duplicate') t.nearDuplicate += 1;
    else if (outcome.outcome === 'refused') t.refused += 1;
  }
  return t;
}

/** Runs the tasks, at most `limit` at once, in order of the list. */
export async function inParallel(tasks: (() => Promise<void>)[], limit = PARALLEL_REQUESTS): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}
