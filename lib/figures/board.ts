// The figures board of a story (issue 13): its live figures grouped by what
// they count, with the conflicts a reviewer should check first and the
// progressions that only look like conflicts. Pure and client-safe (the board
// page, the exports and GET /api/stories/{id}/figures share it).
import { FIGURE_COUNTED, FIGURE_COUNTED_LABELS } from '../validation/vocabulary';
import type { FigureBreakdown, FigureConflict, FigureDto, FigureGroup, FigureProgression } from '../validation/figures';
import { formatDate } from '../utils/format';
import { lazy } from '../utils/lazy';

/**
 * How far an approximate figure reaches: "about 104" covers 104 ± 10%, and
 * never less than ± 1 ("about 5" is 4 to 6). Approximate bounds ("just over a
 * hundred") widen outwards by the same amount.
 */
export const APPROXIMATE_TOLERANCE = 0.1;
/** The conflicts listed per group; `conflictCount` says how many there are in all. */
export const CONFLICT_LIST_CAP = 50;
/**
 * Two figures of one group are compared only when the larger is at most this many times the smaller: "4 crossed this
 * morning" and "567 since Saturday", or "2 injured" and "300 injured", count different scopes (one incident against a
 * running total, one town against a country), not the same thing told two ways.
 */
export const SCOPE_RATIO = 4;

/** Which numbers a figure allows. Open ends leave the bound out: ">100" is (100, ∞). */
export type FigureInterval = { lo: number; hi: number; loOpen: boolean; hiOpen: boolean };

const widen = (n: number) => Math.max(Math.abs(n) * APPROXIMATE_TOLERANCE, 1);

export function figureInterval(f: Pick<FigureDto, 'qualifier' | 'value' | 'min' | 'max' | 'approximate'>): FigureInterval {
  const value = f.value ?? 0;
  const min = f.min ?? 0;
  const max = f.max ?? 0;
  const wMin = f.approximate ? widen(min) : 0;
  const wMax = f.approximate ? widen(max) : 0;
  switch (f.qualifier) {
    case 'exact':
      return f.approximate ? closed(value - widen(value), value + widen(value)) : closed(value, value);
    case 'about':
      return closed(value - widen(value), value + widen(value));
    case 'more_than':
      return { lo: min - wMin, hi: Infinity, loOpen: true, hiOpen: false };
    case 'at_least':
      return { lo: min - wMin, hi: Infinity, loOpen: false, hiOpen: false };
    case 'fewer_than':
      return { lo: floorFor(max), hi: max + wMax, loOpen: false, hiOpen: true };
    case 'at_most':
      return { lo: floorFor(max), hi: max + wMax, loOpen: false, hiOpen: false };
    case 'between':
      return closed(min - wMin, max + wMax);
  }
}

const closed = (lo: number, hi: number): FigureInterval => ({ lo, hi, loOpen: false, hiOpen: false });
/** "Fewer than 10" counts from 0; a bound at or below 0 (a loss, a fall) has no floor. */
const floorFor = (max: number) => (max > 0 ? 0 : -Infinity);

/** Whether two intervals share at least one number. */
export function intervalsOverlap(a: FigureInterval, b: FigureInterval): boolean {
  return !before(a, b) && !before(b, a);
}

// An interval's ends as points of one total order, so "a ends before b
// starts" is one comparison: at the same number a closed end (tag 1) meets a
// closed start (tag 1), while an open end (0) or an open start (2) keeps them apart.
type Point = { v: number; tag: number };
const endPoint = (i: FigureInterval): Point => ({ v: i.hi, tag: i.hiOpen ? 0 : 1 });
const startPoint = (i: FigureInterval): Point => ({ v: i.lo, tag: i.loOpen ? 2 : 1 });
const comparePoints = (p: Point, q: Point) => (p.v === q.v ? p.tag - q.tag : p.v < q.v ? -1 : 1);
const before = (a: FigureInterval, b: FigureInterval) => comparePoints(endPoint(a), startPoint(b)) < 0;

// ---------------------------------------------------------------------------
// Display

const plain = lazy(() => new Intl.NumberFormat('en', { maximumFractionDigits: 3 }));
const compact = lazy(() => new Intl.NumberFormat('en', { notation: 'compact', compactDisplay: 'long', maximumFractionDigits: 2 }));

/** 365315 → "365,315"; 1600000 → "1.6 million" (round millions and up only: 1,234,567 stays exact). */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? '∞' : '−∞';
  if (Math.abs(n) >= 1e6 && Number(n.toPrecision(3)) === n) return compact().format(n);
  return plain().format(n);
}

const withUnit = (text: string, unit: string | null | undefined) => (unit === '%' ? `${text}%` : text);

/** The figure as a board cell shows it: "567", "≈104", ">100", "≥5", "50–60", "1.6 million", "12%". */
export function formatFigure(f: Pick<FigureDto, 'qualifier' | 'value' | 'min' | 'max' | 'approximate'> & { unit?: string | null }): string {
  const n = (x: number | null) => withUnit(formatNumber(x ?? 0), f.unit);
  const approx = f.approximate ? '≈' : '';
  switch (f.qualifier) {
    case 'exact':
      return `${approx}${n(f.value)}`;
    case 'about':
      return `≈${n(f.value)}`;
    case 'more_than':
      return `>${approx}${n(f.min)}`;
    case 'at_least':
      return `≥${approx}${n(f.min)}`;
    case 'fewer_than':
      return `<${approx}${n(f.max)}`;
    case 'at_most':
      return `≤${approx}${n(f.max)}`;
    case 'between':
      return `${approx}${n(f.min)}–${n(f.max)}`;
  }
}

/** The figure in words, for sentences: "more than 100", "about 104", "between 50 and 60". */
export function describeFigure(f: Pick<FigureDto, 'qualifier' | 'value' | 'min' | 'max' | 'approximate'> & { unit?: string | null }): string {
  const n = (x: number | null) => withUnit(formatNumber(x ?? 0), f.unit);
  const roughly = f.approximate ? 'roughly ' : '';
  switch (f.qualifier) {
    case 'exact':
      return `${roughly}${n(f.value)}`;
    case 'about':
      return `about ${n(f.value)}`;
    case 'more_than':
      return `${f.approximate ? 'just over' : 'more than'} ${n(f.min)}`;
    case 'at_least':
      return `${roughly}at least ${n(f.min)}`;
    case 'fewer_than':
      return `${f.approximate ? 'just under' : 'fewer than'} ${n(f.max)}`;
    case 'at_most':
      return `${roughly}at most ${n(f.max)}`;
    case 'between':
      return `${roughly}between ${n(f.min)} and ${n(f.max)}`;
  }
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

// ---------------------------------------------------------------------------
// Sources and time

/** Case, accents and spacing folded: "Migración Colombia" and " migracion  COLOMBIA" are one source. */
export function normaliseSource(text: string | null | undefined): string | null {
  if (!text) return null;
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return folded === '' ? null : folded;
}

/**
 * Who a figure's number comes from: the named source, else the attribution as
 * written, else the outlet. A figure with none of them is its own article's:
 * two unattributed articles are not taken to be one source.
 */
export function figureSourceKey(f: Pick<FigureDto, 'attribution' | 'article' | 'claimId'>): string {
  return normaliseSource(f.attribution.source) ?? normaliseSource(f.attribution.text) ?? normaliseSource(f.article.outlet) ?? `article:${f.claimId}`;
}

// One source written many ways within a story: "Migração da Colômbia", "gabinete de Migração da Colômbia",
// "Migración Colombia", "Colombia's migration agency"; "Marco Rubio" and "Rubio". A source's words are folded
// (accents, case, Cyrillic to Latin), function words and office heads dropped, and each word cut to a stem of
// five letters, so cognates across pt/es/en ("migração", "migración", "migration"; "Colômbia", "Colombian") meet;
// office words ("gabinete de", "agency", "authorities") say what a source is, not which, and are left out.
// Two sources are one when the words of one are all among the other's and they share a name word (a word written
// with a capital, or any word in a script without case); a source whose words fit two sources that are not one
// ("Rubio" beside "Marco Rubio" and "Ana Rubio") is left alone. "Colombian army" and "Venezuelan army" share
// only a generic word and stay two.
const CYRILLIC: Record<string, string> = Object.fromEntries(
  'а:a б:b в:v г:g д:d е:e ж:zh з:z и:i й:y к:k л:l м:m н:n о:o п:p р:r с:s т:t у:u ф:f х:h ц:ts ч:ch ш:sh щ:sht ъ:a ь:y ю:yu я:ya'
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);
const SOURCE_STOP = new Set(
  `the a an of and for 's s to by on in at from its their his her this that these those
   o a os as de da do das dos e em no na um uma pelo pela ao
   el la los las del y en un una al lo
   le les du des et au aux
   и на от за в по към с
   و في من عن على ال`
    .split(/\s+/u)
    .filter(Boolean),
);
// Office words: what a source is, not which one ("agency", "gabinete", "службата"); never a name word alone.
const SOURCE_GENERIC = new Set(
  `agency agencies office authority authorities service services official officials ministry department government
   spokesman spokeswoman spokesperson journalist reporter director head
   gabinete agencia agência autoridade autoridades serviço serviços órgão orgao governo ministério porta-voz jornalista diretor
   autoridad servicio servicios organismo gobierno ministerio vocero portavoz periodista
   агенция служба службата власти властите министерство говорител
   وكالة هيئة سلطات وزارة`
    .split(/\s+/u)
    .filter(Boolean)
    .map((w) => stem(foldWord(w))),
);
function foldWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[а-я]/gu, (c) => CYRILLIC[c] ?? c);
}

function stem(word: string): string {
  return word.length > 5 ? word.slice(0, 5) : word;
}

type SourceWords = { words: Set<string>; names: Set<string> };

function sourceWords(text: string): SourceWords {
  const words = new Set<string>();
  const generic = new Set<string>();
  const names = new Set<string>();
  for (const m of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const folded = foldWord(m[0]);
    if (SOURCE_STOP.has(folded)) continue;
    const w = stem(folded);
    if (SOURCE_GENERIC.has(w)) {
      generic.add(w);
      continue;
    }
    words.add(w);
    // A capital marks a name; a script without case (Arabic) has no such mark, so any word may be one.
    if (/^\p{Lu}/u.test(m[0]) || !/[\p{Lu}\p{Ll}]/u.test(m[0])) names.add(w);
  }
  // Office words say which source only when nothing else does ("the agency").
  return { words: words.size > 0 ? words : generic, names };
}

const within = (a: Set<string>, b: Set<string>) => [...a].every((w) => b.has(w));

/**
 * The story's sources folded into one key each: for every written source key
 * (figureSourceKey), the key of the source it is one with (the fullest way it
 * is written). Keys with no name word in common stay as they are.
 */
export function foldSourceKeys(written: ReadonlyMap<string, string>): Map<string, string> {
  const keys = [...written.keys()].filter((k) => !k.startsWith('article:'));
  const parsed = new Map(keys.map((k) => [k, sourceWords(written.get(k) ?? k)]));
  // The fullest first, so a short way of writing joins what the long ones already made one.
  keys.sort((a, b) => (parsed.get(b)?.words.size ?? 0) - (parsed.get(a)?.words.size ?? 0) || (a < b ? -1 : 1));
  const root = new Map(keys.map((k) => [k, k]));
  const find = (k: string): string => {
    let r = k;
    for (let up = root.get(r); up !== undefined && up !== r; up = root.get(r)) r = up;
    return r;
  };
  // Keys by word, so a key is compared only with the fuller keys holding one of its name words.
  const byWord = new Map<string, number[]>();
  keys.forEach((k, i) => {
    for (const w of parsed.get(k)?.words ?? []) {
      const list = byWord.get(w);
      if (list) list.push(i);
      else byWord.set(w, [i]);
    }
  });
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const small = parsed.get(k) as SourceWords;
    if (small.words.size === 0) continue;
    const into = new Set<string>();
    const candidates = new Set<number>();
    for (const w of small.names) for (const j of byWord.get(w) ?? []) if (j < i) candidates.add(j);
    for (const j of candidates) {
      const other = keys[j] as string;
      const big = parsed.get(other) as SourceWords;
      if (!within(small.words, big.words)) continue;
      if (![...small.names].some((w) => big.words.has(w))) continue;
      into.add(find(other));
    }
    if (into.size === 1) root.set(find(k), [...into][0] as string);
  }
  return new Map([...written.keys()].map((k) => [k, root.has(k) ? find(k) : k]));
}

/** The source as people read it, or null when the article names none. */
export function figureSourceName(f: Pick<FigureDto, 'attribution' | 'article'>): string | null {
  for (const s of [f.attribution.source, f.attribution.text, f.article.outlet]) if (s && s.trim() !== '') return s.trim();
  return null;
}

/** The day a figure speaks of: its own time expression's, else the article's publication day. */
export function figureDate(f: Pick<FigureDto, 'time' | 'article'>): string | null {
  if (f.time.date) return f.time.date;
  if (!f.article.publishedAt) return null;
  const t = new Date(f.article.publishedAt);
  return Number.isNaN(t.getTime()) ? null : t.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------
// The board

type Item = {
  f: FigureDto;
  iv: FigureInterval;
  src: string;
  /** The source's one name on this board (merged ways of writing it show as one). */
  name: string | null;
  date: string | null;
  /** Figures of one sentence from one source are parts of one count ("20 militares e três polícias"). */
  sentence: string;
  /** Position in the group's time order. */
  pos: number;
  /** In conflict checks: not superseded by a live figure of its article. */
  current: boolean;
};

/**
 * One group per `counted` among the live (not dismissed) figures, the largest
 * first (ties in FIGURE_COUNTED order, so defections lead), `other` last.
 * Figures are listed in time order: the resolved day, then publication time,
 * then the order articles come in, then their order in the article.
 */
export function buildBoard(figures: FigureDto[]): FigureGroup[] {
  const live = figures.filter((f) => !f.dismissed);
  const liveIds = new Set(live.map((f) => f.id));
  const articleOrder = new Map<string, number>();
  for (const f of figures) if (!articleOrder.has(f.claimId)) articleOrder.set(f.claimId, articleOrder.size);

  const byCounted = new Map<FigureDto['counted'], FigureDto[]>();
  for (const f of live) {
    const list = byCounted.get(f.counted);
    if (list) list.push(f);
    else byCounted.set(f.counted, [f]);
  }

  const rank = (c: FigureDto['counted']) => FIGURE_COUNTED.indexOf(c);
  const order = [...byCounted.keys()].sort((a, b) => {
    if ((a === 'other') !== (b === 'other')) return a === 'other' ? 1 : -1;
    return (byCounted.get(b)?.length ?? 0) - (byCounted.get(a)?.length ?? 0) || rank(a) - rank(b);
  });
  const sources = storySources(live);
  return order.map((counted) => buildGroup(counted, byCounted.get(counted) ?? [], liveIds, articleOrder, sources));
}

export type StorySources = { key: (f: FigureDto) => string; name: (f: FigureDto) => string | null };

/** The story's folded sources (foldSourceKeys) and one name for each: the way it is most often written, the shorter at a tie. */
export function storySources(figures: FigureDto[]): StorySources {
  const written = new Map<string, string>();
  const counts = new Map<string, Map<string, number>>();
  const own = new Map<string, string>();
  for (const f of figures) {
    const k = figureSourceKey(f);
    own.set(f.id, k);
    const name = figureSourceName(f);
    if (name === null) continue;
    if (!written.has(k)) written.set(k, name);
  }
  const folded = foldSourceKeys(written);
  const keyOf = (f: FigureDto) => {
    const k = own.get(f.id) ?? figureSourceKey(f);
    return folded.get(k) ?? k;
  };
  for (const f of figures) {
    const name = figureSourceName(f);
    if (name === null) continue;
    const k = keyOf(f);
    const c = counts.get(k) ?? new Map<string, number>();
    c.set(name, (c.get(name) ?? 0) + 1);
    counts.set(k, c);
  }
  const names = new Map<string, string>();
  for (const [k, c] of counts) {
    const best = [...c].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1))[0];
    if (best) names.set(k, best[0]);
  }
  return { key: keyOf, name: (f) => names.get(keyOf(f)) ?? figureSourceName(f) };
}

function buildGroup(
  counted: FigureDto['counted'],
  group: FigureDto[],
  liveIds: Set<string>,
  articleOrder: Map<string, number>,
  storySrc: StorySources,
): FigureGroup {
  const items = group
    .map((f): Item => ({
      f,
      iv: figureInterval(f),
      src: storySrc.key(f),
      name: storySrc.name(f),
      date: figureDate(f),
      sentence: `${f.claimId}:${f.sentence.start}`,
      pos: 0,
      current: f.supersededById === null || !liveIds.has(f.supersededById),
    }))
    .sort((a, b) => compareTime(a, b, articleOrder));
  items.forEach((it, i) => (it.pos = i));

  const label = FIGURE_COUNTED_LABELS[counted];
  const breakdowns = findBreakdowns(items);
  const parts = new Set(breakdowns.flatMap((b) => b.partIds));
  const found = counted === 'other' ? { listed: [], count: 0 } : findConflicts(items.filter((it) => it.current && !parts.has(it.f.id)));
  const articles = new Set(group.map((f) => f.claimId)).size;
  const languages = new Set(group.map((f) => f.article.language).filter((l) => l !== 'und')).size;
  const sources = new Set(items.map((it) => it.src)).size;
  const ends = rangeEnds(items);
  return {
    counted,
    label,
    summary: summaryLine(label, ends, articles, languages, sources),
    figureIds: items.map((it) => it.f.id),
    conflicts: found.listed,
    conflictCount: found.count,
    progressions: findProgressions(items),
    breakdowns,
    range: ends && { min: ends.min.n, max: ends.max.n },
    articles,
    languages,
    sources,
  };
}

function compareTime(a: Item, b: Item, articleOrder: Map<string, number>): number {
  const nullsLast = (x: string | null, y: string | null) => (x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1);
  return (
    nullsLast(a.date, b.date) ||
    nullsLast(a.f.article.publishedAt, b.f.article.publishedAt) ||
    (articleOrder.get(a.f.claimId) ?? 0) - (articleOrder.get(b.f.claimId) ?? 0) ||
    a.f.ordinal - b.f.ordinal ||
    (a.f.id < b.f.id ? -1 : a.f.id > b.f.id ? 1 : 0)
  );
}

/**
 * Breakdowns: two or more exact figures of one sentence that add up to another exact figure of their article
 * ("20 militares e três polícias" of the 23 counted before) are its parts, not rival counts.
 */
function findBreakdowns(items: Item[]): FigureBreakdown[] {
  const exact = items.filter((it) => it.f.qualifier === 'exact' && it.f.value !== null);
  const out: FigureBreakdown[] = [];
  for (const ofSentence of groupBy(exact, (it) => it.sentence).values()) {
    const article = ofSentence[0]?.f.claimId;
    for (const total of exact.filter((t) => t.f.claimId === article)) {
      const parts = ofSentence.filter((p) => p !== total);
      if (parts.length < 2) continue;
      const sum = parts.reduce((n, p) => n + (p.f.value ?? 0), 0);
      if (sum === total.f.value) {
        out.push({ totalId: total.f.id, partIds: parts.map((p) => p.f.id) });
        break;
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Conflicts

/** The last start a figure is still compared with: SCOPE_RATIO times its end (scope). */
const scopeEnd = (i: FigureInterval): Point => ({ v: Math.max(i.hi, 1) * SCOPE_RATIO, tag: 1 });

/** Whether two intervals are far enough apart to be of different scopes (SCOPE_RATIO), whichever comes first. */
export function differentScopes(a: FigureInterval, b: FigureInterval): boolean {
  const [lo, hi] = comparePoints(startPoint(a), startPoint(b)) <= 0 ? [a, b] : [b, a];
  return comparePoints(scopeEnd(lo), startPoint(hi)) < 0;
}

/** Whether two current figures of a group cannot both be right, and why not. */
function conflictKind(a: Item, b: Item): FigureConflict['kind'] | null {
  if (intervalsOverlap(a.iv, b.iv) || differentScopes(a.iv, b.iv)) return null;
  if (a.src !== b.src) return 'sources_disagree';
  return a.date !== null && a.date === b.date && a.sentence !== b.sentence ? 'same_time_disagree' : null;
}

/**
 * Every conflicting pair is counted, and up to CONFLICT_LIST_CAP are listed,
 * in O(n log n + cap): a group of thousands of distinct counts has millions of
 * conflicting pairs, which no reviewer reads one by one.
 *
 * Counting: the non-overlapping pairs of the group, less those of one source
 * that are not at one time (different or unknown days), less those of one
 * source, day and sentence. Each term is counted by sorting the intervals.
 * Listing: for each figure, the figures starting after it ends, in order,
 * skipping runs of its own source (or sentence) in one step; round robin over
 * figures so the listed conflicts spread over as many figures as they can.
 */
function findConflicts(items: Item[]): { listed: FigureConflict[]; count: number } {
  const bySource = groupBy(items, (it) => it.src);
  let notConflicting = 0;
  for (const ofSource of bySource.values()) {
    let atOneTime = 0;
    for (const [date, ofDay] of groupBy(ofSource, (it) => it.date)) {
      if (date === null) continue;
      let inOneSentence = 0;
      for (const ofSentence of groupBy(ofDay, (it) => it.sentence).values()) inOneSentence += countApart(ofSentence);
      atOneTime += countApart(ofDay) - inOneSentence;
    }
    notConflicting += countApart(ofSource) - atOneTime;
  }
  const count = countApart(items) - notConflicting;
  if (count === 0) return { listed: [], count };

  const cursors: Cursor[] = [];
  const all = new Starts(items, (it) => it.src);
  const sameTime = new Map<string, Starts>();
  for (const [key, ofTime] of groupBy(items, (it) => (it.date === null ? null : `${it.src}\u0000${it.date}`))) {
    if (key !== null && ofTime.length > 1) sameTime.set(key, new Starts(ofTime, (it) => it.sentence));
  }
  for (const it of items) {
    const time = it.date === null ? undefined : sameTime.get(`${it.src}\u0000${it.date}`);
    cursors.push({ it, others: all.cursor(it, it.src), sameTime: time?.cursor(it, it.sentence) });
  }
  const listed: { conflict: FigureConflict; pos: [number, number] }[] = [];
  for (let active = cursors; active.length > 0 && listed.length < CONFLICT_LIST_CAP;) {
    const next: Cursor[] = [];
    for (const c of active) {
      if (listed.length >= CONFLICT_LIST_CAP) break;
      const other = c.others.next() ?? c.sameTime?.next();
      if (!other) continue;
      listed.push(describeConflict(c.it, other));
      next.push(c);
    }
    active = next;
  }
  listed.sort((x, y) => x.pos[0] - y.pos[0] || x.pos[1] - y.pos[1]);
  return { listed: listed.map((c) => c.conflict), count };
}

type Cursor = { it: Item; others: StartCursor; sameTime: StartCursor | undefined };
type StartCursor = { next(): Item | undefined };

/**
 * Items sorted by where their intervals start; `cursor(a, key)` walks the
 * items starting after `a` ends whose key differs from `key`, jumping over a
 * run of equal keys in one step (`skip[i]`: the next index whose key differs
 * from item i's).
 */
class Starts {
  private readonly sorted: Item[];
  private readonly keys: string[];
  private readonly skip: number[];
  constructor(items: Item[], key: (it: Item) => string) {
    this.sorted = [...items].sort((a, b) => comparePoints(startPoint(a.iv), startPoint(b.iv)));
    this.keys = this.sorted.map(key);
    this.skip = new Array<number>(this.sorted.length);
    for (let i = this.sorted.length - 1; i >= 0; i--) {
      this.skip[i] = i + 1 < this.sorted.length && this.keys[i + 1] === this.keys[i] ? (this.skip[i + 1] ?? i + 1) : i + 1;
    }
  }

  cursor(a: Item, key: string): StartCursor {
    let i = firstAfter(this.sorted, endPoint(a.iv));
    const limit = firstAfter(this.sorted, scopeEnd(a.iv));
    return {
      next: () => {
        if (i < limit && this.keys[i] === key) i = this.skip[i] ?? this.sorted.length;
        const found = i < limit ? this.sorted[i] : undefined;
        i += 1;
        return found;
      },
    };
  }
}

/** The first index of `sorted` (by start) whose interval starts after `end`. */
function firstAfter(sorted: Item[], end: Point): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const item = sorted[mid];
    if (item && comparePoints(end, startPoint(item.iv)) < 0) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** How many pairs of `items` don't overlap but are of one scope (SCOPE_RATIO), by sorting: O(n log n). */
function countApart(items: Item[]): number {
  if (items.length < 2) return 0;
  const sorted = [...items].sort((a, b) => comparePoints(startPoint(a.iv), startPoint(b.iv)));
  let n = 0;
  for (const it of items) n += firstAfter(sorted, scopeEnd(it.iv)) - firstAfter(sorted, endPoint(it.iv));
  return n;
}

function groupBy<K>(items: Item[], key: (it: Item) => K): Map<K, Item[]> {
  const out = new Map<K, Item[]>();
  for (const it of items) {
    const list = out.get(key(it));
    if (list) list.push(it);
    else out.set(key(it), [it]);
  }
  return out;
}

function describeConflict(x: Item, y: Item): { conflict: FigureConflict; pos: [number, number] } {
  const [a, b] = x.pos < y.pos ? [x, y] : [y, x];
  const kind = conflictKind(a, b) ?? 'sources_disagree';
  const said = (it: Item) => `${describeFigure(it.f)} (${sourceLabel(it)})`;
  const why =
    kind === 'sources_disagree'
      ? `${capitalise(said(a))} and ${said(b)} cannot both be right: the numbers don't overlap.`
      : `${capitalise(sourceLabel(a))} gives both ${describeFigure(a.f)} and ${describeFigure(b.f)} for ${a.date ? formatDate(a.date) : 'the same day'}.`;
  return { conflict: { a: a.f.id, b: b.f.id, kind, why }, pos: [a.pos, b.pos] };
}

const sourceLabel = (it: Item) => it.name ?? `unattributed, in “${shortTitle(it.f.article.title)}”`;

/** A title short enough for a sentence: at most about 40 characters, cut at a word. */
export function shortTitle(title: string, max = 40): string {
  const t = title.trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : t.slice(0, max)).replace(/[\s,;:.–—-]+$/u, '')}…`;
}
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// ---------------------------------------------------------------------------
// Progressions and the summary

/**
 * Figures that move over time, listed in time order and never counted as
 * conflicts: a chain of updates within an article (23 → 60, whoever each
 * number is attributed to), and one source's figures at more than one time.
 * A time is a known day; an undated figure's time is its article's (articles
 * are then in the order they come). A figure can be in both.
 */
function findProgressions(items: Item[]): FigureProgression[] {
  const out: FigureProgression[] = [];
  const seen = new Set<string>();
  const add = (chain: Item[], source: string | null) => {
    const key = chain.map((it) => it.f.id).join(' ');
    if (chain.length < 2 || seen.has(key)) return;
    seen.add(key);
    out.push({ source, figureIds: chain.map((it) => it.f.id) });
  };

  const byId = new Map(items.map((it) => [it.f.id, it]));
  const root = new Map<string, string>();
  const find = (id: string): string => {
    let r = id;
    for (let up = root.get(r); up !== undefined && up !== r; up = root.get(r)) r = up;
    root.set(id, r);
    return r;
  };
  for (const it of items) root.set(it.f.id, it.f.id);
  for (const it of items) {
    const next = it.f.supersededById;
    if (next !== null && byId.has(next)) root.set(find(it.f.id), find(next));
  }
  for (const chain of groupBy(items, (it) => find(it.f.id)).values()) {
    const latest = chain.at(-1);
    add(chain, latest ? latest.name : null);
  }

  for (const ofSource of groupBy(items, (it) => it.src).values()) {
    const times = new Set(ofSource.map((it) => it.date ?? `undated:${it.f.claimId}`));
    const first = ofSource[0];
    if (times.size >= 2 && first) add(ofSource, first.name);
  }
  return out;
}

type End = { n: number; text: string };

/** The lowest and highest finite bound of the group, each as the figure that gives it writes it (">100", "≈104"). */
function rangeEnds(items: Item[]): { min: End; max: End } | null {
  let min: End | null = null;
  let max: End | null = null;
  for (const { f } of items) {
    const ends = boundsOf(f);
    // At a tie the plainest writing wins: "100" over ">100" or "≈100".
    const plainer = (e: End, than: End) => e.n === than.n && e.text.length < than.text.length;
    for (const e of ends) {
      if (!min || e.n < min.n || plainer(e, min)) min = e;
      if (!max || e.n > max.n || plainer(e, max)) max = e;
    }
  }
  return min && max ? { min, max } : null;
}

function boundsOf(f: FigureDto): End[] {
  const text = (n: number | null) => withUnit(formatNumber(n ?? 0), f.unit);
  if (f.qualifier === 'between') {
    const approx = f.approximate ? '≈' : '';
    return [
      { n: f.min ?? 0, text: `${approx}${text(f.min)}` },
      { n: f.max ?? 0, text: `${approx}${text(f.max)}` },
    ];
  }
  const n = f.qualifier === 'exact' || f.qualifier === 'about' ? f.value : f.qualifier === 'more_than' || f.qualifier === 'at_least' ? f.min : f.max;
  return n === null || !Number.isFinite(n) ? [] : [{ n, text: formatFigure(f) }];
}

function summaryLine(label: string, ends: { min: End; max: End } | null, articles: number, languages: number, sources: number): string {
  const where = [plural(articles, 'article', 'articles'), plural(languages, 'language', 'languages'), plural(sources, 'source', 'sources')].join(', ');
  if (!ends) return `${label}: ${where}`;
  const range = ends.min.text === ends.max.text ? ends.min.text : `${ends.min.text} to ${ends.max.text}`;
  return `${label}: ${range} ${articles === 1 ? 'in' : 'across'} ${where}`;
}
