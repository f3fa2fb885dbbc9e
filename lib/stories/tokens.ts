// Words of an article with their positions and whether a sentence starts at
// them: what the name, date and number extractors read.
import 'server-only';

export type Script = 'latin' | 'cyrillic' | 'greek' | 'arabic' | 'other';

export type Token = {
  /** As written, possessive 's dropped. */
  text: string;
  start: number;
  end: number;
  script: Script;
  /** First word of a sentence, a line, a quotation or a title-case headline: a capital there says nothing. */
  initial: boolean;
  /** Index in the token list. */
  index: number;
  /** A comma, parenthesis, dash or sentence end stands between this token and the previous one. */
  breakBefore: boolean;
};

// A word: letters and marks, with inner apostrophes or hyphens (Notre-Dame, sexta-feira, al-Bashir).
const WORD = /[\p{L}\p{M}]+(?:['’\-‐][\p{L}\p{M}]+)*/gu;
const SENTENCE_BREAK = /[.!?…:;"“”«»„()[\]\n]|\s[–—-]\s/u;
const ANY_BREAK = /[,.!?…:;"“”«»„()[\]\n–—]/u;
const POSSESSIVE = /['’]s$/u;

// Eastern Arabic and Persian digits, and the Arabic decimal and thousands signs, as ASCII (same length, so offsets hold).
export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9\u066B\u066C]/gu, (ch) => {
    const code = ch.charCodeAt(0);
    if (code === 0x066b) return '.';
    if (code === 0x066c) return ',';
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

export function scriptOf(word: string): Script {
  const ch = word.charAt(0);
  if (/\p{Script=Latin}/u.test(ch)) return 'latin';
  if (/\p{Script=Cyrillic}/u.test(ch)) return 'cyrillic';
  if (/\p{Script=Greek}/u.test(ch)) return 'greek';
  if (/\p{Script=Arabic}/u.test(ch)) return 'arabic';
  return 'other';
}

export const isCapitalised = (word: string) => /^\p{Lu}/u.test(word);
export const isAcronym = (word: string) => word.length >= 2 && word.length <= 6 && /^\p{Lu}+$/u.test(word);

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const between = text.slice(previousEnd, start);
    const raw = match[0].replace(POSSESSIVE, '');
    tokens.push({
      text: raw.replace(/\p{M}+$/u, ''),
      start,
      end: start + match[0].length,
      script: scriptOf(raw),
      initial: tokens.length === 0 || SENTENCE_BREAK.test(between) || /^\s*[-–—]\s*$/u.test(between) || /\n/u.test(between),
      index: tokens.length,
      breakBefore: tokens.length === 0 || ANY_BREAK.test(between),
    });
    previousEnd = start + match[0].length;
  }
  markTitleCaseLines(text, tokens);
  return tokens;
}

/** A headline in Title Case ("Aid Convoy Reaches The Border") capitalises every word: treat each as initial. */
function markTitleCaseLines(text: string, tokens: Token[]): void {
  let lineStart = 0;
  for (const line of text.split('\n')) {
    const lineEnd = lineStart + line.length;
    const inLine = tokens.filter((t) => t.start >= lineStart && t.end <= lineEnd && t.script !== 'arabic');
    const long = inLine.filter((t) => t.text.length > 3);
    if (long.length >= 4 && long.filter((t) => isCapitalised(t.text)).length / long.length > 0.8) for (const t of inLine) t.initial = true;
    lineStart = lineEnd + 1;
  }
}
