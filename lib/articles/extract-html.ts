// Extracts an article from an HTML page: its text (one paragraph per block,
// blank lines between) with Mozilla's Readability on linkedom, and its
// headline, byline, date, language and outlet from JSON-LD, OpenGraph and
// <html lang>. linkedom only builds a tree: no script runs, nothing is fetched,
// and JSON-LD is read with JSON.parse.
import 'server-only';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { importRefusal } from './import-refusal';
import { type PageMetadata, readPageMetadata } from './page-metadata';

export type ExtractedPage = PageMetadata & {
  /** The article's text: paragraphs separated by a blank line, ending in a newline. */
  text: string;
};

// Readability gives up below this many characters; news briefs are shorter than its default 500.
const CHAR_THRESHOLD = 200;

// Never text: code, styles, embedded documents and widgets.
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'IFRAME', 'SVG', 'CANVAS', 'OBJECT', 'EMBED', 'BUTTON', 'SELECT', 'TEXTAREA', 'HEAD']);
// Page furniture, removed before Readability reads the page: on a short page it
// would otherwise keep the menu as part of its best guess. Headers and footers
// inside an <article> (bylines, credits) stay.
const FURNITURE = 'nav, aside, [role="navigation"], [role="complementary"], body > header, body > footer, [role="banner"], [role="contentinfo"]';
const BLOCK = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TD',
  'TFOOT',
  'TH',
  'THEAD',
  'TR',
  'UL',
  'BODY',
  'CAPTION',
]);

type DomNode = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<DomNode> };

export function extractHtml(html: string): ExtractedPage {
  const metadata = readPageMetadata(parseHTML(html).document);

  // Readability changes the tree it reads: give it a document of its own.
  const { document } = parseHTML(html);
  for (const el of [...document.querySelectorAll(FURNITURE)]) el.remove();
  const fallback = blockText(document.body);
  const article = new Readability(document, { charThreshold: CHAR_THRESHOLD, serializer: (node) => blockText(node) }).parse();
  const text = article?.content?.trim() ? article.content : fallback;
  if (!text.trim()) throw importRefusal('no_article', 'No article text was found in the page.');
  return {
    ...metadata,
    headline: metadata.headline ?? clean(article?.title),
    byline: metadata.byline ?? clean(article?.byline),
    outlet: metadata.outlet ?? clean(article?.siteName),
    direction: metadata.direction ?? (article?.dir === 'rtl' || article?.dir === 'ltr' ? article.dir : null),
    text,
  };
}

/**
 * The text of a DOM subtree with one paragraph per block element, whitespace
 * collapsed as a browser renders it (except inside <pre>), line breaks kept.
 */
export function blockText(root: DomNode): string {
  const paragraphs: string[] = [];
  let line = '';
  const flush = () => {
    const paragraph = line
      .replace(/[ \t\f\r\n]+/gu, ' ')
      .replace(/ ?\u2028 ?/gu, '\n')
      .trim();
    if (paragraph) paragraphs.push(paragraph);
    line = '';
  };
  const walk = (node: DomNode, pre: boolean) => {
    if (node.nodeType === 3) {
      const text = node.textContent ?? '';
      // U+2028 marks a kept line break until the paragraph's whitespace is collapsed.
      line += pre ? text.replace(/\r?\n/gu, '\u2028') : text;
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const name = node.nodeName.toUpperCase();
    if (SKIP.has(name)) return;
    if (name === 'BR') {
      line += '\u2028';
      return;
    }
    const block = BLOCK.has(name);
    if (block) flush();
    for (const child of Array.from(node.childNodes)) walk(child, pre || name === 'PRE');
    if (block) flush();
  };
  walk(root, false);
  flush();
  return paragraphs.length ? `${paragraphs.join('\n\n')}\n` : '';
}

function clean(value: string | null | undefined): string | null {
  const text = value?.replace(/\s+/gu, ' ').trim();
  return text ? text : null;
}
