// Snowball stemmers for the languages the desk reads, from @orama/stemmers.
import 'server-only';
import { stemmer as bulgarian } from '@orama/stemmers/bulgarian';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as ukrainian } from '@orama/stemmers/ukrainian';

const STEMMERS: Readonly<Record<string, (word: string) => string>> = {
  en: english,
  pt: portuguese,
  es: spanish,
  ru: russian,
  bg: safeBulgarian,
  uk: ukrainian,
};

/** The stem of a lowercase word, or the word itself for a language without a stemmer. */
export function stem(word: string, language: string): string {
  const stemmer = STEMMERS[language];
  return stemmer ? stemmer(word) : word;
}

export const hasStemmer = (language: string) => language in STEMMERS;

// @orama/stemmers 3.1.18's Bulgarian stemmer assigns to a string index for
// plurals such as "войници" (-ци → -к), which throws in strict-mode ESM. The
// fallback drops the ending instead: such a plural stays apart from its
// singular (words count little), but extraction never throws.
function safeBulgarian(word: string): string {
  try {
    return bulgarian(word);
  } catch {
    return word.length > 5 ? word.slice(0, -2) : word;
  }
}
