// An article's evidence for story grouping: the names, figures, dates and
// (within one language) stemmed words of its body, each with its surface form
// as written and a match key. Read only the body: trailing boilerplate
// (scraped headlines about other countries) is never evidence.
import 'server-only';
import { extractArabic } from './extract-arabic';
import { extractDates, type Span } from './extract-dates';
import { eventKindOf } from './event-kinds';
import { extractNames } from './extract-names';
import { extractNumbers, type NumberWordReader } from './extract-numbers';
import { FUNCTION_WORDS, foldWord, MONTHS, WEEKDAYS } from './lexicon';
import { hasStemmer, stem } from './stem';
import { isStopword } from './stopwords';
import { asciiDigits, isCapitalised, tokenize } from './tokens';
import type { ArticleEvidence, EvidenceItem, RawEvidence, StoryArticle } from './types';

export type ExtractOptions = {
  /** Reads figures written in words (issue 13); none by default. */
  numberWords?: NumberWordReader;
};

/** Words shorter than this are rarely what a story is about. */
const MIN_TERM_LETTERS = 4;
const LANGUAGE_SCRIPT: Readonly<Record<string, string>> = {
  bg: 'cyrillic',
  ru: 'cyrillic',
  uk: 'cyrillic',
  sr: 'cyrillic',
  mk: 'cyrillic',
  el: 'greek',
  ar: 'arabic',
};

export function extractEvidence(article: StoryArticle, options: ExtractOptions = {}): ArticleEvidence {
  const language = article.language.toLowerCase();
  const text = asciiDigits(article.body.normalize('NFC'));
  const covered: Span[] = [];
  const raw: RawEvidence[] = [];

  const published = article.publishedAt ? article.publishedAt.toISOString().slice(0, 10) : undefined;
  const dates = extractDates(text, language, covered);
  raw.push(...dates, ...(published ? weekdayDates(dates, published) : []));
  raw.push(...extractNumbers(text, covered, language, options.numberWords));

  const tokens = tokenize(text);
  const names = extractNames(text, tokens, language, 0, covered);
  const arabic = extractArabic(tokens, names.spans.length);
  raw.push(...names.items, ...arabic.items);

  // What happened, in any language: "séisme", "землетрясение" and "زلزال" are one key.
  for (const token of tokens) {
    const kind = eventKindOf(token.text);
    if (kind) raw.push({ kind: 'event', key: `k:${kind}`, surface: token.text, offset: token.start });
  }

  const script = LANGUAGE_SCRIPT[language] ?? 'latin';
  if (script !== 'arabic') {
    for (const token of tokens) {
      if (token.script !== script || names.nameTokens.has(token.index) || isCapitalised(token.text)) continue;
      if (covered.some((c) => token.start >= c.start && token.start < c.end)) continue;
      const folded = foldWord(token.text);
      if (
        (folded.match(/\p{L}/gu)?.length ?? 0) < MIN_TERM_LETTERS ||
        FUNCTION_WORDS.has(folded) ||
        isStopword(folded, language) ||
        MONTHS.has(folded) ||
        WEEKDAYS.has(folded)
      )
        continue;
      const stemmed = hasStemmer(language) ? stem(token.text.toLowerCase(), language) : folded;
      raw.push({ kind: 'term', key: `t:${language}:${foldWord(stemmed)}`, surface: token.text, offset: token.start });
    }
  }
  return { id: article.id, language, ...(published ? { published } : {}), items: collect(raw), spans: [...names.spans, ...arabic.spans] };
}

const DAY_MS = 86_400_000;

/** "Monday" in an article of Tuesday 30 March is 29 March: the day, besides the weekday. */
function weekdayDates(dates: readonly RawEvidence[], published: string): RawEvidence[] {
  const day = Date.parse(`${published}T12:00:00Z`);
  if (!Number.isFinite(day)) return [];
  const publishedWeekday = ((new Date(day).getUTCDay() + 6) % 7) + 1;
  return dates.flatMap((d) => {
    if (d.kind !== 'weekday') return [];
    const weekday = Number(d.key.slice(2));
    const back = (publishedWeekday - weekday + 7) % 7;
    const date = new Date(day - back * DAY_MS);
    const key = `d:${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
    return [{ kind: 'date' as const, key, surface: d.surface, offset: d.offset }];
  });
}

/** One item per key: first surface, occurrence count, the spans a name key occurs in. */
function collect(raw: readonly RawEvidence[]): EvidenceItem[] {
  const byKey = new Map<string, EvidenceItem & { offset: number }>();
  for (const r of raw) {
    const item = byKey.get(r.key);
    if (!item) {
      byKey.set(r.key, {
        kind: r.kind,
        key: r.key,
        surface: r.surface,
        count: 1,
        spans: r.span === undefined ? [] : [r.span],
        offset: r.offset,
        ...(r.entityType ? { entityType: r.entityType } : {}),
        ...(r.candidate ? { candidate: true } : {}),
      });
      continue;
    }
    item.count++;
    if (r.span !== undefined && !item.spans.includes(r.span)) item.spans.push(r.span);
    // A key seen as a name by capitals outranks the same key as an Arabic candidate.
    if (item.candidate && !r.candidate) delete item.candidate;
    if (r.offset < item.offset) {
      item.surface = r.surface;
      item.offset = r.offset;
    }
    if (item.entityType === 'name' && r.entityType && r.entityType !== 'name') item.entityType = r.entityType;
  }
  return [...byKey.values()].map(({ offset: _offset, ...item }) => item).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The keys an index stores for an article (PostgreSQL: one row per key, btree
 * or GIN): its match keys, plus the consonant skeleton of every name key, so
 * that a spelling without vowels (Arabic) still finds its candidates.
 */
export function evidenceKeys(evidence: ArticleEvidence): string[] {
  const keys = new Set<string>();
  for (const item of evidence.items) {
    keys.add(item.key);
    if (item.kind === 'name' && !item.key.startsWith('n:=')) {
      const sk = item.key.slice(2).replace(/[aiu]/g, '');
      if (sk.length >= 3) keys.add(`s:${sk}`);
    }
  }
  return [...keys].sort();
}
