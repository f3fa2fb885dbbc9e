// What a news page says about itself: JSON-LD (schema.org NewsArticle and
// kin) first, then OpenGraph / article: meta tags, then plain <meta> and
// <html lang>. Only read, never trusted for more than a default the editor can
// correct; every value is length-capped and single-line.
import 'server-only';

export type PageMetadata = {
  headline: string | null;
  byline: string | null;
  publishedAt: Date | null;
  /** Declared language, ISO 639 primary subtag ("pt" for pt-BR / pt_BR). */
  language: string | null;
  outlet: string | null;
  /** The page's canonical http(s) address. */
  url: string | null;
  direction: 'rtl' | 'ltr' | null;
};

type QueryRoot = {
  querySelector(selector: string): { getAttribute(name: string): string | null; textContent: string | null } | null;
  querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }>;
  documentElement: { getAttribute(name: string): string | null } | null;
};

const ARTICLE_TYPES = new Set([
  'NewsArticle',
  'Article',
  'ReportageNews',
  'AnalysisNewsArticle',
  'BackgroundNewsArticle',
  'OpinionNewsArticle',
  'ReviewNewsArticle',
  'BlogPosting',
  'LiveBlogPosting',
  'Report',
  'ScholarlyArticle',
  'SocialMediaPosting',
]);
// Codes withdrawn from ISO 639-1 that old pages still declare.
const RETIRED_CODES: Readonly<Record<string, string>> = { iw: 'he', in: 'id', ji: 'yi', jw: 'jv', mo: 'ro' };
const MAX = { headline: 500, byline: 300, outlet: 200, url: 2_000 } as const;

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readPageMetadata(doc: QueryRoot): PageMetadata {
  const ld = articleFromJsonLd(doc);
  const meta = (selector: string) => doc.querySelector(selector)?.getAttribute('content') ?? null;
  const html = doc.documentElement;

  const headline =
    line(ld ? (text(ld.headline) ?? text(ld.name)) : null, MAX.headline) ??
    line(meta('meta[property="og:title"]'), MAX.headline) ??
    line(meta('meta[name="twitter:title"]'), MAX.headline);
  const byline =
    line(ld ? names(ld.author) : null, MAX.byline) ??
    line(meta('meta[name="author"]'), MAX.byline) ??
    line(meta('meta[property="article:author"]'), MAX.byline);
  const publishedAt =
    date(ld ? text(ld.datePublished) : null) ??
    date(meta('meta[property="article:published_time"]')) ??
    date(meta('meta[itemprop="datePublished"]')) ??
    date(meta('meta[name="date"]') ?? meta('meta[name="pubdate"]') ?? meta('meta[name="publishdate"]')) ??
    // A page without date metadata often still marks its dateline: the article's first <time datetime>.
    date(doc.querySelector('article time[datetime], time[pubdate][datetime], time[datetime]')?.getAttribute('datetime') ?? null);
  const language =
    languageCode(ld ? (text(ld.inLanguage) ?? names(ld.inLanguage)) : null) ??
    languageCode(html?.getAttribute('lang') ?? null) ??
    languageCode(meta('meta[http-equiv="content-language" i]')) ??
    languageCode(meta('meta[property="og:locale"]'));
  const outlet = line(ld ? names(ld.publisher) : null, MAX.outlet) ?? line(meta('meta[property="og:site_name"]'), MAX.outlet);
  const url =
    httpUrl(doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null) ??
    httpUrl(meta('meta[property="og:url"]')) ??
    httpUrl(ld ? (text(ld.url) ?? idOf(ld.mainEntityOfPage)) : null);
  const dir = html?.getAttribute('dir')?.toLowerCase();
  return { headline, byline, publishedAt, language, outlet, url, direction: dir === 'rtl' || dir === 'ltr' ? dir : null };
}

/** The first schema.org article node in the page's JSON-LD blocks (arrays and @graph included). */
function articleFromJsonLd(doc: QueryRoot): JsonObject | null {
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json" i]'))) {
    let data: unknown;
    try {
      data = JSON.parse(script.textContent ?? '');
    } catch {
      continue; // a broken block is the page's problem, not a reason to refuse the article
    }
    const found = findArticle(data, 0);
    if (found) return found;
  }
  return null;
}

function findArticle(node: unknown, depth: number): JsonObject | null {
  if (depth > 4) return null;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findArticle(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (!isObject(node)) return null;
  const obj = node;
  const types = ([] as unknown[]).concat(obj['@type'] ?? []);
  if (types.some((t) => typeof t === 'string' && ARTICLE_TYPES.has(t))) return obj;
  return findArticle(obj['@graph'], depth + 1);
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** "A", { name: "A" }, or a list of either: joined with ", ". */
function names(value: unknown): string | null {
  const list = ([] as unknown[]).concat(value ?? []);
  const parts = list
    .map((v) => (typeof v === 'string' ? v : isObject(v) ? (text(v.name) ?? text(v.alternateName)) : null))
    .filter((v): v is string => Boolean(v?.trim()));
  return parts.length ? parts.join(', ') : null;
}

function idOf(value: unknown): string | null {
  return text(value) ?? (isObject(value) ? text(value['@id']) : null);
}

function line(value: string | null, max: number): string | null {
  const collapsed = value?.replace(/\s+/gu, ' ').trim();
  if (!collapsed) return null;
  return collapsed.length > max ? collapsed.slice(0, max) : collapsed;
}

function date(value: string | null): Date | null {
  if (!value?.trim()) return null;
  const parsed = new Date(value.trim());
  const year = parsed.getUTCFullYear();
  // A page's date field sometimes holds "0000-00-00" or a template's far future.
  return Number.isNaN(parsed.getTime()) || year < 1900 || parsed.getTime() > Date.now() + 86_400_000 ? null : parsed;
}

function languageCode(value: string | null): string | null {
  const primary = value?.trim().toLowerCase().split(/[-_]/u)[0];
  if (!primary || !/^[a-z]{2,3}$/u.test(primary)) return null;
  return RETIRED_CODES[primary] ?? primary;
}

function httpUrl(value: string | null): string | null {
  if (!value?.trim() || value.length > MAX.url) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
