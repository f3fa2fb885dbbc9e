// Separates a trailing block of unrelated scraped headlines ("more news" widgets) from an article.
import 'server-only';
import { normalizeForSearch } from './normalize-search';
import { isFooterLine, isShareTarget } from './page-footer';

export type BoilerplateSplit = {
  /** Everything before the block, byte-for-byte (it keeps its trailing newline). */
  body: string;
  /** The block from the start of its first line to the end of the text, or null. */
  boilerplate: string | null;
};

/** A headline-like line is shorter than this. Real paragraphs rarely are. */
const MAX_LINE_LENGTH = 120;
/** Fewer lines than this is a credit or sign-off ("Reporting by …"), not a widget. */
const MIN_RUN = 3;
/** A line sharing less than this fraction of its content words with the article is off-topic. */
const LOW_OVERLAP = 0.3;
/** At least this fraction of the block must carry evidence (truncated or off-topic). */
const MIN_EVIDENCE = 2 / 3;

// Scrapers truncate widget headlines with "..." or "…", sometimes after a space.
const TRUNCATED = /(\.\.\.|…)\s*$/u;
// Sentence punctuation at the end of a line means prose, unless it is a truncation.
const SENTENCE_END = /[.!?:;]$/u;
const TRAILING_CLOSERS = /["'”’»)\]]+$/u;

// Function words long enough to pass the 4-letter filter, in the languages we ingest.
// Without them every English line "overlaps" with every English article.
const STOPWORDS = new Set([
  // English
  'that',
  'this',
  'with',
  'from',
  'have',
  'been',
  'were',
  'they',
  'them',
  'their',
  'there',
  'will',
  'would',
  'could',
  'should',
  'when',
  'which',
  'what',
  'while',
  'whilst',
  'about',
  'after',
  'before',
  'into',
  'over',
  'than',
  'then',
  'also',
  'more',
  'most',
  'some',
  'such',
  'only',
  'other',
  'said',
  'says',
  'your',
  'does',
  'just',
  'again',
  'very',
  'here',
  'where',
  'these',
  'those',
  'because',
  'being',
  'still',
  'under',
  'since',
  'against',
  // Portuguese / Spanish
  'para',
  'como',
  'pelo',
  'pela',
  'pelos',
  'pelas',
  'mais',
  'esta',
  'este',
  'isso',
  'esse',
  'essa',
  'sobre',
  'entre',
  'depois',
  'quando',
  'ainda',
  'pero',
  'desde',
  'todos',
  'tambem',
  'porque',
  'sido',
  'foram',
  'estan',
  // Bulgarian / Russian
  'като',
  'след',
  'според',
  'което',
  'които',
  'който',
  'която',
  'това',
  'тази',
  'този',
  'един',
  'една',
  'през',
  'между',
  'само',
  'также',
  'когда',
  'после',
]);

type Line = {
  start: number;
  text: string;
};

/**
 * Splits off a trailing block of scraped headlines.
 *
 * Rule: scanning up from the end (blank lines skipped), collect the run of
 * headline-like lines: shorter than 120 characters and either truncated ("...",
 * "…") or free of final sentence punctuation. The block starts at its first
 * line that carries evidence of being foreign (truncated, or sharing < 30% of
 * its content words with the text above the run). It is boilerplate only if it
 * has at least 3 lines and at least two thirds of them carry that evidence.
 *
 * Guarantee: `body + (boilerplate ?? '') === text`. The block begins at the
 * first character of its first line, so `body` keeps the newline(s) before it.
 */
export function splitBoilerplate(text: string): BoilerplateSplit {
  // Comment forms and share bars close a page: they go first, then the widgets above them.
  const footerStart = trailingFooterStart(text);
  const rest = splitHeadlineBlock(text.slice(0, footerStart));
  if (footerStart === text.length) return rest;
  return { body: rest.body, boilerplate: (rest.boilerplate ?? '') + text.slice(footerStart) };
}

/**
 * Where the trailing run of comment-form and share-bar lines starts (blank
 * lines skipped), or `text.length` when the text does not end with one. A run
 * of share buttons counts only when a footer label is part of it.
 */
function trailingFooterStart(text: string): number {
  const lines = splitLines(text).filter((line) => line.text.trim() !== '');
  let start = text.length;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    // Buttons below a label move nothing by themselves; the label above them does.
    if (line === undefined || !(isFooterLine(line.text) || isShareTarget(line.text))) break;
    if (isFooterLine(line.text)) start = line.start;
  }
  return start;
}

function splitHeadlineBlock(text: string): BoilerplateSplit {
  const none: BoilerplateSplit = { body: text, boilerplate: null };
  const lines = splitLines(text).filter((line) => line.text.trim() !== '');

  let runStart = lines.length;
  while (runStart > 0 && isHeadlineLike(lines[runStart - 1]?.text ?? '')) runStart--;
  const firstRunLine = lines[runStart];
  // An article made only of short lines has nothing to compare against; leave it alone.
  if (runStart === 0 || firstRunLine === undefined) return none;

  const articleWords = new Set(contentWords(text.slice(0, firstRunLine.start)));
  const run = lines.slice(runStart);
  const evidence = run.map((line) => isTruncated(line.text) || overlap(line.text, articleWords) < LOW_OVERLAP);

  // Leading lines without evidence (a short closing line of the article itself) stay in the body.
  const firstForeign = evidence.indexOf(true);
  if (firstForeign === -1) return none;
  const block = run.slice(firstForeign);
  const blockEvidence = evidence.slice(firstForeign).filter(Boolean).length;
  const blockStart = block[0]?.start;

  if (blockStart === undefined || block.length < MIN_RUN) return none;
  if (blockEvidence / block.length < MIN_EVIDENCE) return none;
  return { body: text.slice(0, blockStart), boilerplate: text.slice(blockStart) };
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    lines.push({ start, text: raw });
    start += raw.length + 1;
  }
  return lines;
}

function isTruncated(line: string): boolean {
  return TRUNCATED.test(line);
}

function isHeadlineLike(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length >= MAX_LINE_LENGTH) return false;
  if (isTruncated(trimmed)) return true;
  return !SENTENCE_END.test(trimmed.replace(TRAILING_CLOSERS, ''));
}

/** Folded words of 4+ letters that are not function words: a cheap, language-agnostic notion of "content". */
function contentWords(text: string): string[] {
  const words = normalizeForSearch(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => word.length >= 4 && /\p{L}/u.test(word) && !STOPWORDS.has(word));
}

/** Fraction of the line's distinct content words that also occur in the article. */
function overlap(line: string, articleWords: ReadonlySet<string>): number {
  const words = new Set(contentWords(line));
  if (words.size === 0) return 0;
  let shared = 0;
  for (const word of words) if (articleWords.has(word)) shared++;
  return shared / words.size;
}
