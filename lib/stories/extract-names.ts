// Names in scripts with capitals (Latin, Cyrillic, Greek): runs of capitalised
// words, with titles, function words and sentence-initial capitals kept out,
// typed by the words around them. Each name token gets a cross-script key.
import 'server-only';
import { exonymAt } from './exonyms';
import { phoneticKey, toLatin } from './fold';
import type { Span } from './extract-dates';
import { FUNCTION_WORDS, foldWord, NAME_CONNECTORS, ORGANISATION_CUES, PERSON_TITLES, placeKindOf, WEEKDAYS } from './lexicon';
import { stem } from './stem';
import { isStopword } from './stopwords';
import { isAcronym, isCapitalised, type Token } from './tokens';
import type { EntityType, NameSpan, RawEvidence } from './types';

/** Name tokens shorter than this key say too little ("Li", "Uy"); acronyms are kept from two letters. */
const MIN_KEY_LENGTH = 3;
/** A name longer than this is a title-case phrase, not a name. */
const MAX_SPAN_TOKENS = 5;
// The Arabic article written into Latin names: al-Bashir, el-Sisi.
const NAME_PARTICLES = new Set(['al', 'el', 'ul', 'ad', 'as', 'ash', 'an', 'ar']);

// German articles, determiners and article contractions: a capitalised word after one is a noun phrase's head.
const GERMAN_DETERMINERS = new Set(
  `der die das den dem des ein eine einer einem einen eines kein keine keiner keinem keinen keines zum zur im am vom beim ins ans
   dieser diese dieses diesem diesen jener jene jenes seine seiner seinem seinen ihre ihrer ihrem ihren unsere mehrere viele
   alle einige beide jede jeder jedes jedem jeden weitere weiteren`.split(/\s+/u),
);

export type NameExtraction = { spans: NameSpan[]; items: RawEvidence[]; nameTokens: Set<number> };

export function extractNames(text: string, tokens: readonly Token[], language: string, spanBase: number, covered: readonly Span[]): NameExtraction {
  const words = tokens.map((t) => t.text);
  const lowerSeen = new Set(tokens.filter((t) => !isCapitalised(t.text)).map((t) => foldWord(t.text)));
  const capitalisedInside = new Set(tokens.filter((t) => !t.initial && isCapitalised(t.text)).map((t) => foldWord(t.text)));
  const spans: NameSpan[] = [];
  const items: RawEvidence[] = [];
  const nameTokens = new Set<number>();

  const isNameWord = (t: Token | undefined): t is Token => {
    if (!t || t.script === 'arabic' || t.script === 'other' || !isCapitalised(t.text)) return false;
    if (/[@#]\s*$/u.test(text.slice(Math.max(0, t.start - 2), t.start))) return false;
    const folded = foldWord(t.text);
    if (isAcronym(t.text)) return !FUNCTION_WORDS.has(folded) || t.text.length >= 3;
    if (covered.some((c) => t.start >= c.start && t.start < c.end)) return false;
    if (language === 'de' && germanCommonNoun(t)) return false;
    return !FUNCTION_WORDS.has(folded) && !isStopword(folded, language) && !isTitle(folded) && !WEEKDAYS.has(folded);
  };

  // German capitalises every noun: one after an article or determiner, a number or an inflected adjective
  // ("der Konzerthalle", "60 Menschen", "bewaffneter Männer") is a common noun, not a name.
  function germanCommonNoun(t: Token): boolean {
    const before = tokens[t.index - 1];
    if (!before || t.breakBefore) return false;
    if (/^\d/u.test(before.text)) return true;
    const folded = foldWord(before.text);
    if (GERMAN_DETERMINERS.has(folded)) return true;
    return !isCapitalised(before.text) && !isStopword(folded, language) && folded.length >= 5 && /(?:e|en|er|es|em)$/u.test(folded);
  }

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token || token.script === 'arabic') continue;
    const exonym = exonymAt(words, i);
    // A short single-word exonym only in capitals: "UN", "US", never Spanish "Un" or English "us".
    if (exonym && (exonym[1] > 1 || (token.text.length > 3 ? isCapitalised(token.text) : isAcronym(token.text)))) {
      const [key, length] = exonym;
      const surface = text.slice(token.start, tokens[i + length - 1]?.end ?? token.end);
      addSpan(surface, 'place', [{ key, surface, offset: token.start }], i, i + length - 1);
      i += length - 1;
      continue;
    }
    if (!isNameWord(token)) continue;

    // Extend over name words and inner connectors ("Norte de Santander"), never across punctuation.
    let last = i;
    while (last - i < MAX_SPAN_TOKENS) {
      const next = tokens[last + 1];
      // A country after an organisation's cue word is part of its name: "Migración Colombia", "Bank of Russia" is not.
      const inOrganisation = ORGANISATION_CUES.has(foldWord(tokens[last]?.text ?? ''));
      if (next && !next.breakBefore && isNameWord(next) && (inOrganisation || !exonymAt(words, last + 1))) {
        last++;
        continue;
      }
      const after = tokens[last + 2];
      if (next && after && !next.breakBefore && !after.breakBefore && NAME_CONNECTORS.has(next.text) && isNameWord(after)) {
        last += 2;
        continue;
      }
      break;
    }
    const first = tokens[i];
    if (!first) continue;
    // A capital at the start of a sentence says nothing: keep a lone initial word only if the article capitalises it elsewhere too.
    if (first.initial && last === i && !isAcronym(first.text)) {
      const folded = foldWord(first.text);
      if (!capitalisedInside.has(folded) || lowerSeen.has(folded)) {
        i = last;
        continue;
      }
    }
    const parts = tokens.slice(i, last + 1).filter((t) => !NAME_CONNECTORS.has(t.text));
    const keyed = parts.flatMap((t) => tokenKeys(t, language));
    if (keyed.length === 0) {
      i = last;
      continue;
    }
    const { type, surface, placeKind } = typeAndSurface(text, tokens, i, last);
    addSpan(surface, type, keyed, i, last, placeKind);
    i = last;
  }
  return { spans, items, nameTokens };

  function addSpan(
    surface: string,
    type: EntityType,
    keyed: ReadonlyArray<{ key: string; surface: string; offset: number }>,
    from: number,
    to: number,
    placeKind?: string,
  ) {
    for (let t = from; t <= to; t++) nameTokens.add(t);
    const existing = spans.findIndex((s) => s.surface === surface);
    const index = existing >= 0 ? existing : spans.length;
    if (existing >= 0) {
      const span = spans[existing];
      if (span) span.count++;
    } else spans.push({ surface, entityType: type, keys: [...new Set(keyed.map((k) => k.key))], count: 1, ...(placeKind ? { placeKind } : {}) });
    for (const k of keyed) items.push({ kind: 'name', key: k.key, surface: k.surface, offset: k.offset, entityType: type, span: spanBase + index });
  }
}

/** The keys of one name token: its sound key, and for hyphenated names the parts' and the whole's. */
function tokenKeys(token: Token, language: string): Array<{ key: string; surface: string; offset: number }> {
  if (isAcronym(token.text)) {
    const latin = toLatin(token.text, language).replace(/\s+/gu, '');
    const keys = latin.length >= 2 ? [{ key: `n:${latin}`, surface: token.text, offset: token.start }] : [];
    // A word in capitals may be a dateline's place ("IZMIR, Turkey (AP)", "ПАРИЖ"): it also gets the key of the word.
    if (token.text.length >= 4 && /[AEIOUYАЕИОУЫЭЮЯІЇЄ]/u.test(token.text))
      keys.push({ key: nameKey(token.text, language), surface: token.text, offset: token.start });
    return keys;
  }
  // Turkish writes a name's case ending after an apostrophe: "İzmir'deki", "Moskova'da" are İzmir and Moskova.
  const word = language === 'tr' ? (token.text.split(/['’]/u)[0] ?? token.text) : token.text;
  const parts = word.split(/['’\-‐]/u).filter((p) => !NAME_PARTICLES.has(p.toLowerCase()));
  const keys = new Set<string>();
  for (const part of parts) keys.add(nameKey(part, language));
  if (parts.length > 1) keys.add(nameKey(parts.join(''), language));
  return [...keys].filter((k) => k.length >= MIN_KEY_LENGTH + 2).map((key) => ({ key, surface: token.text, offset: token.start }));
}

/** `n:` + the phonetic key of a name word; Russian and Ukrainian decline names, so their words are stemmed first. */
export function nameKey(word: string, language: string): string {
  const base = (language === 'ru' || language === 'uk') && /\p{Script=Cyrillic}/u.test(word) ? stem(word.toLowerCase(), language) : word;
  return `n:${phoneticKey(toLatin(base, language))}`;
}

type Typed = { type: EntityType; surface: string; placeKind?: string };

function typeAndSurface(text: string, tokens: readonly Token[], from: number, to: number): Typed {
  const inside = tokens.slice(from, to + 1).map((t) => foldWord(t.text));
  const first = tokens[from];
  const last = tokens[to];
  const before = tokens[from - 1];
  const beforeBefore = tokens[from - 2];
  const after = tokens[to + 1];
  let start = first?.start ?? 0;
  let end = last?.end ?? 0;
  const near = (t: Token | undefined, edge: Token | undefined) => t !== undefined && edge !== undefined && !edge.breakBefore;

  if (inside.every((w, k) => isAcronym(tokens[from + k]?.text ?? '')) || inside.some((w) => ORGANISATION_CUES.has(w))) {
    return { type: 'organisation', surface: text.slice(start, end) };
  }
  const insideKind = inside.map(placeKindOf).find((k) => k !== undefined);
  if (insideKind) return { type: 'place', surface: text.slice(start, end), placeKind: insideKind };
  const kindBefore = before ? placeKindOf(before.text) : undefined;
  const kindBeforeBefore = beforeBefore ? placeKindOf(beforeBefore.text) : undefined;
  const kindAfter = after ? placeKindOf(after.text) : undefined;
  // "ponte Simón Bolívar", "the city of Cúcuta", "Simón Bolívar bridge": the cue joins the surface shown.
  if (near(before, first) && before && kindBefore && !isCapitalised(before.text)) {
    return { type: 'place', surface: text.slice(before.start, end), placeKind: kindBefore };
  }
  if (near(beforeBefore, before) && near(before, first) && before && beforeBefore && kindBeforeBefore && NAME_CONNECTORS.has(before.text)) {
    start = beforeBefore.start;
    return { type: 'place', surface: text.slice(start, end), placeKind: kindBeforeBefore };
  }
  if (after && kindAfter && !after.breakBefore && !isCapitalised(after.text)) {
    end = after.end;
    return { type: 'place', surface: text.slice(start, end), placeKind: kindAfter };
  }
  if (
    (before && !first?.breakBefore && isTitle(foldWord(before.text))) ||
    (beforeBefore && isTitle(foldWord(beforeBefore.text)) && before && !first?.breakBefore && !before.breakBefore)
  ) {
    return { type: 'person', surface: text.slice(start, end) };
  }
  return { type: 'name', surface: text.slice(start, end) };
}

/** A title or role, hyphenated ones included ("Secretary-General", "vice-presidente"). */
function isTitle(folded: string): boolean {
  return PERSON_TITLES.has(folded) || folded.split(/[-‐]/u).every((part) => PERSON_TITLES.has(part));
}
