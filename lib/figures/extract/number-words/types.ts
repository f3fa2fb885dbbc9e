// The shape of a number-word lexicon. Each language file lists its words as
// "word value" lines per kind; build-lexicon.ts folds them once at load.
import 'server-only';

/**
 * unit 1–9, teen 10–19, ten 20–90, hundred 100–900 as one word ("cento",
 * "двеста", "ثلاثمائة"; "hundred" multiplies a unit before it), scale
 * 1,000 and up ("thousand", "mil", "хиляди", "آلاف"), collective nouns
 * ("dozen" 12, "centena" 100: "meia centena" is exactly 50 as written), approx plurals ("dozens", "dezenas",
 * "десетки", "عشرات": at least two of them), half ("half", "meia", "половин",
 * "نصف"), article ("a", "um", "un": 1 before a hundred, a dozen, a million), roughly
 * (a collective that means about that many: "une soixantaine", "una ventina", "десяток").
 */
export type NumberWordKind = 'unit' | 'teen' | 'ten' | 'hundred' | 'scale' | 'collective' | 'roughly' | 'approx' | 'half' | 'article';

export type NumberWordsSource = {
  language: string;
  kinds: Partial<Record<NumberWordKind, string>>;
  /** Words joining the parts of one number: "and", "e", "y", "и", "و" (Arabic: a prefix). */
  connectors: readonly string[];
  /** Arabic puts units before tens ("ثلاثة وعشرون" = 23) and before عشر ("ثلاثة عشر" = 13). */
  unitsBeforeTens?: boolean;
  /** Single-letter prefixes a number word may carry (Arabic و ب ل ف). */
  prefixes?: readonly string[];
};
