// Names that no transliteration turns into each other because each language
// has its own word (США / EUA / الولايات المتحدة / Moskau / موسكو): folded
// spellings → one shared key. Countries come from the maintained multilingual
// gazetteer `i18n-iso-countries` (key: the ISO code); the desk keeps the short
// table below for organisations and major cities. Inflected forms (Турции,
// Moskwie, Türkiye'de, بالعراق) meet their base. Everything else is matched by
// sound (fold.ts).
import 'server-only';
import countries from 'i18n-iso-countries';
import ar from 'i18n-iso-countries/langs/ar.json';
import bg from 'i18n-iso-countries/langs/bg.json';
import de from 'i18n-iso-countries/langs/de.json';
import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import it from 'i18n-iso-countries/langs/it.json';
import nl from 'i18n-iso-countries/langs/nl.json';
import pl from 'i18n-iso-countries/langs/pl.json';
import pt from 'i18n-iso-countries/langs/pt.json';
import ro from 'i18n-iso-countries/langs/ro.json';
import ru from 'i18n-iso-countries/langs/ru.json';
import sr from 'i18n-iso-countries/langs/sr.json';
import tr from 'i18n-iso-countries/langs/tr.json';
import uk from 'i18n-iso-countries/langs/uk.json';
import { ARABIC_PREFIXES, foldWord } from './lexicon';

const GAZETTEER_LOCALES = [ar, bg, de, en, es, fr, it, nl, pl, pt, ro, ru, sr, tr, uk];

/** The desk's own table: organisations, country names the gazetteer lacks, and major cities. Keys of countries are their ISO codes. */
const EXONYMS: ReadonlyArray<readonly [string, string]> = [
  ['us', 'us|u s|usa|ee uu|eua|ee.uu.|eeuu|estados unidos|united states|сащ|сша|соединенные штаты|съединените щати|الولايات المتحدة|abd|amerika'],
  [
    'un',
    'un|u n|onu|оон|oon|bm|united nations|nações unidas|nacoes unidas|naciones unidas|nations unies|nazioni unite|vereinte nationen|narody zjednoczone|birleşmiş milletler|организация на обединените нации|организация объединенных наций|організація об’єднаних націй|الأمم المتحدة|الامم المتحدة',
  ],
  [
    'eu',
    'eu|ue|ес|єс|евросоюз|european union|união europeia|uniao europeia|unión europea|union europea|union européenne|unione europea|europäische union|unia europejska|avrupa birliği|европейският съюз|европейския съюз|европейский союз|європейський союз|الاتحاد الأوروبي',
  ],
  ['dz', 'algiers|argel|alger|algeri|algier|algier|الجزائر العاصمة'],
  ['moscow', 'moscow|moskau|moscou|mosca|moscú|moscu|moskwa|moskova|москва|موسكو'],
  ['kyiv', 'kyiv|kiev|kiew|kijów|kijow|kiyiv|kiev|київ|киев|кийв|كييف|كييف'],
  ['istanbul', 'istanbul|İstanbul|estambul|istambul|stambuł|stambul|истанбул|стамбул|стамбул|إسطنبول|اسطنبول'],
  ['beirut', 'beirut|beyrouth|beirute|bejrut|beyrut|бейрут|بيروت'],
  ['damascus', 'damascus|damaskus|damas|damasco|damaszek|şam|дамаск|دمشق'],
  ['cairo', 'cairo|kairo|le caire|caire|el cairo|kair|kahire|кайро|каир|القاهرة'],
  ['baghdad', 'baghdad|bagdad|bagdá|bağdat|багдад|بغداد'],
  ['jerusalem', 'jerusalem|jérusalem|jerusalén|gerusalemme|jerozolima|kudüs|йерусалим|иерусалим|єрусалим|القدس'],
  ['warsaw', 'warsaw|warschau|varsovie|varsovia|varsóvia|varsavia|warszawa|varşova|варшава|وارسو'],
  ['london', 'london|londres|londra|londyn|лондон|لندن'],
  ['paris', 'paris|parigi|paryż|paryz|париж|باريس'],
  ['berlin', 'berlin|berlino|берлин|берлін|برلين'],
  ['rome', 'rome|rom|roma|rzym|рим|روما'],
  ['athens', 'athens|athen|athènes|atenas|atene|ateny|atina|атина|афины|афіни|أثينا'],
  ['brussels', 'brussels|brüssel|bruxelles|bruselas|bruxelas|bruxelles|bruksela|brüksel|брюксел|брюссель|брюссель|بروكسل'],
  ['washington', 'washington|waszyngton|vaşington|вашингтон|واشنطن'],
  ['ankara', 'ankara|анкара|أنقرة'],
  ['kharkiv', 'kharkiv|kharkov|charkiw|kharkov|charków|harkov|харков|харків|خاركيف'],
  ['tehran', 'tehran|teheran|téhéran|teherán|teerã|teheran|техеран|тегеран|طهران'],
  ['vienna', 'vienna|wien|vienne|viena|viena|wiedeń|viyana|виена|вена|відень|فيينا'],
];

type Entry = { key: string; words: number };
const TABLE = new Map<string, string>();
const addName = (name: string, key: string) => {
  const folded = foldWord(name).replace(/[’'`]/gu, '’').replace(/\s+/gu, ' ').trim();
  // Two-letter and Arabic three- or four-letter country names are common words (Mali / مالي "financial", Oman / عمان "Amman").
  if (folded.length < 3 || (/\p{Script=Arabic}/u.test(folded) && !folded.startsWith('ال') && folded.length <= 4)) return;
  if (!TABLE.has(folded)) TABLE.set(folded, key);
};
for (const [key, names] of EXONYMS) for (const name of names.split('|')) TABLE.set(foldWord(name).replace(/\s+/gu, ' '), `n:=${key}`);
for (const locale of GAZETTEER_LOCALES) countries.registerLocale(locale);
for (const locale of GAZETTEER_LOCALES) {
  for (const [code, names] of Object.entries(countries.getNames(locale.locale, { select: 'all' })))
    for (const name of names) addName(name, `n:=${code.toLowerCase()}`);
}

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

// Case endings of Slavic languages (Турции, Украине, Moskwie, Rosji): one-word names by their base.
const SLAVIC_ENDING = /(?:ией|ией|ии|ия|ию|ій|ії|ію|ой|ей|ом|ем|ою|ею|ji|ii|ją|ię|ie|em|[аяыиеуюоьійї]|[aeiouyąęj])$/u;
const base = (folded: string) => {
  const stripped = folded.replace(SLAVIC_ENDING, '');
  return stripped.length >= 3 && folded.length >= 5 ? stripped : undefined;
};
const BASES: ReadonlyMap<string, Entry> = (() => {
  const table = new Map<string, Entry>();
  for (const [name, key] of TABLE) {
    if (name.includes(' ') || !/[\p{Script=Latin}\p{Script=Cyrillic}]/u.test(name)) continue;
    // The name itself is a base too: Ирак meets Ирака, Irak meets Iraku.
    for (const b of [base(name), name.length >= 4 ? name : undefined]) if (b && !table.has(b)) table.set(b, { key, words: 1 });
  }
  return table;
})();

/** The shared key of a name that has its own word in each language, or undefined. */
export function exonymKey(surface: string): string | undefined {
  return TABLE.get(foldWord(surface).replace(/\s+/gu, ' '));
}

/** The longest exonym (up to four words) starting at word `i` of `words`, as [key, word count]. */
export function exonymAt(words: readonly string[], i: number): [string, number] | undefined {
  const first = foldWord(words[i] ?? '');
  const longest = FIRST_WORDS.get(first);
  if (longest !== undefined) {
    for (let n = Math.min(longest, words.length - i); n >= 1; n--) {
      const key = TABLE.get(
        words
          .slice(i, i + n)
          .map(foldWord)
          .join(' '),
      );
      if (key) return [key, n];
    }
  }
  const single = inflected(first);
  return single ? [single, 1] : undefined;
}

/** One word whose suffix or prefix hides a name of the table: Türkiye'de, Rusya'nın, Турции, Moskwie, بالعراق, لتركيا. */
function inflected(folded: string): string | undefined {
  if (/\p{Script=Arabic}/u.test(folded)) {
    for (const prefix of ARABIC_PREFIXES) {
      if (!folded.startsWith(prefix) || folded.length - prefix.length < 3) continue;
      const rest = folded.slice(prefix.length);
      const key = TABLE.get(rest) ?? TABLE.get(`ال${rest}`);
      if (key) return key;
    }
    return undefined;
  }
  const apostrophe = folded.split(/['’]/u)[0] ?? folded;
  if (apostrophe !== folded) {
    const key = TABLE.get(apostrophe);
    if (key) return key;
  }
  const b = base(apostrophe);
  return b ? BASES.get(b)?.key : undefined;
}

// English names the gazetteer writes officially or with a comma ("Syrian Arab Republic", "Korea, Republic of").
const ENGLISH_COUNTRY: Readonly<Record<string, string>> = {
  sy: 'Syria',
  kr: 'South Korea',
  kp: 'North Korea',
  gb: 'United Kingdom',
  us: 'United States',
  la: 'Laos',
  md: 'Moldova',
  tz: 'Tanzania',
  vn: 'Vietnam',
  bo: 'Bolivia',
  cd: 'DR Congo',
  cg: 'Congo',
};
const ORGANISATION_KEYS: ReadonlySet<string> = new Set(['un', 'eu']);

/** Whether a shared `n:=` key names a country (an ISO code) or a city of the desk's table, and its English name: `n:=tr` → Turkey, `n:=moscow` → Moscow. */
export function exonymPlace(key: string): { kind: 'country' | 'city'; english: string } | undefined {
  if (!key.startsWith('n:=')) return undefined;
  const code = key.slice(3);
  if (ORGANISATION_KEYS.has(code)) return undefined;
  if (code.length === 2) {
    if (!countries.isValid(code)) return undefined;
    const all = countries.getName(code, 'en', { select: 'all' }) ?? [];
    const plain = all.filter((n) => !n.includes(',') && n !== n.toUpperCase());
    const english = ENGLISH_COUNTRY[code] ?? plain.sort((a, b) => a.length - b.length)[0] ?? all[0];
    return english ? { kind: 'country', english } : undefined;
  }
  const entry = EXONYMS.find(([k]) => k === code);
  const first = entry?.[1].split('|')[0];
  return first ? { kind: 'city', english: first.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase()) } : undefined;
}
