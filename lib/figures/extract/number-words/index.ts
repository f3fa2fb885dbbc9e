// Reads numbers written in words from the tokens of a body: "twenty-three",
// "vinte e três", "veintitrés", "двадесет и три", "ثلاثة وعشرون", "one
// hundred", "half a hundred", "meia centena", "dozens" (at least 24). Each
// language's words live in its own file; they are folded once at load.
import 'server-only';
import { foldKey } from '../fold';
import { adjacent, type Token } from '../tokens';
import { AR } from './ar';
import { BG } from './bg';
import { DE } from './de';
import { EN } from './en';
import { ES } from './es';
import { FR } from './fr';
import { IT } from './it';
import { PL } from './pl';
import { PT } from './pt';
import { RU } from './ru';
import { TR } from './tr';
import { UK } from './uk';
import type { NumberWordKind, NumberWordsSource } from './types';

export type WordEntry = { kind: NumberWordKind; value: number };

export type Lexicon = {
  language: string;
  /** One folded word → its readings (a word may be a unit and an article: "um", "un"). */
  words: ReadonlyMap<string, readonly WordEntry[]>;
  connectors: ReadonlySet<string>;
  unitsBeforeTens: boolean;
  prefixes: readonly string[];
};

/** A number in words: tokens [first, last], offsets into the body, value and how it hedges. */
export type WordNumber = {
  first: number;
  last: number;
  start: number;
  end: number;
  value: number;
  /** "dozens", "centenas", "десетки": at least two of the unit (a vague plural, not a figure); "une soixantaine": about; else exact. */
  hedge: 'exact' | 'at_least' | 'about';
  /** A lone "one" / "um" / "един": an article or a pronoun more often than a count. */
  loneOne: boolean;
};

function build(source: NumberWordsSource): Lexicon {
  const words = new Map<string, WordEntry[]>();
  for (const [kind, list] of Object.entries(source.kinds) as [NumberWordKind, string][]) {
    const parts = list.split(/\s+/u).filter(Boolean);
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const key = foldKey(parts[i] as string);
      const entry = { kind, value: Number(parts[i + 1]) };
      words.set(key, [...(words.get(key) ?? []), entry]);
    }
  }
  return {
    language: source.language,
    words,
    connectors: new Set(source.connectors.map(foldKey)),
    unitsBeforeTens: source.unitsBeforeTens ?? false,
    prefixes: (source.prefixes ?? []).map(foldKey),
  };
}

const LEXICONS: ReadonlyMap<string, Lexicon> = new Map([EN, PT, ES, BG, AR, DE, FR, IT, RU, UK, TR, PL].map((s) => [s.language, build(s)]));

export function lexiconFor(language: string): Lexicon | undefined {
  return LEXICONS.get(language.toLowerCase().slice(0, 2));
}

type Look = { entries: readonly WordEntry[]; connector: boolean };

/** The readings of a token; Arabic words may carry a conjunction or preposition prefix (و ب ل ف). */
function look(lex: Lexicon, word: string): Look | null {
  const direct = lex.words.get(word);
  if (direct) return { entries: direct, connector: false };
  for (const p of lex.prefixes) {
    if (word.length > p.length + 1 && word.startsWith(p)) {
      const rest = lex.words.get(word.slice(p.length));
      if (rest) return { entries: rest, connector: lex.connectors.has(p) };
    }
  }
  return null;
}

const entryOf = (l: Look | null, kinds: readonly NumberWordKind[]) => l?.entries.find((e) => kinds.includes(e.kind));

/** What may follow what inside one number. */
const NEXT: Readonly<Record<NumberWordKind | 'start', readonly NumberWordKind[]>> = {
  start: ['unit', 'teen', 'ten', 'hundred', 'scale', 'collective', 'roughly', 'half', 'article', 'approx'],
  unit: ['hundred', 'scale', 'collective'],
  teen: ['hundred', 'scale'],
  ten: ['unit', 'scale'],
  hundred: ['unit', 'teen', 'ten', 'scale'],
  scale: ['unit', 'teen', 'ten', 'hundred', 'scale'],
  article: ['hundred', 'scale', 'collective', 'roughly'],
  half: ['article', 'hundred', 'scale', 'collective'],
  collective: [],
  roughly: [],
  approx: [],
};

export function readNumberWords(tokens: readonly Token[], folded: string, lex: Lexicon): WordNumber[] {
  const out: WordNumber[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const found = readAt(tokens, folded, lex, i);
    if (found) {
      out.push(found);
      i = found.last;
    }
  }
  return out;
}

function readAt(tokens: readonly Token[], folded: string, lex: Lexicon, i: number): WordNumber | null {
  const first = tokens[i];
  if (!first || first.kind !== 'w') return null;
  const firstLook = look(lex, first.f);
  if (!firstLook) return null;
  let total = 0;
  let current = 0;
  let factor = 1;
  let lastScale = Infinity;
  let hedge: WordNumber['hedge'] = 'exact';
  let prev: NumberWordKind | 'start' = 'start';
  let last = i - 1;
  let units = 0;
  let pendingArticle = false;
  for (let j = i; j < tokens.length; j++) {
    const tok = tokens[j] as Token;
    if (tok.kind !== 'w') break;
    if (j > i && !adjacent(folded, (tokens[j - 1] as Token).end, tok.start)) break;
    let l = look(lex, tok.f);
    let viaConnector = l?.connector ?? false;
    let step = 1;
    if (!l && lex.connectors.has(tok.f) && j > i) {
      const nextTok = tokens[j + 1];
      if (!nextTok || nextTok.kind !== 'w' || !adjacent(folded, tok.end, nextTok.start)) break;
      l = look(lex, nextTok.f);
      viaConnector = true;
      step = 2;
    }
    if (!l) break;
    let allowed: readonly NumberWordKind[] = NEXT[prev];
    if (lex.unitsBeforeTens && prev === 'unit') allowed = [...allowed, 'ten', 'teen'];
    // A connector joins only a smaller part to a bigger one: "vinte e três", "cento e cinco", never "três e quatro".
    if (viaConnector && (prev === 'start' || (prev === 'unit' && !lex.unitsBeforeTens) || prev === 'teen')) break;
    // A plural alone ("хиляди", "milhões", "آلاف") is "thousands"; after a number it is its scale.
    const entry: WordEntry | undefined = (prev === 'start' ? entryOf(l, ['approx']) : undefined) ?? entryOf(l, allowed);
    if (!entry) break;
    // "a"/"um"/"un" counts only before a hundred, a thousand, a dozen.
    if (entry.kind === 'article') {
      const nextTok = tokens[j + 1];
      const nl = nextTok && adjacent(folded, tok.end, nextTok.start) ? look(lex, nextTok.f) : null;
      if (!entryOf(nl, ['hundred', 'scale', 'collective', 'roughly'])) {
        if (prev === 'start') return null;
        break;
      }
      pendingArticle = true;
      prev = 'article';
      last = j;
      continue;
    }
    const v = entry.value;
    switch (entry.kind) {
      case 'unit':
      case 'teen':
      case 'ten':
        current += v;
        units++;
        break;
      case 'hundred':
        if (v === 100 && (prev === 'unit' || prev === 'teen' || pendingArticle)) current = (current || 1) * 100;
        else current += v;
        break;
      case 'scale':
        if (v === 2000) total += 2000;
        else if (current === 0 && total > 0 && v > lastScale) total *= v;
        else {
          total += (current || 1) * v;
          lastScale = v;
        }
        current = 0;
        break;
      case 'collective':
        current = (current || 1) * v;
        break;
      case 'roughly':
        current = (current || 1) * v;
        hedge = 'about';
        break;
      case 'approx':
        current = 2 * v;
        hedge = 'at_least';
        break;
      case 'half':
        factor = v;
        break;
    }
    pendingArticle = false;
    prev = entry.kind;
    last = j + step - 1;
    j = last;
    if (entry.kind === 'collective' || entry.kind === 'roughly' || entry.kind === 'approx') break;
  }
  if (last < i || prev === 'half' || prev === 'article') return null;
  // "tens of thousands", "hundreds of thousands", "dezenas de milhares": multiply the plurals.
  if (hedge === 'at_least') {
    const of = tokens[last + 1];
    const next = tokens[last + 2];
    if (of && next && /^(of|de|от|من)$/u.test(of.f) && adjacent(folded, (tokens[last] as Token).end, of.start) && adjacent(folded, of.end, next.start)) {
      const e = entryOf(look(lex, next.f), ['approx', 'scale']);
      if (e && e.value >= 1000 && e.value > current / 2) {
        current *= e.value;
        last += 2;
      }
    }
  }
  const value = (total + current) * factor;
  if (!Number.isFinite(value) || value <= 0) return null;
  const lastTok = tokens[last] as Token;
  return { first: i, last, start: first.start, end: lastTok.end, value, hedge, loneOne: last === i && units === 1 && value === 1 };
}
