// Names that no transliteration turns into each other because each language
// has its own word (США / EUA / الولايات المتحدة): an editable list, folded
// spellings → one shared key. Keep it to names a desk meets; everything else
// is matched by sound (fold.ts).
import 'server-only';
import { foldWord } from './lexicon';

const EXONYMS: ReadonlyArray<readonly [string, string]> = [
  ['usa', 'us|u s|usa|ee uu|eua|ee.uu.|eeuu|estados unidos|united states|сащ|сша|соединенные штаты|съединените щати|الولايات المتحدة'],
  [
    'un',
    'un|u n|onu|оон|united nations|nações unidas|nacoes unidas|naciones unidas|организация на обединените нации|организация объединенных наций|الأمم المتحدة|الامم المتحدة',
  ],
  [
    'eu',
    'eu|ue|ес|евросоюз|european union|união europeia|uniao europeia|unión europea|union europea|европейският съюз|европейския съюз|европейский союз|الاتحاد الأوروبي',
  ],
  ['algeria', 'algeria|argélia|argelia|алжир|الجزائر|algiers|argel|الجزائر العاصمة'],
  ['egypt', 'egypt|egito|egipto|египет|مصر'],
  ['germany', 'germany|alemanha|alemania|германия|ألمانيا'],
  ['greece', 'greece|grécia|grecia|гърция|греция|اليونان'],
  ['spain', 'spain|espanha|españa|испания|إسبانيا|اسبانيا'],
];

const TABLE: ReadonlyMap<string, string> = new Map(EXONYMS.flatMap(([key, names]) => names.split('|').map((name) => [foldWord(name), `n:=${key}`] as const)));
// First word → longest entry in words, so most words are ruled out by one lookup.
const FIRST_WORDS: ReadonlyMap<string, number> = (() => {
  const table = new Map<string, number>();
  for (const name of TABLE.keys()) {
    const words = name.split(' ');
    const first = words[0] ?? '';
    table.set(first, Math.max(table.get(first) ?? 0, words.length));
  }
  return table;
})();

/** The shared key of a name that has its own word in each language, or undefined. */
export function exonymKey(surface: string): string | undefined {
  return TABLE.get(foldWord(surface).replace(/\s+/gu, ' '));
}

/** The longest exonym (up to four words) starting at word `i` of `words`, as [key, word count]. */
export function exonymAt(words: readonly string[], i: number): [string, number] | undefined {
  const longest = FIRST_WORDS.get(foldWord(words[i] ?? ''));
  if (longest === undefined) return undefined;
  for (let n = Math.min(longest, words.length - i); n >= 1; n--) {
    const key = TABLE.get(
      words
        .slice(i, i + n)
        .map(foldWord)
        .join(' '),
    );
    if (key) return [key, n];
  }
  return undefined;
}
