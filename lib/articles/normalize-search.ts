// Folds text to a comparable form for the search column and for search queries.

import 'server-only';

// Zero-width characters survive scraping invisibly and would split words that look whole.
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/gu;
const COMBINING_MARKS = /\p{M}/gu;
const WHITESPACE_RUNS = /\s+/gu;

/**
 * Lowercases (Unicode-aware), removes diacritics and collapses whitespace, so
 * "Colômbia" matches "colombia" and "МАДУРО" matches "мадуро".
 *
 * The same function must be applied to the stored column and to the query:
 * folding is lossy on purpose (Bulgarian "й" becomes "и", "ё" becomes "е"),
 * which is harmless only when both sides are folded alike.
 */
export function normalizeForSearch(text: string): string {
  return (
    text
      .replace(INVISIBLE, '')
      .toLowerCase()
      // NFD splits "ô" into "o" + combining circumflex so the mark can be dropped.
      .normalize('NFD')
      .replace(COMBINING_MARKS, '')
      // NFD also splits scripts like Hangul into non-mark jamo; NFC puts them back together.
      .normalize('NFC')
      .replace(WHITESPACE_RUNS, ' ')
      .trim()
  );
}
