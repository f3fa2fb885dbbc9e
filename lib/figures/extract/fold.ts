// A folded copy of the body with the SAME LENGTH as the body: lowercase,
// accents dropped, Eastern Arabic digits and separators as ASCII, Arabic alef
// and hamza variants as bare alef. Every pattern runs on the copy, so offsets
// found there are offsets into the body as stored (spans never drift).
import 'server-only';

const EASTERN_DIGITS: Readonly<Record<string, string>> = {
  '٬': ',', // Arabic thousands separator
  '٫': '.', // Arabic decimal separator
  '٪': '%',
  '،': ',', // Arabic comma
  '؛': ';',
  '؟': '?',
};
const ARABIC_LETTERS: Readonly<Record<string, string>> = { أ: 'ا', إ: 'ا', آ: 'ا', ٱ: 'ا', ى: 'ي', ة: 'ه' };
// Tashkeel and tatweel: kept as tatweel (a letter), so an Arabic word stays one word; tokens drop it.
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/u;

// Folded form per UTF-16 code unit, filled as characters are met.
const cache: Array<string | undefined> = [];

function foldChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x80) return ch >= 'A' && ch <= 'Z' ? ch.toLowerCase() : ch;
  const known = cache[code];
  if (known !== undefined) return known;
  let out: string;
  if (code >= 0x0660 && code <= 0x0669) out = String(code - 0x0660);
  else if (code >= 0x06f0 && code <= 0x06f9) out = String(code - 0x06f0);
  else if (EASTERN_DIGITS[ch]) out = EASTERN_DIGITS[ch];
  else if (ARABIC_LETTERS[ch]) out = ARABIC_LETTERS[ch];
  else if (ARABIC_MARKS.test(ch)) out = '\u0640';
  else if (ch === '\u00A0' || ch === '\u202F' || ch === '\u2009') out = ' ';
  else if (ch === '’' || ch === 'ʼ') out = "'";
  else if (ch === '–' || ch === '—' || ch === '‑') out = '-';
  else {
    const lower = ch.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
    out = lower.length === 1 ? lower : ch.toLowerCase().length === 1 ? ch.toLowerCase() : ch;
  }
  cache[code] = out;
  return out;
}

/** The body folded character by character; `fold(body).length === body.length`. */
export function foldText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Surrogate pairs (emoji, rare scripts) pass through untouched, both halves.
    if (code >= 0xd800 && code <= 0xdfff) out += text.charAt(i);
    else out += foldChar(text[i] as string);
  }
  return out;
}

/** One word folded like foldText (for lexicon keys), tatweel dropped. */
export function foldKey(word: string): string {
  return foldText(word).replace(/\u0640/gu, '');
}

/** The body with Eastern Arabic digits as ASCII and nothing else changed (case kept: date reading needs it). */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/gu, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}
