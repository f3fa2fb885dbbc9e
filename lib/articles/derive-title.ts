// Derives a display title from raw article text: the headline line if there is one, else the first sentence,
// past datelines, credits, bare dates and lone place names (lib/articles/title-lines.ts).

import 'server-only';
import { isNotTitle, stripDateline } from './title-lines';

/** Longest first line that can still pass as a headline. */
const HEADLINE_MAX_LENGTH = 160;
/** Longest derived title when it comes from a sentence, ellipsis included. */
export const TITLE_MAX_LENGTH = 110;

const ELLIPSIS = '…';

// Characters a headline never ends with: sentence ends, lead-ins (':'), and lists or
// truncations (',', ';', '…'). '?' and '!' are allowed: headlines do ask and exclaim.
const NON_HEADLINE_ENDINGS = /[.:;,…\-–—]$/u;
// Closing quotes/brackets hide the real last character: `said "no."` ends a sentence.
const TRAILING_CLOSERS = /["'”’»)\]]+$/u;

// Abbreviations whose period does not end a sentence (compared lowercased, without the
// period). Kept to the languages we ingest; single letters (initials) are handled apart.
const ABBREVIATIONS = new Set([
  // English titles, ranks, company suffixes and months
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'gen',
  'col',
  'lt',
  'sgt',
  'capt',
  'cmdr',
  'adm',
  'maj',
  'gov',
  'sen',
  'rep',
  'pres',
  'rev',
  'hon',
  'vs',
  'inc',
  'ltd',
  'corp',
  'dept',
  'approx',
  'jan',
  'feb',
  'apr',
  'jun',
  'jul',
  'aug',
  'sept',
  'oct',
  'nov',
  'dec',
  // Portuguese / Spanish (not 'mar': it is also the word for "sea")
  'sra',
  'srta',
  'dra',
  'exmo',
  'exma',
  'nº',
  'pág',
  'pag',
  'ud',
  'uds',
  'sres',
  // Bulgarian / Russian
  'гр',
  'ул',
  'проф',
  'ген',
  'напр',
  'вж',
  'стр',
]);

/**
 * Returns a title for the article: its first line when that reads as a headline,
 * otherwise its first sentence, shortened at a word boundary to at most
 * TITLE_MAX_LENGTH characters with a trailing "…". Whitespace runs (including the
 * non-breaking spaces scrapers leave behind) are collapsed to single spaces.
 * Returns '' for text without a letter or digit.
 */
export function deriveTitle(text: string): string {
  const lines = text
    .split(/\r?\n/u)
    .map(collapseWhitespace)
    // Separator lines ("***", "—") carry no words and can't be a title.
    .filter((line) => /[\p{L}\p{N}]/u.test(line));
  if (lines.length === 0) return '';

  // Datelines, credits, bare dates and lone place names open many articles: the title is the next real line.
  for (const [i, raw] of lines.entries()) {
    const line = stripDateline(raw);
    if (!/[\p{L}\p{N}]/u.test(line) || isNotTitle(line)) continue;
    return titleFrom(line, i < lines.length - 1);
  }
  return titleFrom(lines[0] ?? '', lines.length > 1);
}

function titleFrom(line: string, hasMoreContent: boolean): string {
  if (hasMoreContent && isHeadline(line)) return line;
  // Scraped articles put one paragraph per line, so a sentence never crosses a line break.
  return shorten(stripFinalPunctuation(firstSentence(line)), TITLE_MAX_LENGTH);
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

function isHeadline(line: string): boolean {
  if (line.length > HEADLINE_MAX_LENGTH) return false;
  if (!/\p{L}/u.test(line)) return false;
  const core = line.replace(TRAILING_CLOSERS, '');
  return core !== '' && !NON_HEADLINE_ENDINGS.test(core);
}

/** The first sentence of a single paragraph (the whole paragraph if it has one sentence). */
function firstSentence(paragraph: string): string {
  // A terminator run, optional closing quotes/brackets, then whitespace. Periods
  // without following whitespace ("1.6", "Guaidó.In") never end a sentence here.
  const boundary = /[.!?…]+["'”’»)\]]*(?=\s)/gu;
  for (const match of paragraph.matchAll(boundary)) {
    const end = match.index + match[0].length;
    if (isSentenceEnd(paragraph, match.index, match[0], end)) {
      return paragraph.slice(0, end).trim();
    }
  }
  return paragraph.trim();
}

function isSentenceEnd(text: string, start: number, terminator: string, end: number): boolean {
  // The next sentence must open like one: capital, digit, or an opening quote/bracket.
  // This rejects quoted speech continuing mid-sentence: `"...без храна?“ каза той`.
  const next = text.slice(end).trimStart();
  if (!/^["'“‘„«([]*[\p{Lu}\p{N}]/u.test(next)) return false;

  // Only a lone period can belong to an abbreviation or an initial.
  if (!terminator.startsWith('.') || terminator.startsWith('..')) return true;
  const word = /([\p{L}\p{N}.]+)$/u.exec(text.slice(0, start))?.[1] ?? '';
  if (word === '') return true;
  // "E. Linarez", "U.S. officials", "J.R.R." — initials and dotted acronyms.
  if (/^\p{L}$/u.test(word) || word.includes('.')) return false;
  return !ABBREVIATIONS.has(word.toLowerCase());
}

function stripFinalPunctuation(sentence: string): string {
  // Titles don't end in "." or a lead-in ":"; an ellipsis or "?"/"!" carries meaning and stays.
  if (/(\.\.|…)$/u.test(sentence)) return sentence;
  return sentence.replace(/[.:;,]$/u, '');
}

/**
 * Cuts `text` to at most `max` characters (ellipsis included) at the last word
 * boundary that fits, dropping dangling punctuation before the "…". A single word
 * longer than the limit has no boundary to cut at, so it alone is cut mid-word.
 */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - ELLIPSIS.length;
  // The space at index `room` is allowed: cutting there keeps every character before it.
  const cut = text.lastIndexOf(' ', room);
  const head = cut > 0 ? text.slice(0, cut) : hardCut(text, room);
  return head.replace(/[\s,;:\-–—([«"“'‘„]+$/u, '') + ELLIPSIS;
}

function hardCut(text: string, room: number): string {
  // Don't split a surrogate pair (emoji, rare CJK) in half.
  const last = text.charCodeAt(room - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? room - 1 : room;
  return text.slice(0, end);
}
