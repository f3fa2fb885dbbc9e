// Every number of the body as written, with its value: digits ("567",
// "365,315", "365.315", "365 315", "٣٦٥٬٣١٥"), decimals with scales ("1.6
// million", "1,6 milhão", "1,6 mil milhões", "١٫٦ مليون"), percentages,
// currency, number words (number-words/), and "a fourth" (the fourth of a
// running count). Years, dates, clock times, phone numbers, ordinals and the
// other traps (traps.ts) are left out.
import 'server-only';
import { lexiconFor, readNumberWords, type Lexicon } from './number-words';
import type { Bounds } from './sentences';
import { tokenIndexAt, type Token } from './tokens';
import { trapSpans } from './traps';

export type Mention = {
  start: number;
  end: number;
  /** Token indexes of the first and last token of the number (scale words included). */
  first: number;
  last: number;
  value: number;
  percent: boolean;
  /** ISO 4217 code when a currency sign or word sits beside the number. */
  currency: string | null;
  /** A plain 4-digit 1800–2099: a year unless a counted noun follows ("2000 soldiers"). */
  yearLike: boolean;
  /** "a fourth": a running count's next member; a figure only beside a counted noun or an event. */
  ordinal: boolean;
  words: boolean;
  /** "une soixantaine", "una ventina": the words themselves say "about". */
  about: boolean;
};

// Grouped by comma (dot decimals), by dot (comma decimals), by space, or plain; an optional glued scale ("$2.3bn").
// An Arabic letter may touch the digits: it is a prefix ("و٦٥", "ب5").
const DIGITS =
  /(?<![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}@#_/]|\p{L}-|\d[.,])(?:(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?|(\d{1,3}(?:\.\d{3})+)(?:,(\d+))?|(\d{1,3}(?: \d{3})+)(?:[.,](\d+))?|(\d+)(?:[.,](\d+))?)(mila|bn|mn|m|k)?(?![\p{L}\p{N}_]|-(?!ма(?!\p{L}))\p{L}|[.,]\d)/gu;

// Scale words after digits, every language's (articles quote one another).
const SCALE_WORDS: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>();
  for (const lang of ['en', 'pt', 'es', 'bg', 'ar', 'de', 'fr', 'it', 'ru', 'uk', 'tr', 'pl']) {
    const lex = lexiconFor(lang) as Lexicon;
    for (const [word, entries] of lex.words) for (const e of entries) if (e.kind === 'scale' && e.value !== 2000) map.set(word, e.value);
  }
  for (const [w, v] of [
    ['млн', 1e6],
    ['млрд', 1e9],
    ['mln', 1e6],
    ['bln', 1e9],
    ['хил', 1e3],
    ['тыс', 1e3],
    ['тис', 1e3],
    ['mio', 1e6],
    ['mrd', 1e9],
    ['mld', 1e9],
    ['tsd', 1e3],
    ['tys', 1e3],
    // Turkish case endings on the scale word: "6 bini aştı", "10 binin üzerinde", "20 bine".
    ['bini', 1e3],
    ['binin', 1e3],
    ['bine', 1e3],
    ['binden', 1e3],
    ['milyonu', 1e6],
    ['milyonun', 1e6],
    ['millions', 1e6],
    ['billions', 1e9],
  ] as const)
    map.set(w, v);
  return map;
})();
const HALF_AFTER = /^ (?:e mezzo|e meio|y medio|and a half|et demi|und ein halb|с половиной|з половиною|i pół)(?![\p{L}])/u;
const GLUED_SCALES: Readonly<Record<string, number>> = { bn: 1e9, mn: 1e6, m: 1e6, k: 1e3, mila: 1e3 };

const PERCENT =
  /^\s?(?:%|per ?cent(?![\p{L}])|pct(?![\p{L}])|por cento(?![\p{L}])|por ciento(?![\p{L}])|pour ?cent(?![\p{L}])|per cento(?![\p{L}])|prozent(?![\p{L}])|процент(?:а|ов)?(?![\p{L}])|відсот\p{L}*|procent\p{L}*|في الم(?:ئ|ائ)ه|بالم(?:ئ|ائ)ه)/u;
// Turkish puts the sign or word before the number: "%50", "yüzde 50".
const PERCENT_BEFORE = /(?:%|yuzde\s)$/u;
const CURRENCY_BEFORE: ReadonlyArray<readonly [RegExp, string]> = [
  [/us\$\s?$/u, 'USD'],
  [/r\$\s?$/u, 'BRL'],
  [/\$\s?$/u, 'USD'],
  [/€\s?$/u, 'EUR'],
  [/£\s?$/u, 'GBP'],
  [/(?:usd|us dollars?)\s$/u, 'USD'],
  [/eur\s$/u, 'EUR'],
];
const CURRENCY_AFTER =
  /^\s*(?:de\s+|of\s+)?(dollars?|dolares|dolar|долара|долар|دولار|euros?|евро|يورو|reais|real|pesos|bolivares|bolivars|лева|лв|libras|pounds sterling|rublos|рубли|рубла)(?![\p{L}])/u;
const CURRENCY_CODES: Readonly<Record<string, string>> = {
  dollar: 'USD',
  dollars: 'USD',
  dolares: 'USD',
  dolar: 'USD',
  долара: 'USD',
  долар: 'USD',
  دولار: 'USD',
  euro: 'EUR',
  euros: 'EUR',
  евро: 'EUR',
  يورو: 'EUR',
  reais: 'BRL',
  real: 'BRL',
  pesos: 'MXN',
  bolivares: 'VES',
  bolivars: 'VES',
  лева: 'BGN',
  лв: 'BGN',
  libras: 'GBP',
  'pounds sterling': 'GBP',
  rublos: 'RUB',
  рубли: 'RUB',
  рубла: 'RUB',
};

const EN_ORDINALS: Readonly<Record<string, number>> = { third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10 };

// "Maduro, 56," and "Parra (45)": an age beside a name.
const AGE_AFTER_NAME = /(?<=\p{Lu}[\p{L}'’.-]+,\s)\d{1,3}(?=,(?!\d))|(?<=\p{Lu}[\p{L}'’.-]+\s\()\d{1,3}(?=\))/gu;

/** `dates`: the stretches dates.ts found (day and month, month and year): never figures. */
export function findMentions(body: string, folded: string, tokens: readonly Token[], language: string, dates: readonly Bounds[]): Mention[] {
  const blocked: Bounds[] = [...trapSpans(body, folded), ...dates];
  for (const m of body.matchAll(AGE_AFTER_NAME)) blocked.push({ start: m.index, end: m.index + m[0].length });
  // One flag per character: a number is blocked when any of its characters is.
  const mask = new Uint8Array(body.length + 1);
  for (const b of blocked) mask.fill(1, b.start, b.end);
  const isBlocked = (start: number, end: number) => {
    for (let i = start; i < end; i++) if (mask[i]) return true;
    return false;
  };

  const out: Mention[] = [];
  for (const m of folded.matchAll(DIGITS)) {
    const integer = m[1] ?? m[3] ?? m[5] ?? m[7] ?? '';
    const decimals = m[2] ?? m[4] ?? m[6] ?? m[8];
    const glued = m[9];
    let start = m.index;
    let end = start + m[0].length;
    if (isBlocked(start, end)) continue;
    // A leading zero is a code, not a count ("091", "007"), unless it is a decimal ("0,5").
    if (integer.length > 1 && integer.startsWith('0') && decimals === undefined) continue;
    let value = Number(integer.replace(/[^\d]/gu, '') + (decimals !== undefined ? `.${decimals}` : ''));
    if (!Number.isFinite(value)) continue;
    const grouped = integer.length !== integer.replace(/[^\d]/gu, '').length;
    let currency = currencyBefore(folded, start);
    if (currency) start -= currencyPrefixLength(folded, start);
    if (glued) {
      // "5m", "10k": metres, a race; not a figure we read. Italian "81mila" is always a thousand.
      if (!currency && glued !== 'mila') continue;
      value *= GLUED_SCALES[glued] ?? 1;
    }
    const first = tokenIndexAt(tokens, m.index);
    // "1.6", "365 315": several digit tokens; scale words start after the match.
    let last = tokenIndexAt(tokens, m.index + m[0].length) - 1;
    let scaled = false;
    // Scale words: "1.6 million", "1,6 mil milhões", "1.500 millones".
    for (let j = last + 1; j < tokens.length; j++) {
      const tok = tokens[j] as Token;
      const prevEnd = (tokens[j - 1] as Token).end;
      if (tok.start - prevEnd > 2 || !/^[\s.]*$/u.test(folded.slice(prevEnd, tok.start))) break;
      const scale = SCALE_WORDS.get(tok.f) ?? SCALE_WORDS.get(stripArabicPrefix(tok.f));
      if (scale === undefined) break;
      value *= scale;
      scaled = true;
      last = j;
      end = tok.end + (folded[tok.end] === '.' && /^(млн|млрд|хил|тыс|тис|mio|mrd|mld|mln|tsd|tys)$/u.test(tok.f) ? 1 : 0);
      // "3 milioni e mezzo", "2 million and a half", "3 млн с половиной": half a scale more.
      const half = HALF_AFTER.exec(folded.slice(tok.end, tok.end + 20));
      if (half) {
        value += scale / 2;
        end = tok.end + half[0].length;
        last = tokenIndexAt(tokens, end) - 1;
        break;
      }
    }
    const extended = extendSuffix(folded, end);
    if (!extended.percent && PERCENT_BEFORE.test(folded.slice(Math.max(0, start - 6), start))) extended.percent = true;
    end = extended.end;
    currency ??= extended.currency;
    const yearLike = !grouped && decimals === undefined && !scaled && !glued && !extended.percent && !currency && /^(18|19|20)\d\d$/u.test(integer);
    out.push({
      start,
      end,
      first,
      last: Math.max(last, tokenIndexAt(tokens, end) - 1),
      value: round(value),
      percent: extended.percent,
      currency,
      yearLike,
      ordinal: false,
      words: false,
      about: false,
    });
  }

  const lex = lexiconFor(language);
  if (lex) {
    for (const w of readNumberWords(tokens, folded, lex)) {
      if (w.loneOne || isBlocked(w.start, w.end)) continue;
      if (w.hedge === 'at_least') continue; // "dozens", "centenas", "десетки", "عشرات": no number is claimed
      const prev = tokens[w.first - 1];
      if (prev && prev.f === 'por' && /^cient?o$/u.test((tokens[w.first] as Token).f)) continue; // "por cento"
      const extended = extendSuffix(folded, w.end);
      out.push({
        start: w.start,
        end: extended.end,
        first: w.first,
        last: w.last,
        value: round(w.value),
        percent: extended.percent,
        currency: extended.currency,
        yearLike: false,
        ordinal: false,
        words: true,
        about: w.hedge === 'about',
      });
    }
  }
  if (language.startsWith('en')) {
    for (let i = 0; i + 1 < tokens.length; i++) {
      const a = tokens[i] as Token;
      const b = tokens[i + 1] as Token;
      const n = EN_ORDINALS[b.f];
      if ((a.f === 'a' || a.f === 'an') && n !== undefined && folded.slice(a.end, b.start) === ' ' && tokens[i + 2]?.f !== 'of') {
        out.push({
          start: a.start,
          end: b.end,
          first: i,
          last: i + 1,
          value: n,
          percent: false,
          currency: null,
          yearLike: false,
          ordinal: true,
          words: true,
          about: false,
        });
      }
    }
  }
  out.sort((x, y) => x.start - y.start || y.end - x.end);
  // Overlaps (a word number inside a digit figure's span): the first, longest one wins.
  const kept: Mention[] = [];
  for (const m of out) {
    const prev = kept[kept.length - 1];
    if (prev && m.start < prev.end) continue;
    kept.push(m);
  }
  // Turkish writes thousands and units apart: "2 bin 379" is 2379, "5 bin 500'ü aşkın" more than 5500.
  for (let i = kept.length - 2; i >= 0; i--) {
    const a = kept[i] as Mention;
    const b = kept[i + 1] as Mention;
    const scale = tokens[a.last];
    if (!scale || !/^bin$/u.test(scale.f) || a.percent || a.currency || b.percent || b.currency || b.words || a.value % 1000 !== 0) continue;
    if (b.value >= 1000 || !Number.isInteger(b.value) || folded.slice(a.end, b.start) !== ' ') continue;
    kept.splice(i, 2, { ...a, end: b.end, last: b.last, value: a.value + b.value });
  }
  return kept;
}

function extendSuffix(folded: string, end: number): { end: number; percent: boolean; currency: string | null } {
  const after = folded.slice(end, end + 24);
  const pct = PERCENT.exec(after);
  if (pct) return { end: end + pct[0].length, percent: true, currency: null };
  const cur = CURRENCY_AFTER.exec(after);
  if (cur) return { end, percent: false, currency: CURRENCY_CODES[cur[1] ?? ''] ?? null };
  return { end, percent: false, currency: null };
}

function currencyBefore(folded: string, start: number): string | null {
  const before = folded.slice(Math.max(0, start - 12), start);
  for (const [re, code] of CURRENCY_BEFORE) if (re.test(before)) return code;
  return null;
}

function currencyPrefixLength(folded: string, start: number): number {
  const before = folded.slice(Math.max(0, start - 4), start);
  const m = /(?:us\$|r\$|[$€£])\s?$/u.exec(before);
  return m ? m[0].length : 0;
}

function stripArabicPrefix(word: string): string {
  return /^[وبلف]\p{Script=Arabic}{2,}/u.test(word) ? word.slice(1) : word;
}

const round = (v: number) => (Number.isInteger(v) ? v : Math.round(v * 1e6) / 1e6);
