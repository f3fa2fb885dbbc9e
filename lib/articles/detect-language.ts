// Guesses an article's language as ISO 639-1 with a confidence, for any of the
// 60 languages eld knows. Scripts that name their language (Hebrew, Greek,
// kana…) decide by themselves; letters and words that only some close
// neighbours use break eld's near-ties (Bulgarian/Russian, Portuguese/Spanish/Galician).
import 'server-only';
import { eld } from 'eld/extrasmall';
import { type Neighbours, NEIGHBOUR_GROUPS } from './language-markers';

export const UNDETERMINED = 'und';

export type DetectedLanguage = {
  /** ISO 639-1 code (ISO 639-3 where a language has none), or 'und'. */
  language: string;
  /** 0–1: how sure the guess is; 0 for 'und'. Measured against accuracy in docs/QUALITY.md. */
  confidence: number;
};

// Fewer letters or words than this and no script that decides alone: too short to tell.
const MIN_LETTERS = 6;
const MIN_WORDS = 2;
// Trigram statistics settle long before this; the rest of a long article only costs time.
const SAMPLE_LENGTH = 6_000;

// Scripts written by one language only (among the languages a desk meets).
const SCRIPT_LANGUAGE: ReadonlyArray<readonly [RegExp, string]> = [
  [/\p{Script=Hebrew}/u, 'he'],
  [/\p{Script=Greek}/u, 'el'],
  [/\p{Script=Hangul}/u, 'ko'],
  [/\p{Script=Thai}/u, 'th'],
  [/\p{Script=Georgian}/u, 'ka'],
  [/\p{Script=Armenian}/u, 'hy'],
  [/\p{Script=Lao}/u, 'lo'],
  [/\p{Script=Gujarati}/u, 'gu'],
  [/\p{Script=Kannada}/u, 'kn'],
  [/\p{Script=Malayalam}/u, 'ml'],
  [/\p{Script=Oriya}/u, 'or'],
  [/\p{Script=Tamil}/u, 'ta'],
  [/\p{Script=Telugu}/u, 'te'],
  [/\p{Script=Gurmukhi}/u, 'pa'],
  [/\p{Script=Ethiopic}/u, 'am'],
];
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;

// Addresses, handles and mail addresses carry letters but no language.
const NOT_PROSE = /\bhttps?:\/\/\S+|\bwww\.\S+|\S+@\S+\.\S+|[@#][\p{L}\p{N}_]+/gu;

const undetermined: DetectedLanguage = { language: UNDETERMINED, confidence: 0 };

/**
 * The language of `text`, or 'und' when it is too short to tell (fewer than
 * 6 letters or 2 words, unless its script decides). Pass the article body
 * without boilerplate, so scraped headlines cannot sway the guess.
 */
export function detectLanguage(text: string): DetectedLanguage {
  const sample = text.slice(0, SAMPLE_LENGTH).replace(NOT_PROSE, ' ');
  const letters = [...sample.matchAll(/\p{L}/gu)].map((m) => m[0]);
  if (letters.length === 0) return undetermined;

  const byScript = scriptDecision(letters);
  if (byScript) return byScript;

  const words = sample.match(/\p{L}+/gu) ?? [];
  if (letters.length < MIN_LETTERS || words.length < MIN_WORDS) return undetermined;

  const result = eld.detect(sample);
  if (!result.language) return undetermined;
  const scores = result.getScores();
  const group = NEIGHBOUR_GROUPS.find((g) => g.languages.includes(result.language));
  const settled = group ? breakTie(group, result.language, scores, sample) : { language: result.language, agreement: 1 };
  // The margin is eld's: a neighbour it has no model for (gl, mk) has no score of its own.
  const margin = marginOutside(result.language, group, scores);
  const confidence = lengthFactor(letters.length) * Math.min(1, 0.6 + 4 * margin) * settled.agreement;
  return { language: settled.language, confidence: round(confidence) };
}

/** Japanese, Chinese and the one-language scripts, decided by the letters alone. */
function scriptDecision(letters: string[]): DetectedLanguage | null {
  const count = (re: RegExp) => letters.filter((l) => re.test(l)).length;
  const half = letters.length / 2;
  const kana = count(KANA);
  const han = count(HAN);
  // Chinese is never written with kana; Japanese almost never without it.
  if (kana > 0 && kana + han >= half) return { language: 'ja', confidence: round(lengthFactor(2 * (kana + han))) };
  if (han >= 2 && han >= half) return { language: 'zh', confidence: round(lengthFactor(2 * han) * 0.95) };
  for (const [script, language] of SCRIPT_LANGUAGE) {
    const n = count(script);
    if (n >= 2 && n >= half) return { language, confidence: round(Math.max(0.9, lengthFactor(n))) };
  }
  return null;
}

type Settled = { language: string; agreement: number };

/**
 * Among close neighbours eld's scores are nearly equal (Cyrillic languages
 * within 2% of each other), so letters and words that a neighbour never uses
 * decide: the language they contradict least wins, eld's order breaking ties.
 */
function breakTie(group: Neighbours, picked: string, scores: Record<string, number>, sample: string): Settled {
  // Not folded like search text: the accents are the very marks that tell.
  const lowered = sample.normalize('NFC').toLowerCase();
  const contradictions = new Map<string, number>(group.languages.map((l) => [l, 0]));
  const against = (l: string) => contradictions.get(l) ?? 0;
  let evidence = 0;
  const observe = (allowed: readonly string[], times: number) => {
    evidence += times;
    for (const l of group.languages) if (!allowed.includes(l)) contradictions.set(l, against(l) + times);
  };
  for (const marker of group.letters) {
    const times = lowered.match(marker.pattern)?.length ?? 0;
    if (times > 0) observe(marker.languages, times);
  }
  for (const word of lowered.match(/\p{L}+/gu) ?? []) {
    const allowed = group.words.get(word);
    if (allowed) observe(allowed, 1);
  }
  if (evidence === 0) return { language: picked, agreement: 0.85 };

  const best = [...group.languages].sort((a, b) => against(a) - against(b) || (scores[b] ?? 0) - (scores[a] ?? 0))[0] ?? picked;
  if (against(best) < against(picked)) {
    // Overruled eld: as sure as the evidence is clear.
    return { language: best, agreement: against(picked) - against(best) >= 2 ? 0.9 : 0.8 };
  }
  // Kept eld's pick: sure only when the evidence also rules out every neighbour,
  // including those eld has no model for (Galician, Macedonian).
  const clear = group.languages.every((l) => l === picked || against(l) > against(picked));
  return { language: picked, agreement: clear ? 1 : 0.85 };
}

/** eld's relative lead of `language` over the best language outside its group of neighbours. */
function marginOutside(language: string, group: Neighbours | undefined, scores: Record<string, number>): number {
  const own = scores[language] ?? 0;
  if (own <= 0) return 0;
  const rivals = Object.entries(scores).filter(([l]) => l !== language && !group?.languages.includes(l));
  const rival = Math.max(0, ...rivals.map(([, s]) => s));
  return Math.max(0, (own - rival) / own);
}

/** More letters, more certainty: 0.5 at 5 letters, 0.94 at 20, 0.99 at 35. */
function lengthFactor(letters: number): number {
  return 1 - 0.5 ** (letters / 5);
}

const round = (x: number) => Math.round(x * 100) / 100;
