// Deterministic news-style articles with figures for the figures benchmarks
// (issue 13), in pt, en, es, bg and ar, from the phrase banks of
// figure-lexicons.ts: 600–1,500 words of paragraphs mixing figure sentences
// (digits, grouped digits, decimals with a scale word, number words, Eastern
// Arabic digits; qualifiers, attributions with a relaying outlet, time
// expressions resolved against the published date) with filler and traps
// (dates, clock times, phone numbers, years, "one of them"). Each article
// also returns the figures it planted, with spans into its body, so a bench
// desk can store them as a reviewer would see them extracted. The same n,
// series and options always give the same article.
import type { FigureCounted, FigureQualifier } from '../../lib/validation/figures';
import { type FigureLanguage, type HedgedQualifier, LEXICONS, type Lexicon, type TimeKind } from './figure-lexicons';
import { random } from './synthetic-claims';

export { FIGURE_LANGUAGES, type FigureLanguage } from './figure-lexicons';

export type PlantedFigure = {
  qualifier: FigureQualifier;
  value: number | null;
  min: number | null;
  max: number | null;
  approximate: boolean;
  unit: string | null;
  counted: FigureCounted;
  countedText: string;
  attribution: string | null;
  source: string | null;
  relayedBy: string | null;
  timeText: string | null;
  timeDate: string | null;
  spanStart: number;
  spanEnd: number;
  sentenceStart: number;
  sentenceEnd: number;
};

export type FigureArticle = {
  language: FigureLanguage;
  title: string;
  body: string;
  /** Headline, blank line, body: what an import reads. */
  text: string;
  outlet: string;
  publishedAt: Date;
  words: number;
  figures: PlantedFigure[];
};

export type FigureArticleOptions = {
  language: FigureLanguage;
  /** Another series gives other articles for the same n. */
  series?: number;
  /** Exactly this many figure sentences; otherwise about one sentence in three has a figure. */
  figures?: number;
  /** Word count range, 600–1,500 by default. */
  words?: readonly [number, number];
  publishedAt?: Date;
  /** What the figures count, weighted; all of the vocabulary alike by default. */
  counted?: ReadonlyArray<readonly [FigureCounted, number]>;
  /** The figure's number: a scenario (a story's numbers rising over time) instead of random magnitudes. */
  value?: (counted: FigureCounted, context: { rnd: () => number; publishedAt: Date; source: string | null }) => number;
  /** Sources to quote (one of them per attributed figure); the language's own by default. */
  sources?: readonly string[];
};

type Rnd = () => number;
const DAY = 86_400_000;
const FIGURE_SHARE = 0.32;
const TRAP_SHARE = 0.1;
const DEFAULT_PUBLISHED = Date.UTC(2019, 1, 24, 9, 0);

/** Random magnitudes per counted, low–high (log-uniform). */
const MAGNITUDES: Readonly<Record<FigureCounted, readonly [number, number]>> = {
  people_defected: [2, 1_500],
  people_killed: [2, 200],
  people_injured: [2, 500],
  people_missing: [2, 300],
  people_detained: [2, 800],
  people_displaced: [50, 3_400_000],
  people_protesting: [100, 200_000],
  people_other: [2, 5_000],
  troops_total: [20_000, 400_000],
  aid_tonnes: [5, 600],
  aid_shipments: [2, 300],
  money: [100_000, 900_000_000],
  countries: [3, 60],
  share_percent: [2, 95],
  other: [2, 5_000],
};
const UNITS: Partial<Record<FigureCounted, string>> = { aid_tonnes: 't', money: 'USD', share_percent: '%' };
const PEOPLE = new Set<FigureCounted>([
  'people_defected',
  'people_killed',
  'people_injured',
  'people_detained',
  'people_displaced',
  'people_protesting',
  'troops_total',
]);
const QUALIFIERS: ReadonlyArray<readonly [HedgedQualifier | 'exact' | 'between', number]> = [
  ['exact', 0.4],
  ['about', 0.18],
  ['more_than', 0.12],
  ['more_than~', 0.04],
  ['at_least', 0.08],
  ['fewer_than', 0.04],
  ['fewer_than~', 0.04],
  ['at_most', 0.03],
  ['between', 0.07],
];

const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

function weighted<T>(rnd: Rnd, list: ReadonlyArray<readonly [T, number]>): T {
  const total = list.reduce((s, [, w]) => s + w, 0);
  let u = rnd() * total;
  for (const [item, w] of list) {
    u -= w;
    if (u < 0) return item;
  }
  return list.at(-1)![0];
}

const EASTERN = '٠١٢٣٤٥٦٧٨٩';
const eastern = (s: string) =>
  s
    .replace(/\d/g, (d) => EASTERN[Number(d)]!)
    .replace(/,/g, '٬')
    .replace(/\./g, '٫');

function grouped(value: number, separator: string): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** A number as the language's press writes it; `words` allows number words. Returns the text and the exact value it says. */
function renderNumber(rnd: Rnd, lex: Lexicon, raw: number, options: { words: boolean; person: boolean }): { text: string; value: number; after: string } {
  const words = options.person && lex.personWords ? lex.personWords : lex.words;
  const asWords = words[raw];
  if (options.words && asWords && rnd() < 0.5) return { text: asWords, value: raw, after: '' };
  let text: string;
  let value = raw;
  let after = '';
  if (raw >= 1_000_000) {
    const tenths = Math.round(raw / 100_000);
    value = tenths * 100_000;
    const n = tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}${lex.decimal}${tenths % 10}`;
    text = `${n} ${value === 1_000_000 ? lex.million[0] : lex.million[1]}`;
    after = lex.millionOf ?? '';
  } else {
    text = raw >= 1_000 && (raw >= 10_000 || rnd() < 0.8) ? grouped(raw, lex.group) : String(raw);
  }
  if (lex.easternDigits && rnd() < 0.4) text = eastern(text);
  return { text, value, after };
}

/** A number for a counted thing: random magnitude, rounded as reporters round. */
function magnitude(rnd: Rnd, counted: FigureCounted): number {
  const [lo, hi] = MAGNITUDES[counted];
  const raw = Math.exp(Math.log(lo) + rnd() * (Math.log(hi) - Math.log(lo)));
  return roundLikeReporters(rnd, raw);
}

function roundLikeReporters(rnd: Rnd, raw: number): number {
  if (raw < 30 || rnd() < 0.35) return Math.max(1, Math.round(raw));
  const step = raw < 1_000 ? 10 : raw < 100_000 ? 100 : 1_000;
  return Math.max(step, Math.round(raw / step) * step);
}

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** A time phrase in the sentence, the expression as written, and the day it means. */
function timePhrase(rnd: Rnd, lex: Lexicon, publishedAt: Date): { phrase: string; text: string; date: string } | null {
  if (rnd() < 0.35) return null;
  const [kind, template]: readonly [TimeKind, string] = pick(rnd, lex.times);
  const published = publishedAt.getTime();
  const back = 1 + Math.floor(rnd() * 6);
  const day = kind === 'weekday' || kind === 'date' ? published - back * DAY : kind === 'yesterday' ? published - DAY : published;
  const d = new Date(day);
  const filled = template
    .replace('{weekday}', lex.weekdays[d.getUTCDay()]!)
    .replace('{date}', lex.day.replace('{d}', String(d.getUTCDate())).replace('{month}', lex.months[d.getUTCMonth()]!));
  const [before, text] = filled.includes('|') ? (filled.split('|') as [string, string]) : ['', filled];
  return { phrase: `${before}${text}`, text, date: isoDay(day) };
}

type Sentence = { text: string; figure?: Omit<PlantedFigure, 'spanStart' | 'spanEnd' | 'sentenceStart' | 'sentenceEnd'> & { start: number; end: number } };

function fill(rnd: Rnd, lex: Lexicon, template: string): string {
  return template.replace(/\{(place|person)\}/g, (_, slot: string) => pick(rnd, slot === 'place' ? lex.places : lex.people));
}

const capitalize = (s: string) => {
  const first = s[0]!.toUpperCase();
  return first.length === 1 ? first + s.slice(1) : s;
};

function figureSentence(rnd: Rnd, lex: Lexicon, options: FigureArticleOptions, publishedAt: Date): Sentence {
  const available = Object.keys(lex.counted) as FigureCounted[];
  const counted = options.counted
    ? weighted(
        rnd,
        options.counted.filter(([c]) => available.includes(c)),
      )
    : pick(rnd, available);
  const template = pick(rnd, lex.counted[counted]!);
  const source = rnd() < 0.85 ? pick(rnd, options.sources ?? lex.sources) : null;
  const relay = source && rnd() < 0.35 ? pick(rnd, lex.relays) : null;
  const raw = options.value ? roundLikeReporters(rnd, options.value(counted, { rnd, publishedAt, source })) : magnitude(rnd, counted);
  let qualifier = weighted(rnd, QUALIFIERS);
  if (counted === 'share_percent' && raw > 90) qualifier = 'exact';
  const person = PEOPLE.has(counted);
  const words = counted !== 'share_percent' && counted !== 'money';
  let figureText: string;
  let after = '';
  let numbers: Pick<PlantedFigure, 'qualifier' | 'value' | 'min' | 'max' | 'approximate'>;
  if (qualifier === 'between') {
    const a = renderNumber(rnd, lex, raw, { words: false, person });
    const b = renderNumber(rnd, lex, roundLikeReporters(rnd, raw * (1.15 + rnd() * 0.5)) + 1, { words: false, person });
    figureText = lex.between.replace('{a}', a.text).replace('{b}', b.text);
    numbers = { qualifier: 'between', value: null, min: a.value, max: Math.max(a.value, b.value), approximate: false };
  } else {
    const n = renderNumber(rnd, lex, raw, { words, person });
    const approximate = qualifier.endsWith('~');
    const q = qualifier.replace('~', '') as FigureQualifier;
    after = n.after;
    figureText = q === 'exact' ? n.text : `${pick(rnd, lex.qualifiers[qualifier as HedgedQualifier])}${n.text}`;
    const bound = q === 'more_than' || q === 'at_least' ? 'min' : q === 'fewer_than' || q === 'at_most' ? 'max' : 'value';
    numbers = { qualifier: q, value: null, min: null, max: null, approximate, [bound]: n.value };
  }
  const time = timePhrase(rnd, lex, publishedAt);
  const countedText = /\[([^\]]+)\]/.exec(template)![1]!;
  const [pre, post] = template.replace(/\[([^\]]+)\]/, '$1').split('{fig}') as [string, string];
  const clause = `${pre}${figureText}${after}${post}${time ? ` ${time.phrase}` : ''}`;
  const lead = source !== null && rnd() < 0.4;
  const attribution = source ? pick(rnd, lead ? lex.lead : lex.tail.filter((t) => relay || !t.includes('{relay}'))) : '';
  const said = attribution.replace('{src}', source ?? '').replace('{relay}', relay ?? '');
  const text = capitalize(lead ? `${said}${clause}.` : `${clause}${said}.`);
  const start = (lead ? said.length : 0) + pre.length;
  return {
    text,
    figure: {
      ...numbers,
      unit: UNITS[counted] ?? null,
      counted,
      countedText,
      attribution: source ? said.replace(/^[,،]\s*|[,،]\s*$/gu, '').trim() : null,
      source,
      relayedBy: relay && said.includes(relay) ? relay : null,
      timeText: time?.text ?? null,
      timeDate: time ? time.date : null,
      start,
      end: start + figureText.length,
    },
  };
}

function otherSentence(rnd: Rnd, lex: Lexicon, previous: Sentence | undefined): Sentence {
  for (;;) {
    const text = fill(rnd, lex, pick(rnd, rnd() < TRAP_SHARE / (1 - FIGURE_SHARE) ? lex.traps : lex.fillers));
    if (text !== previous?.text) return { text };
  }
}

const wordCount = (s: string) => s.split(/\s+/u).filter(Boolean).length;

/** The n-th article of a series in a language. */
export function figureArticle(n: number, options: FigureArticleOptions): FigureArticle {
  const { language } = options;
  const lex = LEXICONS[language];
  const rnd = random(
    Math.imul(n + 1, 2654435761) ^ Math.imul(options.series ?? 1, 40503) ^ Math.imul(language.charCodeAt(0) * 31 + language.charCodeAt(1), 97),
  );
  const publishedAt = options.publishedAt ?? new Date(DEFAULT_PUBLISHED + Math.floor(rnd() * 20) * DAY);
  const [lo, hi] = options.words ?? [600, 1_500];
  const target = lo + Math.floor(rnd() * (hi - lo));
  const sentences: Sentence[] = [];
  let words = 0;
  if (options.figures === undefined) {
    while (words < target) {
      const s = rnd() < FIGURE_SHARE ? figureSentence(rnd, lex, options, publishedAt) : otherSentence(rnd, lex, sentences.at(-1));
      sentences.push(s);
      words += wordCount(s.text);
    }
  } else {
    const figures = Array.from({ length: options.figures }, () => figureSentence(rnd, lex, options, publishedAt));
    words = figures.reduce((w, s) => w + wordCount(s.text), 0);
    while (words < target) {
      const s = otherSentence(rnd, lex, sentences.at(-1));
      sentences.push(s);
      words += wordCount(s.text);
    }
    // Spread through the article, in their own order.
    const at = figures.map(() => Math.floor(rnd() * (sentences.length + 1))).sort((a, b) => a - b);
    for (let i = figures.length - 1; i >= 0; i--) sentences.splice(at[i]!, 0, figures[i]!);
  }
  let body = '';
  const planted: PlantedFigure[] = [];
  let inParagraph = 0;
  let paragraphLength = 2 + Math.floor(rnd() * 4);
  for (const s of sentences) {
    if (body) body += inParagraph === 0 ? '\n\n' : ' ';
    const sentenceStart = body.length;
    body += s.text;
    if (s.figure) {
      const { start, end, ...rest } = s.figure;
      planted.push({ ...rest, spanStart: sentenceStart + start, spanEnd: sentenceStart + end, sentenceStart, sentenceEnd: body.length });
    }
    inParagraph += 1;
    if (inParagraph >= paragraphLength) {
      inParagraph = 0;
      paragraphLength = 2 + Math.floor(rnd() * 4);
    }
  }
  const title = fill(rnd, lex, pick(rnd, lex.headlines));
  return { language, title, body, text: `${title}\n\n${body}\n`, outlet: pick(rnd, lex.outlets), publishedAt, words, figures: planted };
}
