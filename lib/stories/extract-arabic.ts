// Arabic script has no capitals, so no word announces itself as a name. Every
// word that is not a function word or a common news word becomes a candidate:
// its prefixes (و ب ل ف ال) peeled off, transliterated and keyed by sound like
// any name. A candidate counts as a name only when it meets a name found by
// capitals in another article (scoring decides; see score-pair.ts), so the
// batch itself is the gazetteer and the result does not depend on input order.
import 'server-only';
import { exonymAt } from './exonyms';
import { phoneticKey, toLatin } from './fold';
import { ARABIC_PREFIXES, ARABIC_STOPWORDS, MONTHS, WEEKDAYS, foldWord } from './lexicon';
import type { Token } from './tokens';
import type { NameSpan, RawEvidence } from './types';

const TASHKEEL = /[\u064B-\u065F\u0670\u0640]/gu;
const ARTICLE_PREFIXES = ['وبال', 'وال', 'بال', 'فال', 'كال', 'لل', 'ال'];
const MIN_STEM_LETTERS = 3;
const MIN_KEY_LENGTH = 3;
/** Runs of candidate words longer than this are a phrase, not a name. */
const MAX_RUN = 4;

export function extractArabic(tokens: readonly Token[], spanBase: number): { spans: NameSpan[]; items: RawEvidence[] } {
  const spans: NameSpan[] = [];
  const items: RawEvidence[] = [];
  const clean = tokens.map((t) => t.text.replace(TASHKEEL, ''));
  const words = clean.map((w) => stripConjunction(w));
  let run: number[] = [];

  const closeRun = () => {
    if (run.length === 0) return;
    for (let start = 0; start < run.length; start += MAX_RUN) emitSpan(run.slice(start, start + MAX_RUN));
    run = [];
  };
  const emitSpan = (indexes: number[]) => {
    const keyed = indexes.flatMap((i) => {
      const token = tokens[i];
      const word = clean[i];
      if (!token || word === undefined) return [];
      return variants(word).map((v) => ({ key: `n:${phoneticKey(toLatin(v, 'ar'))}`, surface: token.text, offset: token.start }));
    });
    const usable = keyed.filter((k) => k.key.length >= MIN_KEY_LENGTH + 2);
    if (usable.length === 0) return;
    const first = tokens[indexes[0] ?? 0];
    const last = tokens[indexes[indexes.length - 1] ?? 0];
    const surface = first && last ? `${first.text}${indexes.length > 1 ? ' … ' + last.text : ''}` : '';
    const index = spans.length;
    spans.push({ surface, entityType: 'name', keys: [...new Set(usable.map((k) => k.key))], count: 1 });
    for (const k of usable)
      items.push({ kind: 'name', key: k.key, surface: k.surface, offset: k.offset, entityType: 'name', span: spanBase + index, candidate: true });
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const word = clean[i];
    if (!token || word === undefined || token.script !== 'arabic') {
      closeRun();
      continue;
    }
    const exonym = exonymAt(words, i) ?? exonymAt(clean, i);
    if (exonym) {
      closeRun();
      const [key, length] = exonym;
      const lastToken = tokens[i + length - 1] ?? token;
      const index = spans.length;
      const surface = tokens
        .slice(i, i + length)
        .map((t) => t.text)
        .join(' ');
      spans.push({ surface, entityType: 'place', keys: [key], count: 1 });
      items.push({ kind: 'name', key, surface, offset: token.start, entityType: 'place', span: spanBase + index });
      i = Math.max(i, tokens.indexOf(lastToken));
      continue;
    }
    if (token.breakBefore) closeRun();
    if (isCommon(word)) {
      closeRun();
      continue;
    }
    run.push(i);
  }
  closeRun();
  return { spans, items };
}

function stripConjunction(word: string): string {
  return word.startsWith('و') && word.length > 4 ? word.slice(1) : word;
}

/** A function word, a common news word, a month or a weekday, with or without its prefixes. */
function isCommon(word: string): boolean {
  if (word.length < 2) return true;
  for (const form of [word, ...variants(word)]) {
    if (ARABIC_STOPWORDS.has(form) || ARABIC_STOPWORDS.has(`ال${form}`) || MONTHS.has(foldWord(form)) || WEEKDAYS.has(form) || WEEKDAYS.has(`ال${form}`))
      return true;
  }
  return false;
}

/**
 * The forms a word may be compared in. The article and its compounds (ال، وال، بال،
 * لل) always go. A lone و ب ل ف may be a prefix or the name's own first letter
 * (بومبيو is Pompeo): both forms are kept.
 */
export function variants(word: string): string[] {
  for (const prefix of ARTICLE_PREFIXES) if (word.startsWith(prefix) && word.length - prefix.length >= MIN_STEM_LETTERS) return [word.slice(prefix.length)];
  for (const prefix of ARABIC_PREFIXES) {
    if (prefix.length === 1 && word.startsWith(prefix) && word.length - 1 >= MIN_STEM_LETTERS) return [word, word.slice(1)];
  }
  return [word];
}
