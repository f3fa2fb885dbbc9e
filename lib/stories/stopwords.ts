// Function words of 60+ languages from the maintained `stopword` lists, keyed by
// ISO 639-1 (ICU maps the lists' 639-3 names): capitalised at a sentence's start
// they are not names, lowercase they carry no story.
import 'server-only';
import * as lists from 'stopword';
import { foldWord } from './lexicon';

const BY_LANGUAGE: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const table = new Map<string, Set<string>>();
  for (const [name, words] of Object.entries(lists)) {
    if (!Array.isArray(words) || !/^[a-z]{3}/u.test(name)) continue;
    let code: string;
    try {
      code = new Intl.Locale(name.slice(0, 3)).language;
    } catch {
      continue;
    }
    const set = table.get(code) ?? new Set<string>();
    for (const word of words) if (typeof word === 'string' && word.trim()) set.add(foldWord(word.trim()));
    table.set(code, set);
  }
  return table;
})();
const NONE: ReadonlySet<string> = new Set();
const ENGLISH = BY_LANGUAGE.get('en') ?? NONE;

/** The folded stopwords of a language (ISO 639-1; Norwegian `no` reads Bokmål's), empty when the lists have none. */
export function stopwordsOf(language: string): ReadonlySet<string> {
  return BY_LANGUAGE.get(language === 'no' ? 'nb' : language) ?? NONE;
}

/** Whether a folded word is a function word of the article's language, or of English, which every desk quotes. */
export function isStopword(folded: string, language: string): boolean {
  return stopwordsOf(language).has(folded) || ENGLISH.has(folded);
}

/** How many languages the lists cover. */
export const STOPWORD_LANGUAGES = BY_LANGUAGE.size;
