// Stretches of the body that hold digits but never a figure: addresses and
// links, handles, clock times, numeric dates, phone numbers, street numbers,
// rooms and pages, page furniture. numbers.ts skips every digit inside them.
import 'server-only';
import type { Bounds } from './sentences';

const PATTERNS: readonly RegExp[] = [
  // Links, e-mail addresses, handles and hashtags.
  /(?:https?:\/\/|www\.)\S+/gu,
  /[\p{L}\d._%+-]+@[\p{L}\d.-]+\.\p{L}{2,}/gu,
  /[@#]\s?[\p{L}\d_]+/gu,
  // Clock times: 4:56 pm, 16:30, 2:05:37, 16h30, 9h15, 22h, 10:30 ч., 4 pm, 4 p.m.
  /(?<!\d)\d{1,2}(?::\d{2}){1,2}(?:\s*(?:[ap]\.?m\.?|ч\.?|h|hs|hrs)(?![\p{L}]))?/gu,
  /(?<![\d\p{L}])\d{1,2}h(?:\d{2})?(?![\p{L}\d])/gu,
  /(?<![\d\p{L}.,])\d{1,2}\s?(?:[ap]\.m\.|[ap]m)(?![\p{L}])/gu,
  /(?<![\d\p{L}])(?:a las|las|às|as|at|в|от|до|الساعة|الساعه)\s+\d{1,2}[.,]\d{2}(?!\d|\s?(?:mil|млн|bn|mn|tys|тыс|тис|\p{L}*(?:illion|ilion|илион|иллион|ільйон|ilyon|ilh[aã]o|ill[oó]n)))/gu,
  // Turkish clock times take a case ending: "07.56'da", "14.51'de".
  /(?<![\d\p{L}.,])\d{1,2}[.:]\d{2}(?='(?:d|t)[ae])/gu,
  // Numeric dates: 7/3/2019, 2019-03-07, 07.03.2019.
  /(?<![\d.,])\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}(?![\d])/gu,
  // Phone numbers: a leading + or 0, or digit groups that are not thousands (02 987 65 43, 0800 123 456, 555-1234).
  /(?<![\d\p{L}])\+\d[\d\s().-]{6,}\d/gu,
  /(?<![\d\p{L},.])(?<!\d\s)0\d{1,4}(?:[\s.-]\d{2,4}){1,4}(?![\d,.])/gu,
  /(?<![\d\p{L},.])(?<!\d\s)0\d{2,}(?![\d,.])/gu,
  /(?:phone|call|tel|telefone|telefono|número|numero|ligar|llame|llamar|телефон|тел|رقم|هاتف|اتصال)[^\d\n]{0,20}\d[\d\s().-]{5,}\d/gu,
  /(?<![\d\p{L},.])\d{3,4}-\d{4}(?![\d])/gu,
  /(?<![\d\p{L},.])(?<!\d\s)\d{2,3}(?:\s\d{2}){2,}(?![\d])/gu,
  // Scores: 3-1, 2:0, 2-1 (small numbers either side of a dash or colon).
  /(?<![\d\p{L},.])\d-\d(?![\d\p{L}])/gu,
  /(?<![\d\p{L},.])\d{1,2}:\d(?![\d])/gu,
  // Street numbers, rooms, pages, numbers by name ("No. 5", "rua do Século, 51", "calle Ferraz 70", "ул. „Раковски“ 112").
  /شارع\s+\d+/gu,
  /(?:room|page|p\.|no\.|nº|n\.º|number|flight|route|sala|quarto|página|habitación|número|зала|стая|стр\.|№|القاعه|القاعة|رقم|غرفه|صفحه)\s*\d+/gu,
  // Page furniture: photo credits, copyright lines.
  /^(?:photo|foto|image|imagem|imagen|©|copyright|getty|снимка|صوره|صورة)[^\n]*/gimu,
];

// Day and month in the languages lib/stories/lexicon.ts does not list (fr, de, it, uk, tr, pl), abbreviations included:
// "31 janvier", "13. November", "22 marzo", "24 березня", "24 Mart'ta", "29 marca", "19 janv".
const MONTH_WORDS = `janvier janv fevrier fevr fev mars avril avr mai juin juillet juil aout septembre sept octobre oct novembre nov
  decembre dec januar janner februar marz april juni juli august september oktober november dezember gennaio febbraio marzo aprile
  maggio giugno luglio agosto settembre ottobre dicembre січня лютого березня квітня травня червня липня серпня вересня
  жовтня листопада грудня ocak subat mart nisan mayıs mayis haziran temmuz agustos eylul ekim kasım kasim aralık aralik
  stycznia lutego marca kwietnia maja czerwca lipca sierpnia wrzesnia pazdziernika listopada grudnia`
  .split(/\s+/u)
  .filter(Boolean)
  .join('|');
const DAY_MONTH = new RegExp(`(?<![\\d.,])\\d{1,2}\\.?\\s(?:${MONTH_WORDS})(?![\\p{L}])(?:\\.?\\s\\d{4})?`, 'gu');

// Datelines with an abbreviated month: "Beirut, 6 ago (EFE).-", "ISTANBUL, 02 NOV -", "БЕЙРУТ, 10 сен —", "PARIS, Jan 19 (Reuters)".
const MONTH_ABBREVIATIONS =
  'ene feb mar abr may jun jul ago sep sept oct nov dic jan fev mai out set dez gen mag giu lug ott apr aug dec янв фев мар апр мая июн июл авг сен сент окт ноя дек яну юни юли сеп ное'
    .split(' ')
    .join('|');
const DATELINE = new RegExp(
  `(?<![\\d.,])\\d{1,2}\\s(?:${MONTH_ABBREVIATIONS})\\.?(?=\\s*(?:\\(|[-/]|\\.-|\\d{4}))|(?<![\\p{L}])(?:${MONTH_ABBREVIATIONS})\\.?\\s\\d{1,2}(?=\\s*\\()`,
  'gu',
);

// Street names are capitalised: read on the body itself ("calle Ferraz 70", "Rua do Século, 51", "ул. „Раковски“ 112").
const STREET =
  /(?:[Ss]treet|St\.|[Aa]venue|[Rr]oad|[Rr]ua|[Aa]venida|Av\.|[Cc]alle|[Tt]ravessa|ул\.|[Уу]лица|бул\.)\s+(?:(?:d[aoe]s?|del|de la|the)\s+)?[„"«]?\p{Lu}[\p{L}'’-]*(?:\s\p{Lu}[\p{L}'’-]*)?[“"»]?,?\s*\d+/gu;

/** The trap stretches of the body (patterns run on its folded copy), in no particular order. */
export function trapSpans(body: string, folded: string): Bounds[] {
  const out: Bounds[] = [];
  for (const re of [...PATTERNS, DAY_MONTH, DATELINE]) for (const m of folded.matchAll(re)) out.push({ start: m.index, end: m.index + m[0].length });
  for (const m of body.matchAll(STREET)) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}
