// How much two articles look like the same story, and why: the rarity-weighted
// evidence they share over the geometric mean of what each could have shared
// (a weighted Ochiai coefficient), with every shared item as each article writes it.
import 'server-only';
import { STORY_CONFIG, type StoryConfig } from './config';
import { idf, skeletonKey } from './corpus-stats';
import { variants } from './extract-arabic';
import { matchNames, type NameMatch } from './match-names';
import type { ArticleEvidence, CorpusStats, EntityType, EvidenceItem, NameSpan, PairScore, SharedEvidence } from './types';

export type ScoreOptions = { stats: CorpusStats; config?: StoryConfig };

/** What an article can share with another: words only within one language, Arabic words against Arabic. */
type Mode = { terms: boolean; allCandidates: boolean };

export function scorePair(a: ArticleEvidence, b: ArticleEvidence, options: ScoreOptions): PairScore {
  const config = options.config ?? STORY_CONFIG;
  const { stats } = options;
  const weigh = weigher(stats, config);
  const sameLanguage = a.language === b.language;
  const aArabic = hasCandidates(a);
  const bArabic = hasCandidates(b);

  const shared: SharedEvidence[] = [];
  // Names: matched token by token, then tokens that sit in one name on both sides count once ("Simón Bolívar").
  const knownKey = (key: string) => stats.nameDf(key) > 0 || stats.nameDf(skeletonKey(key)) > 0;
  const known = (item: EvidenceItem) => !item.candidate || knownKey(item.key);
  // Two Arabic words match only when they are one word once their prefixes are off, not merely one sound.
  const matches = matchNames(names(a), names(b)).filter((m) => !(m.a.candidate && m.b.candidate) || (known(m.a) && sameArabicWord(m.a, m.b)));
  for (const group of groupMatches(matches)) shared.push(sharedName(a, b, group, weigh, config, knownKey));
  // Two Arabic articles sharing a word that is nobody's name: a word, weighed as one.
  if (aArabic && bArabic) {
    const bKeys = new Map(names(b).map((n) => [n.key, n]));
    for (const item of names(a)) {
      const other = bKeys.get(item.key);
      if (!item.candidate || !other?.candidate || known(item) || !sameArabicWord(item, other)) continue;
      const weight = weigh(item.key, config.weights.arabicWord);
      if (weight > 0) shared.push({ kind: 'term', keys: [item.key], surfaces: [item.surface, other.surface], weight, match: 'exact' });
    }
  }
  // Figures, dates, weekdays and (one language) words: equal keys.
  const bOther = new Map(b.items.filter((i) => i.kind !== 'name').map((i) => [i.key, i]));
  for (const item of a.items) {
    if (item.kind === 'name') continue;
    const other = bOther.get(item.key);
    if (!other) continue;
    const weight = weigh(item.key, kindWeight(item, config));
    if (weight > 0) shared.push({ kind: item.kind, keys: [item.key], surfaces: [item.surface, other.surface], weight, match: 'exact' });
  }

  const total = shared.reduce((sum, s) => sum + s.weight, 0);
  const massA = mass(a, { terms: sameLanguage, allCandidates: aArabic && bArabic }, stats, config);
  const massB = mass(b, { terms: sameLanguage, allCandidates: aArabic && bArabic }, stats, config);
  const raw = massA > 0 && massB > 0 ? Math.min(1, total / Math.sqrt(massA * massB)) : 0;
  const specific = shared.filter(
    (s) => s.kind === 'name' || s.kind === 'number' || s.kind === 'event' || (s.kind === 'date' && !s.keys[0]?.startsWith('y:')),
  ).length;
  shared.sort((x, y) => y.weight - x.weight || (x.keys[0] ?? '').localeCompare(y.keys[0] ?? ''));
  return { a: a.id, b: b.id, score: round(specific >= config.minSharedSpecific ? Math.min(1, raw * timeFactor(a.published, b.published, config)) : 0), shared };
}

const DAY_MS = 86_400_000;

/** 1 when either date is unknown; `closeBoost` within the grace days, then falling with the gap: far-apart reports need more shared evidence. */
export function timeFactor(a: string | undefined, b: string | undefined, config: StoryConfig = STORY_CONFIG): number {
  if (a === undefined || b === undefined) return 1;
  const gap = Math.abs(Date.parse(a) - Date.parse(b)) / DAY_MS;
  if (!Number.isFinite(gap)) return 1;
  return config.time.closeBoost / (1 + Math.max(0, gap - config.time.graceDays) / config.time.halvingDays);
}

const TASHKEEL = /[\u064B-\u065F\u0670\u0640]/gu;

function sameArabicWord(x: EvidenceItem, y: EvidenceItem): boolean {
  const forms = new Set(variants(x.surface.replace(TASHKEEL, '')));
  return variants(y.surface.replace(TASHKEEL, '')).some((v) => forms.has(v));
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

const names = (e: ArticleEvidence) => e.items.filter((i) => i.kind === 'name');
const hasCandidates = (e: ArticleEvidence) => e.items.some((i) => i.candidate === true);

type Weigher = (key: string, weight: number) => number;

function weigher(stats: CorpusStats, config: StoryConfig): Weigher {
  // Squared, this is the cosine of the two articles' weighted evidence vectors.
  return (key, weight) => (weight * idf(stats, stats.df(key), config.priorDocuments)) ** config.power;
}

function kindWeight(item: EvidenceItem, config: StoryConfig): number {
  if (item.kind === 'date') {
    if (item.key.startsWith('y:')) return config.weights.year;
    if (item.key.startsWith('m:')) return config.weights.month;
  }
  if (item.kind === 'name') return config.weights.entity[item.entityType ?? 'name'];
  if (item.kind === 'number') return config.weights.kind.number * figureWeight(item.key, config);
  return config.weights.kind[item.kind];
}

/** By significant digits: 7, 60, 100 and "5,000" recur everywhere; 137 less; 5434 and 365,315 hardly. */
function figureWeight(key: string, config: StoryConfig): number {
  const value = key.slice(2);
  if (!/^\d+$/u.test(value)) return 1;
  const significant = value.replace(/0+$/u, '').length;
  if (significant <= 2) return config.weights.figure.oneOrTwoDigits;
  return significant === 3 ? config.weights.figure.threeDigits : 1;
}

/** Union of matches whose tokens sit in one name on both sides: "Simón" + "Bolívar" is one shared name. */
function groupMatches(matches: readonly NameMatch[]): NameMatch[][] {
  const parent = matches.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] ?? r;
    return r;
  };
  for (let i = 0; i < matches.length; i++) {
    for (let j = i + 1; j < matches.length; j++) {
      const x = matches[i];
      const y = matches[j];
      if (!x || !y) continue;
      if (x.a.spans.some((s) => y.a.spans.includes(s)) && x.b.spans.some((s) => y.b.spans.includes(s))) parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, NameMatch[]>();
  matches.forEach((m, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), m]);
  });
  return [...groups.values()];
}

function sharedName(
  a: ArticleEvidence,
  b: ArticleEvidence,
  group: readonly NameMatch[],
  weigh: Weigher,
  config: StoryConfig,
  known: (key: string) => boolean,
): SharedEvidence {
  const type = groupType(group);
  const typeWeight = config.weights.entity[type];
  // A fuzzy pair is as common as its commoner spelling; a name is as rare as its rarest token.
  const rarest = Math.max(...group.map((m) => Math.min(weigh(m.a.key, typeWeight), weigh(m.b.key, typeWeight))));
  const aSpan = chosenSpan(
    a,
    group.map((m) => m.a),
  );
  const bSpan = chosenSpan(
    b,
    group.map((m) => m.b),
  );
  // Two kinds of place ("Bolívar state", "ponte Simón Bolívar") are two places whatever their names share.
  const otherPlace = aSpan?.placeKind !== undefined && bSpan?.placeKind !== undefined && aSpan.placeKind !== bSpan.placeKind;
  const partial =
    otherPlace ||
    (isPartial(
      a,
      group.map((m) => m.a),
      known,
    ) &&
      isPartial(
        b,
        group.map((m) => m.b),
        known,
      ));
  const weight = partial ? rarest * config.weights.partialName : rarest;
  const match = group.some((m) => m.match === 'skeleton') ? 'skeleton' : group.some((m) => m.match === 'fuzzy') ? 'fuzzy' : 'exact';
  return {
    kind: 'name',
    entityType: type,
    keys: [...new Set(group.flatMap((m) => [m.a.key, m.b.key]))].sort(),
    surfaces: [
      surfaceOf(
        a,
        group.map((m) => m.a),
        aSpan,
      ),
      surfaceOf(
        b,
        group.map((m) => m.b),
        bSpan,
      ),
    ],
    weight,
    match,
  };
}

function groupType(group: readonly NameMatch[]): EntityType {
  for (const m of group) for (const t of [m.a.entityType, m.b.entityType]) if (t && t !== 'name') return t;
  return 'name';
}

/**
 * Whether every name of the article holding these tokens also has words that
 * did not match. For an Arabic run of words, only words known as names elsewhere count.
 */
function isPartial(evidence: ArticleEvidence, items: readonly EvidenceItem[], known: (key: string) => boolean): boolean {
  const keys = new Set(items.map((i) => i.key));
  const candidate = items.some((i) => i.candidate);
  for (const index of new Set(items.flatMap((i) => i.spans))) {
    const span = evidence.spans[index];
    if (span && span.keys.every((k) => keys.has(k) || (candidate && !known(k)))) return false;
  }
  return true;
}

type SpanChoice = { surface: string; placeKind?: string } | undefined;

/** The name holding most of the matched tokens (its commonest, then shortest); none for Arabic words. */
function chosenSpan(evidence: ArticleEvidence, items: readonly EvidenceItem[]): SpanChoice {
  if (items.every((i) => i.candidate)) return undefined;
  const keys = new Set(items.map((i) => i.key));
  let best: { span: NameSpan; hits: number } | null = null;
  for (const index of new Set(items.flatMap((i) => i.spans))) {
    const span = evidence.spans[index];
    if (!span) continue;
    const hits = span.keys.filter((k) => keys.has(k)).length;
    if (
      !best ||
      hits > best.hits ||
      (hits === best.hits && (span.count > best.span.count || (span.count === best.span.count && span.surface.length < best.span.surface.length)))
    ) {
      best = { span, hits };
    }
  }
  return best?.span;
}

/** The name as the article writes it: its chosen span, or the Arabic words themselves. */
function surfaceOf(evidence: ArticleEvidence, items: readonly EvidenceItem[], span: SpanChoice): string {
  if (span) return span.surface;
  // Arabic words in the order the article writes them.
  const run = evidence.spans[items[0]?.spans[0] ?? -1];
  const order = (i: EvidenceItem) => run?.keys.indexOf(i.key) ?? 0;
  return [...new Set([...items].sort((x, y) => order(x) - order(y)).map((i) => i.surface))].join(' ');
}

// Per corpus, per config, per article: an article's mass only changes when the counts or the weights do.
const massCache = new WeakMap<CorpusStats, WeakMap<StoryConfig, WeakMap<ArticleEvidence, Map<string, number>>>>();

/** The weight of everything an article could share in this mode: names counted once per name, as in sharing. */
function mass(e: ArticleEvidence, mode: Mode, stats: CorpusStats, config: StoryConfig): number {
  const modeKey = `${mode.terms}:${mode.allCandidates}`;
  let perStats = massCache.get(stats);
  if (!perStats) massCache.set(stats, (perStats = new WeakMap<StoryConfig, WeakMap<ArticleEvidence, Map<string, number>>>()));
  let perConfig = perStats.get(config);
  if (!perConfig) perStats.set(config, (perConfig = new WeakMap<ArticleEvidence, Map<string, number>>()));
  let perArticle = perConfig.get(e);
  if (!perArticle) perConfig.set(e, (perArticle = new Map<string, number>()));
  const cached = perArticle.get(modeKey);
  if (cached !== undefined) return cached;

  const weigh = weigher(stats, config);
  const known = (item: EvidenceItem) => !item.candidate || stats.nameDf(item.key) > 0 || stats.nameDf(skeletonKey(item.key)) > 0;
  let total = 0;
  const nameWeight = new Map<string, number>();
  for (const item of e.items) {
    if (item.kind !== 'name') {
      if (item.kind !== 'term' || mode.terms) total += weigh(item.key, kindWeight(item, config));
      continue;
    }
    if (known(item)) nameWeight.set(item.key, weigh(item.key, kindWeight(item, config)));
    else if (mode.allCandidates) nameWeight.set(item.key, weigh(item.key, config.weights.arabicWord));
  }
  // A name counts once, by its heaviest token; names with the same heaviest token are one ("Juan Guaidó", "Guaidó").
  const byTop = new Map<string, number>();
  for (const span of e.spans) {
    let top: [string, number] | null = null;
    for (const key of span.keys) {
      const w = nameWeight.get(key);
      if (w !== undefined && (!top || w > top[1] || (w === top[1] && key < top[0]))) top = [key, w];
    }
    if (top) byTop.set(top[0], top[1]);
  }
  for (const w of byTop.values()) total += w;
  perArticle.set(modeKey, total);
  return total;
}
