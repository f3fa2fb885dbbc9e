// Invisible format characters (Unicode category Cf: bidi controls, zero-width
// characters, the soft hyphen) found in imported text. Stored text keeps them;
// pages show each as a marked chip instead, because a bidi override makes a
// reviewer read "120" where the text and the figure extractor hold "021"
// (issue 29, finding 7). Client-safe: no zod, nothing server-side.

const FORMAT_CHARACTER = /\p{Cf}/u;
const FORMAT_CHARACTERS = /\p{Cf}/gu;

type Known = { code: string; name: string };

// The ones seen in scraped or hostile text get a short code; any other Cf shows its code point.
const KNOWN: Record<number, Known> = {
  0x00ad: { code: 'SHY', name: 'soft hyphen' },
  0x061c: { code: 'ALM', name: 'Arabic letter mark' },
  0x180e: { code: 'MVS', name: 'Mongolian vowel separator' },
  0x200b: { code: 'ZWSP', name: 'zero width space' },
  0x200c: { code: 'ZWNJ', name: 'zero width non-joiner' },
  0x200d: { code: 'ZWJ', name: 'zero width joiner' },
  0x200e: { code: 'LRM', name: 'left-to-right mark' },
  0x200f: { code: 'RLM', name: 'right-to-left mark' },
  0x202a: { code: 'LRE', name: 'left-to-right embedding' },
  0x202b: { code: 'RLE', name: 'right-to-left embedding' },
  0x202c: { code: 'PDF', name: 'pop directional formatting' },
  0x202d: { code: 'LRO', name: 'left-to-right override' },
  0x202e: { code: 'RLO', name: 'right-to-left override' },
  0x2060: { code: 'WJ', name: 'word joiner' },
  0x2061: { code: 'FA', name: 'function application' },
  0x2062: { code: 'IT', name: 'invisible times' },
  0x2063: { code: 'IS', name: 'invisible separator' },
  0x2064: { code: 'IP', name: 'invisible plus' },
  0x2066: { code: 'LRI', name: 'left-to-right isolate' },
  0x2067: { code: 'RLI', name: 'right-to-left isolate' },
  0x2068: { code: 'FSI', name: 'first strong isolate' },
  0x2069: { code: 'PDI', name: 'pop directional isolate' },
  0xfeff: { code: 'BOM', name: 'zero width no-break space' },
};

export type TextSegment =
  | { kind: 'text'; text: string; start: number }
  /** One invisible character: `start` is its offset (UTF-16) in the string, `length` its code units. */
  | { kind: 'invisible'; code: string; label: string; codePoint: number; start: number; length: number };

export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Whether the text holds any invisible format character (the claim's "Hidden characters" flag). */
export function hasInvisibleCharacters(text: string): boolean {
  return FORMAT_CHARACTER.test(text);
}

/** Splits text into plain runs and one segment per invisible character, offsets into the text as given. */
export function splitInvisible(text: string, offset = 0): TextSegment[] {
  const out: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(FORMAT_CHARACTERS)) {
    const at = match.index;
    const char = match[0];
    if (at > last) out.push({ kind: 'text', text: text.slice(last, at), start: offset + last });
    // The regex matched one code point: codePointAt is defined there.
    const codePoint = char.codePointAt(0) ?? 0;
    const known = KNOWN[codePoint];
    const hex = codePointLabel(codePoint);
    out.push({
      kind: 'invisible',
      code: known?.code ?? hex,
      label: `${known?.name ?? 'invisible format character'}, ${hex}`,
      codePoint,
      start: offset + at,
      length: char.length,
    });
    last = at + char.length;
  }
  if (last < text.length || out.length === 0) out.push({ kind: 'text', text: text.slice(last), start: offset + last });
  return out;
}

/** The text as a reader sees it on the desk: each invisible character as "[CODE]". For labels and tooltips. */
export function revealInvisible(text: string): string {
  if (!hasInvisibleCharacters(text)) return text;
  return splitInvisible(text)
    .map((s) => (s.kind === 'text' ? s.text : `[${s.code}]`))
    .join('');
}
