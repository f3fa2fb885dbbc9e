// Lines that open an article's text but are not its title: a dateline
// ("PARIS, 12 janv (Reuters) -"), a credit ("Source: AFP", "Translated by …"),
// a bare date ("9 de enero de 2023") or a lone place name ("Cúcuta").
// deriveTitle skips them, or cuts the dateline off the sentence it opens.
import 'server-only';

/** The desk's languages: month and weekday names come from Intl for these, not from hand-made lists. */
export const DESK_LANGUAGES = ['en', 'fr', 'es', 'pt', 'it', 'de', 'tr', 'ru', 'uk', 'bg', 'ar', 'fa'] as const;

let calendarWords: ReadonlySet<string> | null = null;

/** Month and weekday names, long and short, nominative and as used with a day ("января"), lowercased without a final period. */
function calendarNames(): ReadonlySet<string> {
  if (calendarWords) return calendarWords;
  const words = new Set<string>();
  const add = (value: string | undefined) => {
    const word = value?.toLowerCase().replace(/\.$/u, '');
    // Some locales give numbers for short months ("01" in bg): those are not names.
    if (word && /^\p{L}[\p{L}\p{M}'’]*$/u.test(word)) words.add(word);
  };
  for (const locale of DESK_LANGUAGES) {
    for (const width of ['long', 'short'] as const) {
      const month = new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' });
      const withDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: width, timeZone: 'UTC' });
      const weekday = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
      for (let m = 0; m < 12; m += 1) {
        const day = Date.UTC(2021, m, 15);
        add(month.format(day));
        add(withDay.formatToParts(day).find((p) => p.type === 'month')?.value);
      }
      // 2021-03-01 was a Monday: seven days from it name every weekday.
      for (let d = 0; d < 7; d += 1) add(weekday.format(Date.UTC(2021, 2, 1 + d)));
    }
  }
  calendarWords = words;
  return words;
}

// Words that join the parts of a written date ("9 de enero de 2023", "le 3 mars", "13. November 2023 г.").
const DATE_JOINERS = new Set([
  'de',
  'del',
  'of',
  'the',
  'le',
  'la',
  'el',
  'den',
  'am',
  'il',
  'lo',
  'du',
  'г',
  'года',
  'року',
  'р',
  'година',
  'yılı',
  'gmt',
  'utc',
  'am',
  'pm',
  'h',
]);

/** A line that is nothing but a date (and maybe a time): "9 de enero de 2023", "Monday, 9 January 2023", "2023-01-09", "13.11.2023". */
export function isBareDate(line: string): boolean {
  const words = line.toLowerCase().match(/[\p{L}\p{M}]+|\p{N}+/gu) ?? [];
  if (words.length === 0 || words.length > 8) return false;
  const names = calendarNames();
  let dated = false;
  for (const word of words) {
    if (/^\p{N}+$/u.test(word) || names.has(word)) {
      dated = true;
      continue;
    }
    if (!DATE_JOINERS.has(word)) return false;
  }
  return dated && /\p{N}/u.test(line);
}

// A credit or attribution line: "Source: AFP", "Fuente: EFE", "Quelle: dpa", "Источник: ТАСС", "المصدر: رويترز",
// "Photo: …" (a label and a colon), or "Translated by Ana Silva", "By Ana Silva" (a label and a name).
const COLON_LABELS =
  /^(?:sources?|fuentes?|fontes?|quellen?|источник|джерело|източник|kaynak|المصدر|مصدر|credits?|crédito|crédit|photos?|fotos?|фото|image|imagen|bild|traduction|traducción|tradução|übersetzung|перевод|переклад|превод|çeviri|ترجمة|redacción|rédaction|redação|redaktion|редакция)\s*[:：]/iu;
const BY_LABELS =
  /^(?:translated by|traducido por|traduit par|traduzido por|übersetzt von|tradotto da|переведено|перекладено|edited by|editing by|reporting by|written by|additional reporting by|by|por|par|von|di)\s+(\S.*)$/iu;
const MAX_CREDIT_LENGTH = 80;

export function isCreditLine(line: string): boolean {
  if (line.length > MAX_CREDIT_LENGTH) return false;
  if (COLON_LABELS.test(line)) return true;
  const named = BY_LABELS.exec(line)?.[1];
  // "By Ana Silva and Luis Pérez": a short run of names, no sentence's end.
  return named !== undefined && /^\p{Lu}/u.test(named) && named.split(/\s+/u).length <= 6 && !/[.!?]$/u.test(named);
}

// A lower-case particle inside a place name: "Rio de Janeiro", "Ciudad del Este", "Saint-Denis".
const PLACE_PARTICLES = new Set(['de', 'do', 'da', 'dos', 'das', 'del', 'la', 'el', 'al', 'di', 'du', 'des', 'le', 'am', 'an', 'der', 'sur', 'upon', 'on']);
const MAX_PLACE_LENGTH = 40;

/** One word, or up to four capitalised words with nothing else: a place name standing alone ("Paris", "São Paulo", "КИЕВ", "كراكاس"). */
export function isLonePlaceName(line: string): boolean {
  if (line.length > MAX_PLACE_LENGTH || /[\p{N}.!?:;,]/u.test(line.replace(/[.,:]$/u, ''))) return false;
  const words = line
    .replace(/[.,:]$/u, '')
    .split(/\s+/u)
    .filter(Boolean);
  if (words.length === 1) return true;
  if (words.length > 4) return false;
  return words.every((w) => /^\p{Lu}/u.test(w) || PLACE_PARTICLES.has(w));
}

// News agencies in a dateline's brackets or slashes: "(Reuters)", "(AFP)", "/ТАСС/", "(رويترز)".
const BRACKETED = /[(/][^()/]{1,30}[)/]/u;
// A dateline ends with a dash (sometimes after a period: "(EFE).-"), then the story begins.
const DATELINE = /^(.{2,80}?)\s*\.?\s*[-–—]+\s*/u;

/**
 * The sentence without its dateline: "PARIS, 12 janv (Reuters) - Le …" → "Le …".
 * A prefix counts as a dateline when it names an agency in brackets, opens with a word in capitals
 * ("CARACAS,", "МОСКВА"), or holds a date; otherwise the line is returned as it was.
 */
export function stripDateline(line: string): string {
  const match = DATELINE.exec(line);
  if (!match) return line;
  const prefix = match[1] ?? '';
  if (/[!?]/u.test(prefix)) return line;
  const capitalsFirst = /^\p{Lu}{2,}(?:[\s-]\p{Lu}{2,})*(?:,|\s|$)/u.test(prefix) && !/^\p{Lu}{2,}\s+\p{Ll}/u.test(prefix);
  const dated = prefix.split(/[\s,]+/u).some((w) => calendarNames().has(w.toLowerCase().replace(/\.$/u, ''))) && /\p{N}/u.test(prefix);
  if (!BRACKETED.test(prefix) && !capitalsFirst && !dated) return line;
  return line.slice(match[0].length);
}

/** A line that opens an article but cannot be its title. */
export function isNotTitle(line: string): boolean {
  return isCreditLine(line) || isBareDate(line) || isLonePlaceName(line);
}
