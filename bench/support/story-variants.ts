// Synthetic desk articles for the story benchmarks, made from real extracted
// evidence: the 59 articles of the labelled story set (tests/fixtures/stories,
// the seeds included; six languages, Arabic and Cyrillic among them) are the
// templates, and each synthetic *event* is a copy of one labelled story whose
// own names, figures and dates are renamed (so it is another event) while the
// desk-wide ones (Venezuela, Maduro, Colombia, 2019, weekdays…) are kept. A
// share of events are look-alikes: they keep part of their template's own
// names (Cúcuta's bridges, Migración Colombia) with other figures and dates,
// the case that must not join. Extraction is never run per article: 100,000
// articles through extractEvidence take about ten minutes on two cores.
// Everything is deterministic: the same index always gives the same article.
import { evidenceKeys } from '../../lib/stories/extract-evidence';
import { nameKey } from '../../lib/stories/extract-names';
import { nameKeys } from '../../lib/stories/desk/stored-evidence';
import type { ArticleEvidence, EvidenceItem, NameSpan } from '../../lib/stories/types';
import { evidenceOf, loadStorySet, type StorySetArticle } from '../../tests/fixtures/stories/labelled-set';
import { random } from './synthetic-claims';

export type Template = {
  article: StorySetArticle;
  title: string;
  evidence: ArticleEvidence;
};

/** One synthetic article: the claim's text and its evidence (id set by the caller). */
export type VariantArticle = {
  /** Position on the desk, 0-based: also the order of import. */
  index: number;
  event: number;
  template: string;
  language: string;
  title: string;
  body: string;
  evidence: Omit<ArticleEvidence, 'id'>;
};

export type EventPlan = {
  index: number;
  /** First article index and how many. */
  first: number;
  size: number;
  story: string;
  /** Keeps part of its template's own names: shares them with real articles of that story. */
  lookalike: boolean;
  /** Share of the template's own names a look-alike keeps. */
  keep: number;
};

// Labelled stories set in Venezuela weigh more: the seeds' desk follows Venezuela,
// so Venezuela, Maduro and Guaidó are in about half of its articles.
const VENEZUELAN = new Set(['defections', 'blackout', 'swearing-in', 'aid-concert', 'guaido-return']);
const VENEZUELAN_WEIGHT = 1.5;
/** A key in this many labelled stories or more is desk-wide: kept in every copy. */
const SHARED_STORIES = 2;
const LOOKALIKE_SHARE = 0.15;
/** Replaced by made-up words per event (a story's vocabulary differs from its template's). */
const TERM_SWAP = 0.35;
/** Per article, on top: terms dropped and terms of its own. */
const TERM_DROP = 0.12;
const TERM_OWN = 0.08;
const NAME_POOL = 200_000;
const WORD_POOL = 30_000;
// Event sizes: most articles stand alone or in twos, a few stories run to 25.
const SIZES: ReadonlyArray<readonly [number, number, number]> = [
  [0.4, 1, 1],
  [0.2, 2, 2],
  [0.12, 3, 3],
  [0.16, 4, 6],
  [0.09, 7, 12],
  [0.03, 13, 25],
];

/** Which desk: `seed` varies everything; `exclude` keeps articles out of the templates (a benchmark's new articles must be new to the desk). */
export type VariantOptions = { seed?: number; exclude?: readonly string[] };

type Pool = { byStory: Map<string, Template[]>; stories: string[]; weights: Float64Array };

let cached: { templates: Template[]; own: Set<string> } | undefined;
const pools = new Map<string, Pool>();

function title(text: string): string {
  return (text.split('\n').find((l) => l.trim()) ?? '').trim().slice(0, 200);
}

/** The templates: the labelled set's articles and their evidence, with the keys that are their story's own (over the whole set). */
export function storyTemplates() {
  if (cached) return cached;
  const { articles } = loadStorySet();
  const templates = articles.map((article) => ({ article, title: title(article.text), evidence: evidenceOf(article) }));
  const storiesOf = new Map<string, Set<string>>();
  for (const t of templates) {
    for (const item of t.evidence.items) {
      const s = storiesOf.get(item.key) ?? new Set<string>();
      s.add(t.article.story);
      storiesOf.set(item.key, s);
    }
  }
  // A story's own names are what a copy renames; exonym keys (n:=us) are shared by construction.
  const own = new Set([...storiesOf].filter(([key, s]) => s.size < SHARED_STORIES && key.startsWith('n:') && !key.startsWith('n:=')).map(([key]) => key));
  cached = { templates, own };
  return cached;
}

/** The templates a desk copies, by story, and the stories' weights. */
export function templatePool(exclude: readonly string[] = []): Pool {
  const id = [...exclude].sort().join(' ');
  let pool = pools.get(id);
  if (pool) return pool;
  const out = new Set(exclude);
  const byStory = new Map<string, Template[]>();
  for (const t of storyTemplates().templates) {
    if (out.has(t.article.id)) continue;
    byStory.set(t.article.story, [...(byStory.get(t.article.story) ?? []), t]);
  }
  const stories = [...byStory.keys()].sort();
  const weights = new Float64Array(stories.length);
  let sum = 0;
  stories.forEach((s, i) => {
    sum += VENEZUELAN.has(s) ? VENEZUELAN_WEIGHT : 1;
    weights[i] = sum;
  });
  pool = { byStory, stories, weights: weights.map((w) => w / sum) };
  pools.set(id, pool);
  return pool;
}

/** A value in [0, 1) from a seed and any labels: the same labels always give the same value (FNV-1a, then murmur3's finaliser). */
function hashUnit(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = String(part);
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0xff, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/**
 * Zipf–Mandelbrot ranks (weight 1 / (rank + 1 + offset)): a long tail held by
 * one or two articles each, a head of names in a few thousand. Plain Zipf
 * would put the commonest made-up name in most articles.
 */
function zipfTable(size: number, offset: number): Float64Array {
  const c = new Float64Array(size);
  let sum = 0;
  for (let r = 0; r < size; r++) {
    sum += 1 / (r + 1 + offset);
    c[r] = sum;
  }
  return c.map((x) => x / sum);
}
const zipfNames = zipfTable(NAME_POOL, 30);
const zipfWords = zipfTable(WORD_POOL, 10);

function pickZipf(table: Float64Array, u: number): number {
  let lo = 0;
  let hi = table.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (table[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// Made-up names and words, written in each script: syllable by syllable.
const SYLLABLES: ReadonlyArray<readonly [string, string, string]> = [
  ['ka', 'ка', 'كا'],
  ['ro', 'ро', 'رو'],
  ['vel', 'вел', 'فيل'],
  ['mis', 'мис', 'ميس'],
  ['ta', 'та', 'تا'],
  ['na', 'на', 'نا'],
  ['lu', 'лу', 'لو'],
  ['dor', 'дор', 'دور'],
  ['sen', 'сен', 'سين'],
  ['bri', 'бри', 'بري'],
  ['qu', 'ку', 'كو'],
  ['zal', 'зал', 'زال'],
  ['fen', 'фен', 'فين'],
  ['ti', 'ти', 'تي'],
  ['mor', 'мор', 'مور'],
  ['gra', 'гра', 'غرا'],
  ['pel', 'пел', 'بيل'],
  ['os', 'ос', 'وس'],
  ['ur', 'ур', 'ور'],
  ['wyn', 'уин', 'وين'],
];
type Script = 0 | 1 | 2;
const SCRIPT: Readonly<Record<string, Script>> = { bg: 1, ru: 1, ar: 2 };

function syllables(n: number, min: number): number[] {
  const out: number[] = [];
  let x = n + 11;
  for (let i = 0; i < min || x > 0; i++) {
    out.push(x % SYLLABLES.length);
    x = Math.floor(x / SYLLABLES.length);
  }
  return out;
}

function written(parts: readonly number[], script: Script, capital: boolean): string {
  const word = parts.map((p) => SYLLABLES[p]![script]).join('');
  return capital && script !== 2 ? word[0]!.toUpperCase() + word.slice(1) : word;
}

const names = new Map<string, { surface: string; key: string }>();

/** The n-th made-up name in a language's script, and its key (the same key in every script). */
export function syntheticNameOf(n: number, language: string): { surface: string; key: string } {
  const id = `${n}:${language}`;
  let name = names.get(id);
  if (!name) {
    const parts = syllables(n, 3);
    const latin = written(parts, 0, true);
    name = { surface: written(parts, SCRIPT[language] ?? 0, true), key: language === 'en' ? nameKey(latin, 'en') : syntheticNameOf(n, 'en').key };
    if (names.size > 500_000) names.clear();
    names.set(id, name);
  }
  return name;
}

function syntheticTerm(n: number, language: string): { surface: string; key: string } {
  const surface = written(syllables(n * 7 + 3, 2), SCRIPT[language] ?? 0, false);
  return { surface, key: `t:${language}:${surface}` };
}

/** The events of a desk, in order, until `count` articles. */
export function* planEvents(count: number, options: VariantOptions = {}): Generator<EventPlan> {
  const seed = options.seed ?? 1;
  const { stories, weights } = templatePool(options.exclude);
  let first = 0;
  let previous: EventPlan | undefined;
  for (let index = 0; first < count; index++) {
    const rnd = random(Math.imul(index + 1, 2654435761) ^ Math.imul(seed, 97));
    const u = rnd();
    let acc = 0;
    const band = SIZES.find(([p]) => u < (acc += p)) ?? SIZES[0]!;
    const size = Math.min(count - first, band[1] + Math.floor(rnd() * (band[2] - band[1] + 1)));
    // A look-alike follows a full copy of the same story (never another look-alike).
    const lookalike = previous !== undefined && !previous.lookalike && rnd() < LOOKALIKE_SHARE;
    const v = rnd();
    const story = lookalike ? previous!.story : (stories[weights.findIndex((w) => v < w)] ?? stories[0]!);
    const plan: EventPlan = { index, first, size, story, lookalike, keep: lookalike ? 0.2 + 0.5 * rnd() : 0 };
    yield plan;
    previous = plan;
    first += size;
  }
}

type Renaming = { key: string; surface: (language: string, old: string) => string };

/** How an event renames a template key, or null to keep it. Memoised per event. */
function renamer(plan: EventPlan, seed: number) {
  const { own } = storyTemplates();
  const memo = new Map<string, Renaming | null>();
  const u = (...p: Array<string | number>) => hashUnit(seed, plan.index, ...p);
  // A digit permutation (0 stays 0, so no leading zero appears): 567 becomes another three-digit figure.
  const perm = [
    0,
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9]
      .map((d) => ({ d, r: u('digit', d) }))
      .sort((a, b) => a.r - b.r)
      .map((x) => x.d),
  ];
  const permute = (s: string) => s.replace(/\d/g, (d) => String(perm[Number(d)]));
  const dayShift = Math.floor(u('day') * 28);
  return (item: EvidenceItem): Renaming | null => {
    if (memo.has(item.key)) return memo.get(item.key)!;
    let r: Renaming | null = null;
    const prefix = item.key.slice(0, 2);
    const value = item.key.slice(2);
    if (item.kind === 'name' && own.has(item.key) && !(plan.lookalike && u('keep', item.key) < plan.keep)) {
      const n = pickZipf(zipfNames, u('name', item.key));
      r = { key: syntheticNameOf(n, 'en').key, surface: (language) => syntheticNameOf(n, language).surface };
    } else if (item.kind === 'number' && (prefix === '#:' || prefix === '%:') && value.replace(/\D/g, '').length >= 3) {
      r = { key: `${prefix}${permute(value)}`, surface: (_language, old) => permute(old) };
    } else if (item.kind === 'date' && prefix === 'd:') {
      const [month, day] = value.split('-').map(Number) as [number, number];
      const next = ((day - 1 + dayShift) % 28) + 1;
      r = {
        key: `d:${String(month).padStart(2, '0')}-${String(next).padStart(2, '0')}`,
        surface: (_language, old) => old.replace(new RegExp(`(?<!\\d)0?${day}(?!\\d)`), String(next)),
      };
    } else if (item.kind === 'term' && u('term', item.key) < TERM_SWAP) {
      const language = value.slice(0, value.indexOf(':'));
      const w = syntheticTerm(pickZipf(zipfWords, u('word', item.key)), language);
      r = { key: w.key, surface: () => w.surface };
    }
    memo.set(item.key, r);
    return r;
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Each template's surfaces in one pattern, built once: an article's text is
// rewritten in one pass, whatever its event renames.
const patterns = new WeakMap<Template, RegExp>();

function surfacePattern(template: Template): RegExp {
  let pattern = patterns.get(template);
  if (!pattern) {
    const surfaces = [...new Set(template.evidence.items.filter((i) => i.kind !== 'term').map((i) => i.surface))].filter(Boolean);
    surfaces.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
    const alternatives = surfaces.map(escape).join('|') || '(?!)';
    patterns.set(template, (pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'gu')));
  }
  return pattern;
}

function rewrite(text: string, template: Template, replacements: ReadonlyMap<string, string>): string {
  return replacements.size === 0 ? text : text.replace(surfacePattern(template), (m) => replacements.get(m) ?? m);
}

/** One item per key, sorted (two template keys may have been renamed to one). */
function merge(items: EvidenceItem[]): EvidenceItem[] {
  const byKey = new Map<string, EvidenceItem>();
  for (const item of items) {
    const seen = byKey.get(item.key);
    if (!seen) byKey.set(item.key, item);
    else byKey.set(item.key, { ...seen, count: seen.count + item.count, spans: [...new Set([...seen.spans, ...item.spans])] });
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The articles of one event. */
export function eventArticles(plan: EventPlan, options: VariantOptions = {}): VariantArticle[] {
  const seed = options.seed ?? 1;
  const { byStory } = templatePool(options.exclude);
  const members = byStory.get(plan.story) ?? [];
  const rename = renamer(plan, seed);
  const offset = Math.floor(hashUnit(seed, plan.index, 'offset') * members.length);
  return Array.from({ length: plan.size }, (_, k) => {
    const index = plan.first + k;
    const template = members[(offset + k) % members.length]!;
    const { evidence } = template;
    const language = evidence.language;
    const own = (...p: Array<string | number>) => hashUnit(seed, 'article', index, ...p);
    const replacements = new Map<string, string>();
    const items: EvidenceItem[] = [];
    for (const item of evidence.items) {
      if (item.kind === 'term' && own('drop', item.key) < TERM_DROP) continue;
      let r = rename(item);
      if (!r && item.kind === 'term' && own('own', item.key) < TERM_OWN) {
        const w = syntheticTerm(pickZipf(zipfWords, own('word', item.key)), language);
        r = { key: w.key, surface: () => w.surface };
      }
      if (!r) {
        items.push(item);
        continue;
      }
      const surface = r.surface(language, item.surface);
      if (item.kind !== 'term' && item.surface !== surface) replacements.set(item.surface, surface);
      items.push({ ...item, key: r.key, surface });
    }
    const keyOf = new Map(evidence.items.map((item) => [item.key, rename(item)?.key ?? item.key]));
    const spans: NameSpan[] = evidence.spans.map((span) => ({
      ...span,
      surface: rewrite(span.surface, template, replacements),
      keys: span.keys.map((k) => keyOf.get(k) ?? k),
    }));
    return {
      index,
      event: plan.index,
      template: template.article.id,
      language,
      title: rewrite(template.title, template, replacements),
      body: rewrite(template.article.body, template, replacements),
      evidence: { language, items: merge(items), spans },
    };
  });
}

/** The keys an article adds to the desk's counts, as saveEvidence counts them: df for every stored key, name_df for its name keys. */
export function keyCounts(evidence: Omit<ArticleEvidence, 'id'>): { keys: string[]; names: string[] } {
  return { keys: evidenceKeys({ id: '', ...evidence }), names: nameKeys(evidence) };
}
