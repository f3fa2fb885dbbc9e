// Guesses an article's language as an ISO 639-1 code, using franc's trigram models.
import 'server-only';
import { franc } from 'franc';

// franc speaks ISO 639-3; the app stores ISO 639-1. Restricting franc to the languages
// we expect (via `only`) also stops near-neighbours such as Galician or Scots winning
// on short texts.
const ISO_639_3_TO_1: Readonly<Record<string, string>> = {
  por: 'pt',
  eng: 'en',
  spa: 'es',
  fra: 'fr',
  deu: 'de',
  ita: 'it',
  rus: 'ru',
  ukr: 'uk',
  bul: 'bg',
};

const CANDIDATES = Object.keys(ISO_639_3_TO_1);

// Below this many characters trigram statistics are noise; better to admit 'und'.
const MIN_LENGTH = 20;

const UNDETERMINED = 'und';

/**
 * Returns the ISO 639-1 code of the text's language, or 'und' when the text is
 * too short or not in one of the expected languages. Pass the article body
 * without boilerplate, so scraped headlines cannot sway the guess.
 */
export function detectLanguage(text: string): string {
  const code = franc(text, { only: CANDIDATES, minLength: MIN_LENGTH });
  return ISO_639_3_TO_1[code] ?? UNDETERMINED;
}
