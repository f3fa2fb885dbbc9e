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

/**
 * Deeper than this is refused before Readability reads the page: its cost grows
 * with about the cube of the depth (1,500 levels took 22 s). Browsers' parsers
 * stop nesting at 512; real articles stay far below 100.
 */
export const MAX_HTML_DEPTH = 256;
/** More elements than this is refused too: a long news page has a few thousand. */
export const MAX_HTML_ELEMENTS = 50_000;

type DomNode = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<DomNode> };
type ElementNode = { firstElementChild: ElementNode | null; nextElementSibling: ElementNode | null };

export function extractHtml(html: string): ExtractedPage {
  const first = parseHTML(html).document;
  checkShape(first.documentElement);
  const metadata = readPageMetadata(first);

  // Readability changes the tree it reads: give it a document of its own.
  const { document } = parseHTML(html);
  for (const el of [...document.querySelectorAll(FURNITURE)]) el.remove();
  const fallback = blockText(document.body);
  // checkShape has counted already; this keeps Readability to the same bound should that change.
  const readability = new Readability(document, { charThreshold: CHAR_THRESHOLD, maxElemsToParse: MAX_HTML_ELEMENTS, serializer: (node) => blockText(node) });
  const article = readability.parse();
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
 * Refuses a page nested deeper than MAX_HTML_DEPTH or with more than
 * MAX_HTML_ELEMENTS elements. An explicit stack, not recursion: the depth is
 * the attacker's to choose, and the call stack is not.
 */
export function checkShape(root: ElementNode | null): void {
  if (!root) return;
  const stack: [ElementNode, number][] = [[root, 1]];
  let elements = 0;
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [node, depth] = top;
    if (depth > MAX_HTML_DEPTH) throw importRefusal('too_deep', `This page is nested too deeply to read: over ${MAX_HTML_DEPTH} levels.`);
    if (++elements > MAX_HTML_ELEMENTS) {
      throw importRefusal('too_many_elements', `This page has too many elements to read: over ${MAX_HTML_ELEMENTS.toLocaleString('en')}.`);
    }
    for (let child = node.firstElementChild; child; child = child.nextElementSibling) stack.push([child, depth + 1]);
  }
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
  // An explicit stack instead of recursion, so no page is deep enough to overflow
  // the call stack. A block's end is its own entry, pushed before its children.
  type Step = { node: DomNode; pre: boolean } | { end: true };
  const stack: Step[] = [{ node: root, pre: false }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    if ('end' in step) {
      flush();
      continue;
    }
    const { node, pre } = step;
    if (node.nodeType === 3) {
      const text = node.textContent ?? '';
      // U+2028 marks a kept line break until the paragraph's whitespace is collapsed.
      line += pre ? text.replace(/\r?\n/gu, '\u2028') : text;
      continue;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) continue;
    const name = node.nodeName.toUpperCase();
    if (SKIP.has(name)) continue;
    if (name === 'BR') {
      line += '\u2028';
      continue;
    }
    const block = BLOCK.has(name);
    if (block) {
      flush();
      stack.push({ end: true });
    }
    const children = Array.from(node.childNodes);
    for (const child of children.reverse()) stack.push({ node: child, pre: pre || name === 'PRE' });
  }
  flush();
  return paragraphs.length ? `${paragraphs.join('\n\n')}\n` : '';
}

function clean(value: string | null | undefined): string | null {
  const text = value?.replace(/\s+/gu, ' ').trim();
  return text ? text : null;
}
