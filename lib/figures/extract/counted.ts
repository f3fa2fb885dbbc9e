// What a figure counts (FIGURE_COUNTED), from the noun after the number and
// the event around it: "567 defected" → people_defected, "365,315 soldiers"
// (Venezuela has…) → troops_total, "50 countries" → countries. The noun says
// who, the event says what happened to them; the event wins for people
// ("300 migrants detained" is a detention).
import 'server-only';
import type { FigureCounted } from '../../validation/figures';
import { EVENTS, MEMBER_HEADS, MILITARY_CONTEXT, NOUNS, PARTITIVES, type EventClass, type NounClass } from './counted-words';
import { foldKey } from './fold';
import { WordMatcher, wordSet } from './matcher';
import type { Mention } from './numbers';
import type { Token } from './tokens';

const NOUN_MATCHER = new WordMatcher<NounClass>(NOUNS);
const EVENT_MATCHER = new WordMatcher<EventClass>(EVENTS);
const isMilitaryContext = wordSet(MILITARY_CONTEXT);
const isMemberHead = wordSet(MEMBER_HEADS);
const PARTITIVE_WORDS = PARTITIVES.map((p) => foldKey(p).split(' '));
// Skipped before the noun: "of", "de", articles ("os militares", "los manifestantes"), "من".
const NOUN_GLUE = new Set(
  ['of', 'the', 'de', 'do', 'da', 'dos', 'das', 'del', 'os', 'as', 'los', 'las', 'от', 'من', 'd', 'des', 'du', 'di', 'dei', 'degli', 'delle', 'der'].map(
    foldKey,
  ),
);
const PHRASE_STOPS = new Set(
  `by in at on from to for with into than per em no na nos nas por para com pelo pela en con sobre desde hasta por в във на за с със при след преди في على الى إلى عن مع بعد قبل
  im am an auf aus bei mit nach von vom zu zum zur für à au aux dans sur par pour avec selon chez al alla nel nella su con dal dalla
  во по со из к для у при после від із після w we na po z ze od dla przy segundo según selon secondo according laut według согласно`
    .split(/\s+/u)
    .map(foldKey),
);
const CONJUNCTIONS = new Set(
  [
    'and',
    'e',
    'y',
    'и',
    'а',
    'و',
    'or',
    'ou',
    'o',
    'или',
    'but',
    'mas',
    'pero',
    'но',
    'und',
    'oder',
    'aber',
    'et',
    'mais',
    'ma',
    'і',
    'й',
    'та',
    'або',
    'але',
    've',
    'veya',
    'ama',
    'i',
    'oraz',
    'lub',
    'albo',
    'ale',
  ].map(foldKey),
);
// Demonyms as people ("7,7 milhões de venezuelanos", "millions of Venezuelans").
const DEMONYM = /^\p{L}{4,}(?:anos|anas|enses|ianos|inos|eños|eñas|ecos|ians|ans|eses|цi|ци|يون|يين)$/u;

/** The noun priority: the most specific class in the phrase wins ("civilian militiamen" are military). */
const NOUN_PRIORITY: readonly NounClass[] = [
  'defector',
  'dead',
  'injured',
  'detainee',
  'displaced',
  'protester',
  'missing',
  'case',
  'country',
  'tonne',
  'shipment',
  'money',
  'military',
  'thing',
  'person',
];

export type SentenceCues = {
  cues: { index: number; end: number; cls: EventClass }[];
  military: boolean;
  size: boolean;
  nounClasses: { index: number; cls: NounClass }[];
};

/** The event words and noun classes of one sentence, once. */
export function sentenceCues(tokens: readonly Token[], from: number, to: number): SentenceCues {
  const cues: SentenceCues['cues'] = [];
  const nounClasses: SentenceCues['nounClasses'] = [];
  let military = false;
  let size = false;
  for (let i = from; i < to; i++) {
    const ev = EVENT_MATCHER.at(tokens, i);
    if (ev) {
      cues.push({ index: i, end: i + ev.length - 1, cls: ev.cls });
      if (ev.cls === 'size') size = true;
    }
    const noun = NOUN_MATCHER.at(tokens, i);
    if (noun) nounClasses.push({ index: i, cls: noun.cls });
    if (noun?.cls === 'military' || noun?.cls === 'defector' || isMilitaryContext((tokens[i] as Token).f)) military = true;
  }
  return { cues, military, size, nounClasses };
}

export type NounPhrase = { cls: NounClass | null; partitive: boolean; start: number; end: number; lastIndex: number };

/** The noun phrase after a number: up to five tokens, not past punctuation, another number or an event verb. */
export function nounAfter(tokens: readonly Token[], folded: string, m: Mention, sentenceEnd: number, nextMention: number): NounPhrase {
  let best: { cls: NounClass; index: number } | null = null;
  let start = -1;
  let end = -1;
  let lastIndex = m.last;
  let i = m.last + 1;
  let seen = 0;
  let prevEnd = tokens[m.last]?.end ?? m.end;
  for (; i < tokens.length && seen < 5; i++) {
    const tok = tokens[i] as Token;
    if (tok.start >= sentenceEnd || tok.start >= nextMention) break;
    if (/[,.;:!?()"“”«»„]/u.test(folded.slice(prevEnd, tok.start)) && seen > 0) break;
    if (/[;:!?()]/u.test(folded.slice(prevEnd, tok.start))) break;
    if (tok.kind === 'n') break;
    if (seen === 0) {
      const part = PARTITIVE_WORDS.find((p) => p.every((w, k) => tokens[i + k]?.f === w));
      if (part) return { cls: null, partitive: true, start: tok.start, end: (tokens[i + part.length - 1] as Token).end, lastIndex: i + part.length - 1 };
    }
    if (NOUN_GLUE.has(tok.f) && !best) {
      prevEnd = tok.end;
      seen++;
      continue;
    }
    if (CONJUNCTIONS.has(tok.f)) break;
    const noun = NOUN_MATCHER.at(tokens, i);
    // "30,000 by police", "12 em Lisboa": a preposition ends the phrase before any noun.
    if (!noun && PHRASE_STOPS.has(tok.f)) break;
    let cls: NounClass | null = noun?.cls ?? null;
    if (!cls && DEMONYM.test(tok.f)) cls = 'person';
    if (cls === 'time' && best === null && seen <= 1) return { cls: 'time', partitive: false, start: tok.start, end: tok.end, lastIndex: i };
    if (cls && cls !== 'time') {
      if (start < 0) start = firstContentStart(tokens, m.last + 1, i);
      if (!best || NOUN_PRIORITY.indexOf(cls) < NOUN_PRIORITY.indexOf(best.cls)) best = { cls, index: i };
      end = tok.end;
      lastIndex = i;
    } else if (EVENT_MATCHER.at(tokens, i) && !best) break;
    else if (best && !noun) break; // the phrase ended after its noun
    prevEnd = tok.end;
    seen++;
  }
  if (!best) return { cls: null, partitive: false, start: -1, end: -1, lastIndex: m.last };
  // "members of the Venezuelan armed forces": the head takes the class of what it belongs to.
  if (best.cls === 'person') {
    const head = tokens[best.index] as Token;
    const before = tokens.slice(m.last + 1, best.index).some((t) => isMilitaryContext(t.f));
    if (before) best = { cls: 'military', index: best.index };
    else if (isMemberHead(head.f)) {
      for (let k = best.index + 1; k < Math.min(tokens.length, best.index + 8); k++) {
        const t = tokens[k] as Token;
        if (t.start >= sentenceEnd || /[,.;:]/u.test(folded.slice((tokens[k - 1] as Token).end, t.start))) break;
        if (isMilitaryContext(t.f) || NOUN_MATCHER.at(tokens, k)?.cls === 'military') {
          best = { cls: 'military', index: best.index };
          end = t.end;
          lastIndex = k;
          break;
        }
      }
    }
  }
  return { cls: best.cls, partitive: false, start, end, lastIndex };
}

function firstContentStart(tokens: readonly Token[], from: number, upTo: number): number {
  for (let k = from; k <= upTo; k++) if (!NOUN_GLUE.has((tokens[k] as Token).f)) return (tokens[k] as Token).start;
  return (tokens[upTo] as Token).start;
}

export type CueChoice = { cls: EventClass; how: 'adjacent' | 'following' | 'preceding' } | null;

/** The event a number belongs to: right before it, else the next one in its clause, else the nearest before. */
export function chooseCue(
  tokens: readonly Token[],
  folded: string,
  cues: SentenceCues['cues'],
  firstIndex: number,
  spanStart: number,
  lastIndex: number,
  nounLastIndex: number,
  nextMentionIndex: number,
): CueChoice {
  // Right before (one word between allowed, never a conjunction): "killed 9", "mató a cinco", "اعتقلت الشرطة 45".
  for (const c of cues) {
    if (c.cls === 'size') continue;
    const endTok = tokens[c.end] as Token;
    if (endTok.end > spanStart) continue;
    const between = tokens.slice(c.end + 1, firstIndex).filter((t) => t.end <= spanStart);
    const gap = folded.slice(endTok.end, spanStart);
    if (/[,.;:!?"“”«»]/u.test(gap)) continue;
    if (between.length <= 2 && between.every((t) => !CONJUNCTIONS.has(t.f) && t.kind === 'w')) return { cls: c.cls, how: 'adjacent' };
  }
  // After the noun phrase first ("50 protesters were arrested"), then within it ("200 ficaram feridas").
  // "… 11,5 тыс. сотрудников полиции, в столице задержаны 22 человека": past a comma, an event right before the next number is that number's.
  const ownsNext = (c: SentenceCues['cues'][number]) =>
    nextMentionIndex - c.end <= 2 && /[,;]/u.test(folded.slice((tokens[nounLastIndex] as Token).end, (tokens[c.index] as Token).start));
  const following =
    cues.find((c) => c.cls !== 'size' && c.index > nounLastIndex && c.index < nextMentionIndex && c.index - lastIndex <= 20 && !ownsNext(c)) ??
    cues.find((c) => c.cls !== 'size' && c.index > lastIndex && c.index <= nounLastIndex);
  if (following) return { cls: following.cls, how: 'following' };
  const preceding = [...cues].reverse().find((c) => c.cls !== 'size' && c.end < firstIndex);
  if (preceding) return { cls: preceding.cls, how: 'preceding' };
  return null;
}

const SPECIFIC_PEOPLE: Partial<Record<NounClass, FigureCounted>> = {
  missing: 'people_missing',
  displaced: 'people_displaced',
  protester: 'people_protesting',
  defector: 'people_defected',
  detainee: 'people_detained',
};

const EVENT_NOUNS = new Set<NounClass>(['dead', 'injured', 'detainee', 'displaced', 'protester', 'defector']);

export type CountedDecision = { counted: FigureCounted; drop: boolean };

const TOLL_NOUNS: Partial<Record<NounClass, FigureCounted>> = { dead: 'people_killed', injured: 'people_injured', missing: 'people_missing' };
// How far back (in tokens) a toll's noun still names what a later number counts: "the number of dead … rose to 115 people".
const TOLL_REACH = 12;

/** The toll named by a noun at most TOLL_REACH tokens before the figure, nearest first. */
function tollBefore(sentence: SentenceCues, firstIndex: number): FigureCounted | null {
  for (let k = sentence.nounClasses.length - 1; k >= 0; k--) {
    const n = sentence.nounClasses[k] as SentenceCues['nounClasses'][number];
    if (n.index >= firstIndex) continue;
    if (firstIndex - n.index > TOLL_REACH) return null;
    const counted = TOLL_NOUNS[n.cls];
    if (counted) return counted;
  }
  return null;
}

/** Noun class + event → the vocabulary. */
export function decideCounted(args: {
  mention: Mention;
  noun: NounPhrase;
  cue: CueChoice;
  sentence: SentenceCues;
  integer: boolean;
  /** The token the figure (its qualifier included) starts at. */
  firstIndex: number;
}): CountedDecision {
  const { mention, noun, sentence } = args;
  if (mention.percent) return { counted: 'share_percent', drop: false };
  if (mention.currency || noun.cls === 'money') return { counted: 'money', drop: false };
  if (noun.cls === 'time') return { counted: 'other', drop: true };
  if (mention.yearLike && noun.cls === null) return { counted: 'other', drop: true };
  // A decimal without a scale counts no one: a magnitude, a rate.
  if (!args.integer) return { counted: 'other', drop: false };
  switch (noun.cls) {
    case 'country':
      return { counted: 'countries', drop: false };
    case 'tonne':
      return { counted: 'aid_tonnes', drop: false };
    case 'shipment':
      return { counted: 'aid_shipments', drop: false };
    case 'thing':
      return { counted: 'other', drop: false };
    case 'case':
      return { counted: 'people_other', drop: false };
    case 'missing':
      return { counted: 'people_missing', drop: false };
    default:
      break;
  }
  const cls = noun.cls;
  // A noun that names what happened ("31 feridos", "62 deaths") is not overridden by an event further back.
  // "… interpellées, a indiqué le ministre, qui avait mobilisé 10.000 policiers": troops deployed are no detainees.
  let cue = args.cue?.how === 'preceding' && cls !== null && (EVENT_NOUNS.has(cls) || (cls === 'military' && sentence.size)) ? null : args.cue;
  // "عدد القتلى في تركيا بلغ ٥٨٩٤، فيما تجاوز عدد المصابين": a toll named just before a bare number outweighs the next clause's event.
  if (cls === null && cue?.how === 'following' && tollBefore(sentence, args.firstIndex)) cue = null;
  const military = cls === 'military' || cls === 'defector' || ((cls === null || cls === 'person') && sentence.military);
  switch (cue?.cls) {
    case 'kill':
      return { counted: 'people_killed', drop: false };
    case 'injure':
      return { counted: 'people_injured', drop: false };
    case 'detain':
      return { counted: 'people_detained', drop: false };
    case 'defect':
      if (cls !== 'displaced' && cls !== 'protester') return { counted: 'people_defected', drop: false };
      break;
    case 'flee':
      if (cls === 'military' || cls === 'defector' || military) return { counted: 'people_defected', drop: false };
      if (cls === 'person' || cls === 'displaced' || cls === null) return { counted: 'people_displaced', drop: false };
      break;
    case 'displace':
      return { counted: 'people_displaced', drop: false };
    case 'vanish':
      if (cls === null || cls === 'person') return { counted: 'people_missing', drop: false };
      break;
    case 'protest':
      if (cls !== 'military') return { counted: 'people_protesting', drop: false };
      break;
    default:
      break;
  }
  switch (cls) {
    case 'defector':
      return { counted: 'people_defected', drop: false };
    case 'dead':
      return { counted: 'people_killed', drop: false };
    case 'injured':
      return { counted: 'people_injured', drop: false };
    case 'detainee':
      return { counted: 'people_detained', drop: false };
    case 'displaced':
      return { counted: 'people_displaced', drop: false };
    case 'protester':
      return { counted: 'people_protesting', drop: false };
    case 'military':
      return { counted: sentence.size || mention.value >= 1000 ? 'troops_total' : 'people_other', drop: false };
    case 'person': {
      if (sentence.size && sentence.military) return { counted: 'troops_total', drop: false };
      // "the number of migrants … between 200 and 300 people": a more specific noun earlier in the sentence says who.
      const specific = sentence.nounClasses.find((n) => n.index < args.firstIndex && SPECIFIC_PEOPLE[n.cls] !== undefined);
      if (specific) return { counted: SPECIFIC_PEOPLE[specific.cls] as FigureCounted, drop: false };
      // "1,27 million de personnes selon les autorités" in a sentence about marching: the people marched.
      if (sentence.cues.some((c) => c.cls === 'protest')) return { counted: 'people_protesting', drop: false };
      return { counted: tollBefore(sentence, args.firstIndex) ?? 'people_other', drop: false };
    }
    case null:
      // "Число погибших … выросло до 115", "Bilans ofiar wzrósł do 137": the toll named just before a bare number.
      return { counted: cue ? 'other' : (tollBefore(sentence, args.firstIndex) ?? 'other'), drop: false };
    default:
      return { counted: 'other', drop: false };
  }
}
