// The extraction pipeline behind extractFigures (lib/figures/extract-figures.ts).
import 'server-only';
import type { FigureCounted, FigureQualifier } from '../../validation/figures';
import type { ExtractedFigure, ExtractFiguresOptions } from '../extract-figures';
import { attributionsIn, type Attribution, type LocatedAttribution } from './attribution';
import { chooseCue, decideCounted, nounAfter, sentenceCues, type CueChoice, type NounPhrase, type SentenceCues } from './counted';
import { foldKey, foldText } from './fold';
import { findMentions, type Mention } from './numbers';
import { qualifierAfter, qualifierBefore, rangeOpener } from './qualifiers';
import { backReferences, isDeterminer } from './references';
import { sentenceAt, splitSentences, type Sentence } from './sentences';
import { hasSignal, supersede } from './supersede';
import { findDates, findTimes, type TimeExpression } from './time';
import { tokenIndexAt, tokenize, type Token } from './tokens';

type Draft = {
  mention: Mention;
  /** The second number of a range. */
  upper: Mention | null;
  qualifier: FigureQualifier;
  approximate: boolean;
  spanStart: number;
  spanEnd: number;
  firstIndex: number;
  lastIndex: number;
  sentence: number;
  noun: NounPhrase;
  cue: CueChoice;
  counted: FigureCounted;
  drop: boolean;
};

// How far before a figure an update signal ("then", "depois") is looked for, within its sentence.
const SIGNAL_WINDOW = 160;
const AND_WORDS = new Set(['and', 'e', 'y', 'и', 'و'].map(foldKey));
const OR_WORDS = new Set(['or', 'ou', 'o', 'или', 'او'].map(foldKey));
const RISE =
  /(?:rose|risen|increased|climbed|grew|jumped|subiu|aumentou|cresceu|passou|aumentó|subió|ascendió|creció|увеличи|нарасна|скочи|ارتفع|زاد)\s+(?:\p{L}+\s+)?$/u;

const AGE_WORD = /^(?:age|ages|âge|age|edad|idade|eta|età|alter|\p{L}+alter|возраст|возраста|вік|віку|wiek|wieku|السن|سن)$/u;
const RATIO_BEFORE = /(?:^|[^\p{L}])(?:one|1|uno|una|un|um|uma|une|jeder|jede|каждый|кожен|co)\s+(?:in|out of|de cada|em cada|sur|su|из|з|на|na)\s+$/u;
const MAGNITUDE = /^(?:magnitude|magnitudo|magnitud|magnitudy|magnitudzie|магнитуда|магнитудой|магнитудата|магнітудою|магнітуда|stärke|richter|شدته|بقوه)$/u;
const CHEMICAL =
  /^\s*(?:\p{L}+\s+){0,2}(?:of\s+|de\s+|d'|di\s+|der\s+)?(?:ammonium|nitrate|nitrato|nitrat|аммиачн|аміачн|نترات|explosive|explosif|explosiv|esplosiv|trotyl|тротил|tnt)/u;
const PEOPLE = new Set<FigureCounted>([
  'people_killed',
  'people_injured',
  'people_missing',
  'people_detained',
  'people_defected',
  'people_displaced',
  'people_protesting',
]);
const sameParagraph = (sentences: readonly Sentence[], a: number, b: number) => sentences[a]?.paragraph === sentences[b]?.paragraph;
/** Within a factor of ten: the same kind of count (a crowd and a crowd), not a crowd and its arrests. */
const sameOrder = (a: number, b: number) => a > 0 && b > 0 && Math.max(a, b) / Math.min(a, b) <= 10;

export function runPipeline(options: ExtractFiguresOptions): ExtractedFigure[] {
  const { body } = options;
  const language = options.language.toLowerCase().slice(0, 2);
  const folded = foldText(body);
  const tokens = tokenize(folded);
  const sentences = splitSentences(body, folded);
  if (sentences.length === 0) return [];
  const dates = findDates(body, language);
  const mentions = findMentions(body, folded, tokens, language, dates.covered);
  const drafts = buildDrafts(mentions, tokens, folded, sentences);
  const cues = new Map<number, SentenceCues>();
  const cuesOf = (si: number) => {
    let c = cues.get(si);
    if (!c) {
      const s = sentences[si] as Sentence;
      c = sentenceCues(tokens, tokenIndexAt(tokens, s.start), tokenIndexAt(tokens, s.end));
      cues.set(si, c);
    }
    return c;
  };

  // What each figure counts.
  for (let k = 0; k < drafts.length; k++) {
    const d = drafts[k] as Draft;
    const s = sentences[d.sentence] as Sentence;
    const next = drafts[k + 1];
    const nextStart = next && next.sentence === d.sentence ? next.spanStart : s.end;
    const nextIndex = next && next.sentence === d.sentence ? next.firstIndex : tokenIndexAt(tokens, s.end);
    const last = d.upper ? d.upper : d.mention;
    d.noun = nounAfter(tokens, folded, last, s.end, nextStart);
    // "two or three soldiers", "30 or 40 years old": the first takes the second's noun.
    if (
      d.noun.cls === null &&
      !d.noun.partitive &&
      next &&
      next.sentence === d.sentence &&
      next.firstIndex === last.last + 2 &&
      OR_WORDS.has((tokens[last.last + 1] as Token).f)
    ) {
      d.noun = nounAfter(tokens, folded, next.upper ?? next.mention, s.end, s.end);
    }
    // "due ragazzi di 15 e 17 anni", "aged 15 and 17 years": an age or a measure shared over "and".
    if (d.noun.cls === null && !d.noun.partitive && next && next.sentence === d.sentence && next.firstIndex === last.last + 2) {
      const join = tokens[last.last + 1] as Token;
      if (AND_WORDS.has(join.f) || join.f === 'i' || join.f === 've' || join.f === 'und' || join.f === 'et') {
        const shared = nounAfter(tokens, folded, next.upper ?? next.mention, s.end, s.end);
        if (shared.cls === 'time') d.noun = { ...shared, start: -1, end: -1, lastIndex: last.last };
      }
    }
    // "five people or more", "٣٨ شخصاً على الأقل": a qualifier after the noun.
    if (d.qualifier === 'exact' && d.noun.cls !== null) {
      const after = qualifierAfter(tokens, folded, d.noun.lastIndex, 0);
      if (after) {
        d.qualifier = after.rule.qualifier;
        d.approximate = after.rule.approximate;
        d.spanEnd = after.end;
      }
    }
    const sc = cuesOf(d.sentence);
    d.cue = chooseCue(tokens, folded, sc.cues, d.firstIndex, d.spanStart, last.last, d.noun.lastIndex, nextIndex);
    const decided = decideCounted({
      mention: d.mention,
      noun: d.noun,
      cue: d.noun.cls === null && d.cue?.how === 'preceding' ? null : d.cue,
      sentence: sc,
      integer: Number.isInteger(d.mention.value),
      firstIndex: d.firstIndex,
    });
    d.counted = decided.counted;
    d.drop = decided.drop || (d.mention.ordinal && d.noun.cls === null && d.cue === null);
    if (d.mention.yearLike && d.noun.cls === null) d.drop = true;
    const before = tokens.slice(Math.max(tokenIndexAt(tokens, s.start), d.firstIndex - 6), d.firstIndex);
    // "raise the retirement age to 64 from 62", "повысить пенсионный возраст с 62 до 64 лет": ages, never counts.
    if (d.noun.cls === null && !d.mention.percent && !d.mention.currency && before.some((t) => AGE_WORD.test(t.f))) d.drop = true;
    // "one in three trains", "uno de cada tres", "un sur trois": a ratio, not a count.
    if (RATIO_BEFORE.test(folded.slice(Math.max(s.start, d.spanStart - 16), d.spanStart))) d.drop = true;
    // "magnitude 7", "magnitudo 7", "6,6 büyüklüğündeki": a magnitude counts no one.
    const prevTok = tokens[d.firstIndex - 1];
    if (prevTok && MAGNITUDE.test(prevTok.f) && prevTok.start >= s.start) {
      d.counted = 'other';
      d.cue = null;
      d.noun = { ...d.noun, cls: 'thing' };
    }
    // "2,750 tonnes of ammonium nitrate": tonnes of a chemical or explosive are no aid.
    if (d.counted === 'aid_tonnes' && CHEMICAL.test(folded.slice(d.spanEnd, Math.min(s.end, d.spanEnd + 40)))) d.counted = 'other';
  }
  // "20 militares e três polícias desertaram": coordinated figures share the event that follows them.
  for (let k = drafts.length - 2; k >= 0; k--) {
    const d = drafts[k] as Draft;
    const next = drafts[k + 1] as Draft;
    if (d.cue || d.noun.cls === null || next.sentence !== d.sentence || !next.cue || next.cue.how === 'preceding') continue;
    const join = tokens[d.noun.lastIndex + 1];
    if (next.firstIndex !== d.noun.lastIndex + 2 || !join || !AND_WORDS.has(join.f)) continue;
    d.cue = next.cue;
    const decided = decideCounted({
      mention: d.mention,
      noun: d.noun,
      cue: d.cue,
      sentence: cuesOf(d.sentence),
      integer: Number.isInteger(d.mention.value),
      firstIndex: d.firstIndex,
    });
    d.counted = decided.counted;
  }
  // A number with no noun of its own ("then 60", "nove contra", "das quais 40") counts what the one before it in the
  // sentence counts; failing that, what its event says; failing that, what the next one counts ("първо 23, а после 60 дезертьори").
  const kept = drafts.filter((d) => !d.drop);
  for (let k = 0; k < kept.length; k++) {
    const d = kept[k] as Draft;
    if (d.noun.cls !== null || (d.cue !== null && d.cue.how !== 'preceding') || d.mention.percent || d.mention.currency || !Number.isInteger(d.mention.value))
      continue;
    const prev = kept[k - 1];
    if (prev && prev.sentence === d.sentence && prev.counted !== 'other' && prev.counted !== 'share_percent' && prev.counted !== 'money') {
      d.counted = prev.counted;
      continue;
    }
    const sc = cuesOf(d.sentence);
    const byCue = decideCounted({ mention: d.mention, noun: d.noun, cue: d.cue, sentence: sc, integer: true, firstIndex: d.firstIndex });
    if (byCue.counted !== 'other') {
      d.counted = byCue.counted;
      continue;
    }
    const nxt = kept[k + 1];
    if (nxt && nxt.sentence === d.sentence && nxt.noun.cls !== null && nxt.firstIndex - d.lastIndex <= 6) {
      d.counted = nxt.counted;
      continue;
    }
    // "Синдикатът обяви цифрата 3,5 милиона" after "Над 1,2 милиона души протестираха": a bare number of the same order as
    // the people count before it in its paragraph counts the same people.
    for (let j = k - 1; j >= 0; j--) {
      const before = kept[j] as Draft;
      if (!sameParagraph(sentences, before.sentence, d.sentence)) break;
      if (!PEOPLE.has(before.counted)) continue;
      if (sameOrder(before.mention.value, d.mention.value)) d.counted = before.counted;
      break;
    }
  }
  for (const d of kept) if (d.mention.ordinal && (d.counted === 'other' || d.counted === 'share_percent')) d.drop = true;
  // "the three defectors", "two of them": restatements and parts of a count already given (references.ts).
  const candidates = kept.filter((d) => !d.drop);
  const refers = backReferences(
    candidates.map((d) => {
      const s = sentences[d.sentence] as Sentence;
      const prev = tokens[d.firstIndex - 1];
      return {
        counted: d.counted,
        value: d.mention.value,
        exact: d.qualifier === 'exact' && !d.approximate && d.upper === null,
        before: prev && prev.start >= s.start && isDeterminer(prev) ? prev.f : null,
        partitive: d.noun.partitive,
        bare: d.noun.cls === null && !d.noun.partitive,
        paragraph: s.paragraph,
      };
    }),
  );
  const live = candidates.filter((_, k) => !refers[k]);

  // Who says it and when.
  const attributions = new Map<number, LocatedAttribution[]>();
  const paragraphs = new Map<number, Sentence[]>();
  for (const s of sentences) {
    const list = paragraphs.get(s.paragraph);
    if (list) list.push(s);
    else paragraphs.set(s.paragraph, [s]);
  }
  const attributionOf = (si: number) => {
    if (!attributions.has(si)) {
      const s = sentences[si] as Sentence;
      attributions.set(si, attributionsIn(body, folded, s, paragraphs.get(s.paragraph) ?? [s]));
    }
    return attributions.get(si) ?? [];
  };
  const quoted = new Map<number, boolean>();
  const quotes = (si: number) => {
    let q = quoted.get(si);
    if (q === undefined) {
      const s = sentences[si] as Sentence;
      q = QUOTE.test(body.slice(s.start, s.end));
      quoted.set(si, q);
    }
    return q;
  };
  const times = findTimes(body, folded, language, options.publishedAt, dates);
  const figures: ExtractedFigure[] = [];
  for (let k = 0; k < live.length; k++) {
    const d = live[k] as Draft;
    const s = sentences[d.sentence] as Sentence;
    const located = nearestAttribution(attributionOf(d.sentence), d, live);
    const attribution: Attribution | null =
      located ??
      neighbourAttribution(quotes, sentences, d.sentence, (j) => attributionOf(j)[0] ?? null) ??
      anaphoricAttribution(sentences, d.sentence, attributionOf);
    // "… the agency said Sunday": a time on the attribution dates every figure it covers.
    const time = timeFor(times, d, live[k - 1], live[k + 1], s) ?? (located ? timeOfAttribution(times, located) : null);
    const numbers = numbersOf(d);
    figures.push({
      ...numbers,
      unit: d.mention.percent ? '%' : (d.mention.currency ?? (d.counted === 'aid_tonnes' ? 't' : null)),
      counted: d.counted,
      countedText: d.noun.start >= 0 && d.noun.end > d.noun.start ? body.slice(d.noun.start, d.noun.end) : null,
      attribution: attribution?.text ?? null,
      source: attribution?.source ?? null,
      relayedBy: attribution?.relayedBy ?? null,
      timeText: time?.text ?? null,
      timeDate: time?.date ?? null,
      spanStart: d.spanStart,
      spanEnd: d.spanEnd,
      sentenceStart: Math.min(s.start, d.spanStart),
      sentenceEnd: Math.max(s.end, d.spanEnd),
      supersededBy: null,
    });
  }
  const links = supersede(
    live.map((d) => {
      const s = sentences[d.sentence] as Sentence;
      return {
        counted: d.counted,
        value: d.mention.value,
        start: d.spanStart,
        ordinal: d.mention.ordinal,
        signalBefore: hasSignal(folded.slice(Math.max(s.start, d.spanStart - SIGNAL_WINDOW), d.spanStart)),
      };
    }),
  );
  links.forEach((l, i) => ((figures[i] as ExtractedFigure).supersededBy = l));
  return figures;
}

function buildDrafts(mentions: readonly Mention[], tokens: readonly Token[], folded: string, sentences: readonly Sentence[]): Draft[] {
  const drafts: Draft[] = [];
  for (let i = 0; i < mentions.length; i++) {
    const m = mentions[i] as Mention;
    const next = mentions[i + 1];
    let upper: Mention | null = null;
    let qualifier: FigureQualifier = 'exact';
    let approximate = false;
    let spanStart = m.start;
    let spanEnd = m.end;
    let firstIndex = m.first;
    // Ranges: "between 200 and 300", "entre 150 mil e 200 mil", "бين 200 و300", "50-60".
    const opener = rangeOpener(tokens, m.first);
    if (next && next.value > m.value && !m.percent === !next.percent) {
      const gapTokens = next.first - m.last - 1;
      const joinTok = tokens[m.last + 1];
      const rise = RISE.test(folded.slice(Math.max(0, m.start - 30), opener ? opener.start : m.start));
      const closer = tokens[next.last + 1];
      if (opener && !rise && gapTokens === 1 && joinTok && opener.joins.has(joinTok.f)) {
        upper = next;
        spanStart = opener.start;
      } else if (!opener && gapTokens === 1 && joinTok?.f === 'ile' && closer && /^aras[ıi]nda$/u.test(closer.f)) {
        // Turkish closes the range after it: "18 bin ile 20 bin arasında".
        upper = next;
      } else if (gapTokens === 0 && /^\s?-\s?$/u.test(folded.slice(m.end, next.start)) && !m.yearLike && !next.yearLike) upper = next;
    }
    if (upper) {
      qualifier = 'between';
      spanEnd = upper.end;
      i++;
      // "some 50-60": a hedged range.
      const hedge = opener ? null : qualifierBefore(tokens, folded, m.first, m.start, m.percent);
      if (hedge?.rule.qualifier === 'about') {
        approximate = true;
        spanStart = hedge.start;
        firstIndex = tokenIndexAt(tokens, hedge.start);
      }
    } else {
      const before = qualifierBefore(tokens, folded, m.first, m.start, m.percent);
      if (before) {
        qualifier = before.rule.qualifier;
        approximate = before.rule.approximate;
        spanStart = before.start;
        firstIndex = tokenIndexAt(tokens, before.start);
      } else {
        const after = qualifierAfter(tokens, folded, m.last, 0);
        if (after) {
          qualifier = after.rule.qualifier;
          approximate = after.rule.approximate;
          spanEnd = after.end;
        }
      }
    }
    // "une soixantaine", "una ventina": about, by the words themselves.
    if (qualifier === 'exact' && m.about) {
      qualifier = 'about';
      approximate = true;
    }
    drafts.push({
      mention: m,
      upper,
      qualifier,
      approximate,
      spanStart,
      spanEnd,
      firstIndex,
      lastIndex: (upper ?? m).last,
      sentence: sentenceAt(sentences, m.start),
      noun: { cls: null, partitive: false, start: -1, end: -1, lastIndex: m.last },
      cue: null,
      counted: 'other',
      drop: false,
    });
  }
  return drafts;
}

function numbersOf(d: Draft): Pick<ExtractedFigure, 'qualifier' | 'value' | 'min' | 'max' | 'approximate'> {
  const v = d.mention.value;
  switch (d.qualifier) {
    case 'exact':
      return { qualifier: 'exact', value: v, min: null, max: null, approximate: d.approximate };
    case 'about':
      return { qualifier: 'about', value: v, min: null, max: null, approximate: true };
    case 'more_than':
    case 'at_least':
      return { qualifier: d.qualifier, value: null, min: v, max: null, approximate: d.approximate };
    case 'fewer_than':
    case 'at_most':
      return { qualifier: d.qualifier, value: null, min: null, max: v, approximate: d.approximate };
    case 'between':
      return { qualifier: 'between', value: null, min: v, max: d.upper?.value ?? v, approximate: d.approximate };
  }
}

function timeOfAttribution(times: readonly TimeExpression[], a: LocatedAttribution): TimeExpression | null {
  return times.find((t) => (t.start >= a.start && t.end <= a.end) || (t.start >= a.end && t.start - a.end <= 2)) ?? null;
}

/** The attribution nearest the figure with no other figure of its sentence between them; else the nearest. */
function nearestAttribution(candidates: readonly LocatedAttribution[], d: Draft, all: readonly Draft[]): LocatedAttribution | null {
  if (candidates.length <= 1) return candidates[0] ?? null;
  const distance = (a: LocatedAttribution) => (a.start >= d.spanEnd ? a.start - d.spanEnd : a.end <= d.spanStart ? d.spanStart - a.end : 0);
  const blocked = (a: LocatedAttribution) =>
    all.some(
      (o) =>
        o !== d &&
        o.sentence === d.sentence &&
        (a.start >= d.spanEnd ? o.spanStart >= d.spanEnd && o.spanEnd <= a.start : o.spanEnd <= d.spanStart && o.spanStart >= a.end),
    );
  const sorted = [...candidates].sort((x, y) => distance(x) - distance(y));
  return sorted.find((a) => !blocked(a)) ?? sorted[0] ?? null;
}

const QUOTE = /["“”«»„]/u;

/**
 * A quotation running over several sentences is attributed once, at its end
 * ('"In the last few hours, 156… regime," he said'): a figure's sentence that
 * quotes takes the attribution of the next (or previous) quoting sentence of
 * its paragraph.
 */
function neighbourAttribution(
  quotes: (i: number) => boolean,
  sentences: readonly Sentence[],
  si: number,
  of: (i: number) => Attribution | null,
): Attribution | null {
  const s = sentences[si] as Sentence;
  if (!quotes(si)) return null;
  for (const j of [si + 1, si - 1]) {
    const n = sentences[j];
    if (n && n.paragraph === s.paragraph && quotes(j)) {
      const a = of(j);
      if (a) return a;
    }
  }
  return null;
}

/**
 * "… зросла до 135 людей. Про це повідомив міністр …", "… getötet worden. Das teilte das Ermittlungskomitee mit.":
 * a sentence that opens by pointing back ("Про це", "Об этом", "Das", "Lo") attributes the sentence before it.
 */
function anaphoricAttribution(sentences: readonly Sentence[], si: number, of: (i: number) => LocatedAttribution[]): Attribution | null {
  const next = sentences[si + 1];
  if (!next || next.paragraph !== (sentences[si] as Sentence).paragraph) return null;
  return of(si + 1).find((a) => a.anaphoric) ?? null;
}

/** The time expression of the figure's sentence nearest to it, with no other figure in between. */
function timeFor(times: readonly TimeExpression[], d: Draft, prev: Draft | undefined, next: Draft | undefined, s: Sentence): TimeExpression | null {
  const lo = prev && prev.sentence === d.sentence ? prev.spanEnd : s.start;
  const hi = next && next.sentence === d.sentence ? next.spanStart : s.end;
  let best: TimeExpression | null = null;
  let bestDistance = Infinity;
  for (const t of times) {
    if (t.start < lo || t.end > hi) continue;
    if (t.start < d.spanEnd && d.spanStart < t.end) continue;
    const distance = t.start >= d.spanEnd ? t.start - d.spanEnd : d.spanStart - t.end;
    if (distance < bestDistance) {
      best = t;
      bestDistance = distance;
    }
  }
  return best;
}
