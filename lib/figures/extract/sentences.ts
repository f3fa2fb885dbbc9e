// Sentence and paragraph bounds, abbreviation-aware enough for news text:
// "Gen. Padrino", "Sr. Guaidó", "т.е.", "1.6 million", "E. Linarez", "U.S."
// never end a sentence. A line break always ends one; a blank line or a
// single line break (Bulgarian seeds put one paragraph per line) ends a paragraph.
import 'server-only';

export type Bounds = { start: number; end: number };
export type Sentence = Bounds & { paragraph: number };

const ABBREVIATIONS = new Set(
  `mr mrs ms dr prof sr sra srta jr st mt gen col lt sgt capt cmdr adm maj gov sen rep rev gral cel cap ten sarg dra eng
   no nº n.º nr vs etc approx ca cf ex jan feb mar apr jun jul aug sep sept oct nov dec av avda dept inc ltd co corp
   т.е т.нар г гр ул др проф ген д-р бл кв пл ак
   тыс тис млн млрд хил ок tys mln mld mrd mio tsd ok ok bzw ggf ds tzw godz ul m.in`
    .split(/\s+/)
    .filter(Boolean),
);
// A period, ellipsis, "?" or "!" (closing quotes and brackets may follow), then space: a candidate end.
const END = /[.!?…]+["'”’»)\]]*(?=\s)|\n/gu;
// "Guaidó.In the last…": a lowercase letter, a period and a capitalised word with no space is a lost space.
const GLUED_END = /(?<=\p{Ll}[.!?]["'”’»]?)(?=\p{Lu}\p{Ll})/gu;

export function splitSentences(body: string, folded: string): Sentence[] {
  const cuts: number[] = [];
  for (const m of body.matchAll(END)) {
    const at = m.index;
    if (m[0] === '\n') {
      cuts.push(at);
      continue;
    }
    if (m[0].startsWith('.') && isAbbreviation(folded, at)) continue;
    cuts.push(at + m[0].length);
  }
  for (const m of body.matchAll(GLUED_END)) cuts.push(m.index);
  cuts.sort((a, b) => a - b);
  const out: Sentence[] = [];
  let start = 0;
  let paragraph = 0;
  const push = (from: number, to: number) => {
    let s = from;
    let e = to;
    while (s < e && /\s/u.test(body[s] ?? '')) s++;
    while (e > s && /\s/u.test(body[e - 1] ?? '')) e--;
    if (e > s) out.push({ start: s, end: e, paragraph });
  };
  for (const cut of cuts) {
    if (cut <= start) continue;
    push(start, cut);
    if (body[cut] === '\n') paragraph++;
    start = cut;
  }
  push(start, body.length);
  return out;
}

function isAbbreviation(folded: string, dot: number): boolean {
  let s = dot;
  while (s > 0 && /[\p{L}.]/u.test(folded[s - 1] ?? '')) s--;
  const word = folded.slice(s, dot);
  if (word === '') return false;
  // An initial ("E. Linarez") or a dotted acronym ("U.S.", "т.е.").
  if (/^\p{L}$/u.test(word)) return isCapitalInitial(folded, s);
  if (word.includes('.')) return true;
  return ABBREVIATIONS.has(word);
}

// foldText lowercases, so the original capital is gone; an initial is a single letter after a space or start.
function isCapitalInitial(folded: string, s: number): boolean {
  return s === 0 || /[\s("“«]/u.test(folded[s - 1] ?? ' ');
}

/** The sentence (index) that holds an offset. */
export function sentenceAt(sentences: readonly Sentence[], offset: number): number {
  let lo = 0;
  let hi = sentences.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = sentences[mid] as Sentence;
    if (offset < s.start) hi = mid - 1;
    else if (offset >= s.end) lo = mid + 1;
    else return mid;
  }
  return Math.max(0, Math.min(sentences.length - 1, lo - 1));
}
