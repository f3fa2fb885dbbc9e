// The pure half of importing an article: from the bytes or text as received to
// every field stored for it (decode → extract → title, language, boilerplate,
// fingerprint), or one refusal. No I/O; lib/claims/import-article.ts does
// the duplicate checks and the writes.
import 'server-only';
import { createHash } from 'node:crypto';
import { articleOverridesSchema, type ArticleOverrides } from '../validation/articles';
import { parseOrThrow } from '../errors';
import { unstorableTextReason } from '../validation/text';
import { decodeBytes } from './decode-bytes';
import { deriveTitle } from './derive-title';
import { detectLanguage } from './detect-language';
import { extractHtml } from './extract-html';
import { type Fingerprint, fingerprint } from './fingerprint';
import { importRefusal } from './import-refusal';
import { normalizeForSearch } from './normalize-search';
import { splitBoilerplate } from './split-boilerplate';

/** The largest original the pipeline reads (a fetched page may be 5 MB; uploads are held to less at the edge). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Fewer letters than this is not an article (a stray paste, a heading alone). */
export const MIN_ARTICLE_LETTERS = 20;

export type ImportContent =
  /** A file's bytes, as uploaded or fetched, with its Content-Type when there is one. */
  | { bytes: Uint8Array; mediaType?: string | null }
  /** Text typed, pasted or sent as JSON; `html` when it is a page's markup. */
  | { text: string; format?: 'text' | 'html' };

export type PrepareArticleOptions = {
  content: ImportContent;
  /** The original file name, when the article came as a file. */
  fileName?: string | null;
  /** Where the page was fetched from: the article's address unless the page names its canonical one. */
  fetchedUrl?: string | null;
  overrides?: ArticleOverrides;
};

export type ArticleFormat = 'text/plain' | 'text/markdown' | 'text/html';

export type PreparedArticle = {
  title: string;
  /** The stored text minus trailing boilerplate: `body + (boilerplate ?? '') === text`. */
  body: string;
  boilerplate: string | null;
  language: string;
  languageConfidence: number;
  /** Who named the language: the importer, the detector, or the page (when the detector could not tell). */
  languageFrom: 'override' | 'detected' | 'declared';
  outlet: string | null;
  byline: string | null;
  articleUrl: string | null;
  publishedAt: Date | null;
  /** Who gave publishedAt: the importer's correction, the page's metadata, or nobody (null date). */
  publishedAtFrom: 'override' | 'page' | null;
  /** sha256 hex of the stored text (body + boilerplate), as for seed files. */
  contentHash: string;
  searchText: string;
  fingerprint: Fingerprint;
  source: {
    format: ArticleFormat;
    /** WHATWG name of the encoding the original was read with. */
    encoding: string;
    byteLength: number;
    /** sha256 hex of the original bytes (for text, of its UTF-8). */
    sha256: string;
    original: Uint8Array;
  };
};

const TEXT_EXTENSIONS: Readonly<Record<string, ArticleFormat>> = {
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'text/html',
};
const MEDIA_TYPES: Readonly<Record<string, ArticleFormat>> = {
  'text/plain': 'text/plain',
  'text/markdown': 'text/markdown',
  'text/x-markdown': 'text/markdown',
  'text/html': 'text/html',
  'application/xhtml+xml': 'text/html',
};
// Types that say nothing about the content: decide by the name, then by sniffing.
const UNTYPED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

export function prepareArticle(options: PrepareArticleOptions): PreparedArticle {
  const overrides = parseOrThrow(articleOverridesSchema, options.overrides ?? {});
  const { text, format, encoding, original } = readContent(options);

  const page = format === 'text/html' ? extractHtml(text) : null;
  const stored = page ? page.text : text;
  const { body, boilerplate } = splitBoilerplate(stored);

  const letters = body.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_ARTICLE_LETTERS) {
    throw importRefusal(
      'too_short',
      `It is too short to be an article: it has ${letters} letter${letters === 1 ? '' : 's'}, and an article needs at least ${MIN_ARTICLE_LETTERS}.`,
    );
  }

  // Boilerplate only ever trails, but using the body keeps widget text out of both guesses.
  const title = overrides.headline ?? page?.headline ?? deriveTitle(body);
  const language = chooseLanguage(body, overrides.language, page?.language ?? null);
  return {
    title,
    body,
    boilerplate,
    ...language,
    outlet: overrides.outlet ?? page?.outlet ?? null,
    byline: page?.byline ?? null,
    articleUrl: overrides.url ?? page?.url ?? options.fetchedUrl ?? null,
    ...publishedDate(overrides.publishedAt, page?.publishedAt ?? null),
    contentHash: sha256(stored),
    searchText: normalizeForSearch(`${title} ${body}`),
    fingerprint: fingerprint(body),
    source: { format, encoding, byteLength: original.length, sha256: sha256(original), original },
  };
}

function publishedDate(override: string | undefined, fromPage: Date | null): Pick<PreparedArticle, 'publishedAt' | 'publishedAtFrom'> {
  if (override) return { publishedAt: new Date(override), publishedAtFrom: 'override' };
  return fromPage ? { publishedAt: fromPage, publishedAtFrom: 'page' } : { publishedAt: null, publishedAtFrom: null };
}

type Content = { text: string; format: ArticleFormat; encoding: string; original: Uint8Array };

function readContent({ content, fileName }: PrepareArticleOptions): Content {
  if ('text' in content) {
    const original = new TextEncoder().encode(content.text);
    checkSize(original.length);
    if (content.text.trim() === '') throw importRefusal('empty', 'It is empty: there is no text to import.');
    refuseUnstorable(content.text);
    return { text: content.text, format: content.format === 'html' ? 'text/html' : 'text/plain', encoding: 'utf-8', original };
  }
  const { bytes } = content;
  checkSize(bytes.length);
  const declared = declaredFormat(content.mediaType, fileName);
  const decoded = decodeBytes(bytes, { contentType: content.mediaType, html: declared !== 'text/plain' && declared !== 'text/markdown' });
  const format = declared ?? (looksLikeHtml(decoded.text) ? 'text/html' : 'text/plain');
  refuseUnstorable(decoded.text);
  return { text: decoded.text, format, encoding: decoded.encoding, original: bytes };
}

function checkSize(bytes: number) {
  if (bytes > MAX_IMPORT_BYTES) {
    throw importRefusal(
      'too_large',
      `It is too large to import: ${(bytes / 1024 / 1024).toFixed(1)} MB, and the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
    );
  }
}

function refuseUnstorable(text: string) {
  if (unstorableTextReason(text) === null) return;
  const at = text.indexOf('\u0000');
  throw importRefusal(
    'unstorable',
    at >= 0
      ? `It contains a NUL character (U+0000) at character ${at}, which text cannot hold.`
      : 'It is not valid Unicode: it contains an unpaired surrogate.',
  );
}

/** The format the media type or the file name states; null when neither says. */
function declaredFormat(mediaType: string | null | undefined, fileName: string | null | undefined): ArticleFormat | null {
  const type = (mediaType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!UNTYPED.has(type)) {
    const format = MEDIA_TYPES[type];
    if (!format) throw importRefusal('unsupported_type', `Only text and HTML can be imported, and this is ${type}.`);
    return format;
  }
  const extension = /\.([^./\\]+)$/u.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (extension === undefined) return null;
  const format = TEXT_EXTENSIONS[extension];
  if (!format) throw importRefusal('unsupported_type', `Only .txt, .md and .html files can be imported, and this is a .${extension} file.`);
  return format;
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>])/iu.test(text.slice(0, 2048));
}

function chooseLanguage(
  body: string,
  override: string | undefined,
  declared: string | null,
): Pick<PreparedArticle, 'language' | 'languageConfidence' | 'languageFrom'> {
  if (override) return { language: override, languageConfidence: 1, languageFrom: 'override' };
  const detected = detectLanguage(body);
  // Pages often keep a template's lang="en": the declaration only speaks when the detector cannot.
  if (declared && detected.language === 'und') return { language: declared, languageConfidence: 0.5, languageFrom: 'declared' };
  // Two independent signals agreeing are worth more than either.
  const confidence = declared === detected.language ? Math.max(detected.confidence, 0.95) : detected.confidence;
  return { language: detected.language, languageConfidence: confidence, languageFrom: 'detected' };
}
