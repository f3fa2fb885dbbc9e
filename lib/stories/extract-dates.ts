// Date expressions in any of the desk's languages: "February 23", "23 de
// fevereiro de 2019", "23 февруари", "23 فبراير", "March 2019", weekdays.
import 'server-only';
import { AMBIGUOUS_MONTHS, ARABIC_PREFIXES, ARABIC_TWO_WORD_MONTHS, foldWord, MONTHS, WEEKDAYS } from './lexicon';
import type { RawEvidence } from './types';

export type Span = { start: number; end: number };

// Words allowed between a day and its month: "23 de fevereiro", "the 23rd of February", "23-го февраля".
const DAY_MONTH_GLUE = /^(\s*(de|of|th|st|nd|rd|го|-го|ти|-ти|ви|-ви|ри|-ри)?\s*)$/iu;
const MONTH_YEAR_GLUE = /^(\s*,?\s*(de|del|of)?\s*)$/iu;
const WORD_OR_NUMBER = /[\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)*|\d+/gu;

type Piece = { text: string; start: number; end: number };

const ENGLISH_MONTHS = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']);

const pad = (n: number) => String(n).padStart(2, '0');

/** Finds dates and weekdays; `covered` gets every span used, so the number reader skips them. */
export function extractDates(text: string, language: string, covered: Span[]): RawEvidence[] {
  const pieces: Piece[] = [...text.matchAll(WORD_OR_NUMBER)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
  const out: RawEvidence[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (!piece) continue;
    const month = monthAt(pieces, i);
    if (month) {
      const found = dateAround(text, pieces, i, month.value, month.words);
      if (found) {
        out.push(...found.items);
        covered.push({ start: found.start, end: found.end });
        i = Math.max(i, found.lastIndex);
      }
      continue;
    }
    const weekday = weekdayOf(piece.text, language);
    if (weekday !== undefined) out.push({ kind: 'weekday', key: `w:${weekday}`, surface: piece.text, offset: piece.start });
  }
  return out;
}

function monthAt(pieces: Piece[], i: number): { value: number; words: number } | null {
  const piece = pieces[i];
  if (!piece) return null;
  const next = pieces[i + 1];
  if (next) {
    const two = ARABIC_TWO_WORD_MONTHS.get(`${stripArabic(piece.text)} ${next.text}`);
    if (two !== undefined) return { value: two, words: 2 };
  }
  const folded = foldWord(piece.text);
  const value = MONTHS.get(folded) ?? MONTHS.get(stripArabic(piece.text));
  if (value === undefined) return null;
  // English month names are capitalised; "may" and "march" lowercase are verbs.
  if (/^[a-z]/u.test(piece.text) && /^(may|march|mar|jan|jun|jul|aug|sep|sept|oct|nov|dec|feb|apr)$/u.test(folded)) return null;
  return { value, words: 1 };
}

function stripArabic(word: string): string {
  if (!/\p{Script=Arabic}/u.test(word)) return word;
  for (const prefix of ['في', ...ARABIC_PREFIXES]) if (word.startsWith(prefix) && word.length - prefix.length >= 3) return word.slice(prefix.length);
  return word;
}

const isDay = (p: Piece | undefined) => p !== undefined && /^\d{1,2}$/u.test(p.text) && Number(p.text) >= 1 && Number(p.text) <= 31;
const isYear = (p: Piece | undefined) => p !== undefined && /^(19|20)\d\d$/u.test(p.text);

function dateAround(text: string, pieces: Piece[], i: number, month: number, words: number) {
  const monthPiece = pieces[i];
  const lastMonthPiece = pieces[i + words - 1];
  if (!monthPiece || !lastMonthPiece) return null;
  const before = pieces[i - 1];
  const after = pieces[i + words];
  let day: Piece | undefined;
  let start = monthPiece.start;
  let end = lastMonthPiece.end;
  let lastIndex = i + words - 1;
  if (isDay(before) && before && DAY_MONTH_GLUE.test(text.slice(before.end, monthPiece.start))) {
    day = before;
    start = before.start;
  } else if (before && /^(de|of)$/iu.test(before.text) && isDay(pieces[i - 2])) {
    day = pieces[i - 2];
    start = day?.start ?? start;
  } else if (isDay(after) && after && /^\s*$/u.test(text.slice(lastMonthPiece.end, after.start)) && !isYear(after)) {
    day = after;
    end = after.end;
    lastIndex = i + words;
  }
  // The year: right after the month or the day, maybe after "de" or a comma.
  let year: Piece | undefined;
  const yearIndex = lastIndex + 1;
  const candidate = pieces[yearIndex];
  const glue = candidate ? text.slice(pieces[lastIndex]?.end ?? end, candidate.start) : '';
  if (isYear(candidate) && MONTH_YEAR_GLUE.test(glue)) year = candidate;
  else if (/^(de|del|of)$/iu.test(candidate?.text ?? '') && isYear(pieces[yearIndex + 1])) year = pieces[yearIndex + 1];
  if (year) {
    end = year.end;
    lastIndex = pieces.indexOf(year);
  }
  if (!day && !year && AMBIGUOUS_MONTHS.has(foldWord(monthPiece.text))) return null;
  // Only English capitalises months: a capitalised "Marco" or "Janeiro" with no day is a name (Marco Rubio, Rio de Janeiro).
  if (!day && /^\p{Lu}/u.test(monthPiece.text) && !ENGLISH_MONTHS.has(foldWord(monthPiece.text))) return null;

  const surface = text.slice(start, end);
  const items: RawEvidence[] = [];
  if (day) items.push({ kind: 'date', key: `d:${pad(month)}-${pad(Number(day.text))}`, surface, offset: start });
  else if (year) items.push({ kind: 'date', key: `m:${year.text}-${pad(month)}`, surface, offset: start });
  else items.push({ kind: 'date', key: `m:${pad(month)}`, surface, offset: start });
  if (year) items.push({ kind: 'date', key: `y:${year.text}`, surface: year.text, offset: year.start });
  return { items, start, end, lastIndex };
}

function weekdayOf(word: string, language: string): number | undefined {
  const folded = foldWord(stripArabic(word));
  // In Russian неделя is "week"; in Bulgarian it is Sunday.
  if (folded === 'неделя' && language !== 'bg') return undefined;
  return WEEKDAYS.get(folded) ?? WEEKDAYS.get(foldWord(word));
}
