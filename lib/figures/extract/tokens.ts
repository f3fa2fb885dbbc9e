// Words of the folded body with their offsets. Digits are read by numbers.ts;
// here they are tokens too, so phrase matching can see "more than 100".
import 'server-only';

export type Token = {
  /** Folded text (foldText, tatweel dropped). */
  f: string;
  start: number;
  end: number;
  /** 'w' word, 'n' digits. */
  kind: 'w' | 'n';
};

// A Ukrainian apostrophe stays inside its word (п'ять, дев'ять, ув'язнені).
const WORD = /\p{Script=Cyrillic}+(?:'\p{Script=Cyrillic}+)+|[\p{L}\p{M}\u0640]+|\d+/gu;

export function tokenize(folded: string): Token[] {
  const out: Token[] = [];
  for (const m of folded.matchAll(WORD)) {
    const text = m[0];
    const kind = text.charCodeAt(0) < 0x3a && text.charCodeAt(0) >= 0x30 ? 'n' : 'w';
    out.push({ f: kind === 'w' && text.includes('\u0640') ? text.replace(/\u0640/gu, '') : text, start: m.index, end: m.index + text.length, kind });
  }
  return out;
}

/** Index of the first token starting at or after an offset. */
export function tokenIndexAt(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((tokens[mid] as Token).start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Only spaces (or a hyphen, an elision's apostrophe, or nothing) between two offsets of the folded text: the words are one phrase ("jusqu'à", "60'tan"). */
export function adjacent(folded: string, end: number, start: number): boolean {
  if (start < end) return false;
  if (start - end > 3) return false;
  return /^[\s-]*$|^'$/u.test(folded.slice(end, start));
}
