// Figures written with digits: "567", "365,315", "365.315", "365 315",
// "1.6 million", "1,6 milhão", "33%", Eastern Arabic digits (converted before).
// Number words ("four", "quatro", "четирима") are issue 13's: pass a reader.
import 'server-only';
import { foldWord, SCALES } from './lexicon';
import type { Span } from './extract-dates';
import type { RawEvidence } from './types';

/** A figure written in words, found by a reader the caller plugs in (issue 13). */
export type NumberWord = { value: number; surface: string; offset: number };
export type NumberWordReader = (text: string, language: string) => NumberWord[];

// Grouped thousands (comma, dot, space or narrow space) or a plain integer, then an optional decimal part.
const FIGURE = /(?<![\p{L}\p{N}@#_/.,])(\d{1,3}(?:[,.\u00A0\u202F ]\d{3})+(?![\d])|\d+)(?:[.,](\d+))?(?![\p{L}\d_])/gu;
const AFTER = /^\s*(%|per ?cent\b|por cento\b|por ciento\b|процента\b|процент\w*|في المئة|بالمئة|\p{L}+\.?)/iu;

// A measure or an age is not a count of the event: tonnes of cargo, kilometres away, a retirement age.
const MEASURE_AFTER =
  /^\s*(?:\p{L}+\s+)?(?:t\b|tonn?e?s?\b|tonnen\b|tonnellate\b|toneladas?\b|tonnes?\b|тонн\w*|тон(?:а|и|н)\w*|طن|أطنان|km\b|kms?\b|kilom\p{L}*|chilometri\b|quil[oô]metros?\b|kilómetros?\b|км\b|километр\w*|кілометр\w*|كم|كيلومتر\w*|miles?\b|metres?\b|meters?\b|metros?\b|mètres?\b|metr\w*\b|м\b|years? old\b|-year-old\b|ans\b|años\b|anos de idade\b|anni\b|jahre alt\b|jahren\b|yaşında\w*|лет\b|години\b|годин\w*|عاما|عامًا|سنة)/iu;
const AGE_BEFORE =
  /(?:\b(?:retirement |pension )?age (?:from|of|to)|\baged?|\bage of|\bâge de|\bedad de|\bidade de|\bet[àa] di|\balter von|\bвозраст\w*|\bвік\w*|\bwiek\w*|\byaş\w*|سن)\s*$/iu;

export function extractNumbers(text: string, covered: readonly Span[], language: string, reader?: NumberWordReader): RawEvidence[] {
  const out: RawEvidence[] = [];
  for (const match of text.matchAll(FIGURE)) {
    const start = match.index;
    if (covered.some((c) => start >= c.start && start < c.end)) continue;
    const [whole, integer = '', decimals] = match;
    const grouped = /[,.\u00A0\u202F ]/u.test(integer);
    let value = Number(integer.replace(/[^\d]/gu, '') + (decimals !== undefined ? `.${decimals}` : ''));
    if (!Number.isFinite(value)) continue;
    let end = start + whole.length;
    const next = AFTER.exec(text.slice(end, end + 30));
    const word = next?.[1] ?? '';
    const scale = SCALES.get(foldWord(word)) ?? SCALES.get(foldWord(word.replace(/\.$/u, '')));
    let percent = false;
    if (/^(%|per ?cent|por cento|por ciento|процент|في المئة|بالمئة)/iu.test(word)) percent = true;
    else if (scale !== undefined) value *= scale;
    if (next && (percent || scale !== undefined)) end += next[0].length;

    const surface = text.slice(start, end).trim();
    if (!percent && (MEASURE_AFTER.test(text.slice(end, end + 30)) || AGE_BEFORE.test(text.slice(Math.max(0, start - 20), start)))) continue;
    if (!grouped && decimals === undefined && scale === undefined && !percent && /^(19|20)\d\d$/u.test(integer)) {
      out.push({ kind: 'date', key: `y:${integer}`, surface, offset: start });
      continue;
    }
    const rounded = Math.round(value * 1000) / 1000;
    out.push({ kind: 'number', key: `${percent ? '%' : '#'}:${rounded}`, surface, offset: start });
  }
  for (const word of reader?.(text, language) ?? []) out.push({ kind: 'number', key: `#:${word.value}`, surface: word.surface, offset: word.offset });
  return out;
}
