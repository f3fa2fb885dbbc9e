// Letters and everyday words that only some of a group of close languages use:
// the evidence detect-language.ts weighs when eld's trigram scores are nearly
// tied. Each marker lists the languages that DO use it; every other language of
// the group counts one contradiction per occurrence. Class rules about the
// languages' spelling, not about any particular text.
import 'server-only';

export type Neighbours = {
  languages: readonly string[];
  /** Global, lowercase patterns (matched on lowercased NFC text). */
  letters: ReadonlyArray<{ pattern: RegExp; languages: readonly string[] }>;
  /** Whole lowercase words. */
  words: ReadonlyMap<string, readonly string[]>;
};

function wordTable(entries: ReadonlyArray<readonly [string, readonly string[]]>): Map<string, readonly string[]> {
  const table = new Map<string, readonly string[]>();
  for (const [list, languages] of entries) for (const word of list.split(' ')) table.set(word, languages);
  return table;
}

// Russian, Bulgarian, Ukrainian, Belarusian, Serbian and Macedonian Cyrillic.
// Macedonian is not in eld's model, so only its own letters can name it.
const CYRILLIC: Neighbours = {
  languages: ['ru', 'bg', 'uk', 'be', 'sr', 'mk'],
  letters: [
    { pattern: /[ыэё]/gu, languages: ['ru', 'be'] },
    { pattern: /[ії]/gu, languages: ['uk', 'be'] },
    { pattern: /[єґї]/gu, languages: ['uk'] },
    { pattern: /ў/gu, languages: ['be'] },
    { pattern: /ѝ/gu, languages: ['bg'] },
    // Bulgarian ъ is a vowel (България, към); Russian's hard sign only stands before е ё ю я (объявил).
    { pattern: /ъ(?![еёюя])/gu, languages: ['bg'] },
    { pattern: /ъ(?=[еёюя])/gu, languages: ['ru', 'bg'] },
    // Bulgarian writes ь only before о (шофьор); Serbian and Macedonian never.
    { pattern: /ь(?!о)/gu, languages: ['ru', 'uk', 'be'] },
    { pattern: /щ/gu, languages: ['ru', 'bg', 'uk'] },
    { pattern: /[јљњџ]/gu, languages: ['sr', 'mk'] },
    { pattern: /[ћђ]/gu, languages: ['sr'] },
    { pattern: /[ѓќѕ]/gu, languages: ['mk'] },
    // Belarusian writes і where the others write и.
    { pattern: /и/gu, languages: ['ru', 'bg', 'uk', 'sr', 'mk'] },
  ],
  words: wordTable([
    ['что это было были также только который которая которые чтобы очень сегодня сейчас', ['ru']],
    ['са че ще това тази този няма във със които който която беше бяха според също днес вече', ['bg']],
    ['је су', ['sr']],
    ['дека ги', ['mk']],
    ['го', ['mk', 'bg']],
    ['во', ['mk', 'ru']],
    // Bulgarian and Macedonian have no preposition у.
    ['у', ['sr', 'ru', 'uk', 'be']],
  ]),
};

// Portuguese, Spanish and Galician. Galician is not in eld's model either.
const IBERIAN: Neighbours = {
  languages: ['pt', 'es', 'gl'],
  letters: [
    { pattern: /[ãõ]/gu, languages: ['pt'] },
    { pattern: /[çâêô]/gu, languages: ['pt'] },
    { pattern: /lh/gu, languages: ['pt'] },
    { pattern: /ñ/gu, languages: ['es', 'gl'] },
    { pattern: /[¿¡]/gu, languages: ['es', 'gl'] },
    // Verb and noun endings: cruzam / cruzan, fronteira / frontera, cidade / ciudad.
    { pattern: /(?<=\p{L})am(?!\p{L})/gu, languages: ['pt'] },
    { pattern: /(?<=\p{L})eir[ao]s?(?!\p{L})/gu, languages: ['pt', 'gl'] },
    { pattern: /(?<=\p{L})dad(?:es)?(?!\p{L})/gu, languages: ['es'] },
  ],
  words: wordTable([
    ['não são também às à pelo pela pelos pelas em um uma uns umas foi muito ele ela então após até mais com', ['pt']],
    ['el los las del y una unos unas muy también hasta desde ya fue la lo al', ['es']],
    ['non unha unhas dunha nunha cunha ás á aínda tamén xa hoxe onte moi dende ata polo pola polos polas coa coas co cos cando catro', ['gl']],
    ['ao do da dos das os é e seu súa', ['pt', 'gl']],
    ['en un con ningún', ['es', 'gl']],
  ]),
};

// Arabic, Persian, Urdu and Kurdish (Sorani) share the Arabic script; their own letters tell them apart.
const ARABIC_SCRIPT: Neighbours = {
  languages: ['ar', 'fa', 'ur', 'ku'],
  letters: [
    // Arabic yeh and kaf; the others write ی and ک.
    { pattern: /[يك]/gu, languages: ['ar'] },
    { pattern: /ة/gu, languages: ['ar'] },
    { pattern: /[یک]/gu, languages: ['fa', 'ur', 'ku'] },
    { pattern: /[پچگ]/gu, languages: ['fa', 'ur', 'ku'] },
    { pattern: /ژ/gu, languages: ['fa', 'ku'] },
    { pattern: /[ےںٹڈڑھ]/gu, languages: ['ur'] },
    { pattern: /[ەێۆڵڕ]/gu, languages: ['ku'] },
  ],
  words: new Map(),
};

export const NEIGHBOUR_GROUPS: readonly Neighbours[] = [CYRILLIC, IBERIAN, ARABIC_SCRIPT];
