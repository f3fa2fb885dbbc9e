// Numbers that point back instead of counting anew (issue 13, "Quality"):
// "the three defectors were inside", "when the two soldiers presented
// themselves", "os quatro militares", "estos dos", "ces trois" restate a count
// the article already gave; "two of them sought refuge", "dois deles",
// "dos de ellos", "двама от тях", "اثنان منهم" take a part of a group counted
// just before. Neither is a new claim a reviewer should check beside the count
// it refers to. (Bulgarian definite numerals, "двамата", "тримата", are never
// read as numbers: number-words/bg.ts.)
//
// The rules, for every language alike:
// - Reference: a definite article or a demonstrative right before the number,
//   and an earlier figure of the article with the same count (counted class
//   and number; a bare "these two" with no noun of its own matches any class).
//   "the 300 seats" with no earlier 300 seats is a figure.
// - Partitive: the number is followed by a pronoun partitive ("of them",
//   "deles", "de ellos", "от тях", "منهم") and an earlier figure of its
//   paragraph counts the same class at or above it. A relative partitive
//   ("das quais 40", "of whom 40") names the part outright and stays a figure,
//   as the labelling guide has it.
import 'server-only';
import type { FigureCounted } from '../../validation/figures';
import { foldKey } from './fold';
import type { Token } from './tokens';

const DETERMINERS = new Set(
  `the these those
   os as estes estas esses essas aqueles aquelas dos das aos às nos nas pelos pelas destes destas desses dessas
   los las estos estas esos esas aquellos aquellas
   les ces des aux
   тези онези
   هؤلاء أولئك`
    .split(/\s+/u)
    .filter(Boolean)
    .map(foldKey),
);

export type ReferenceCandidate = {
  counted: FigureCounted;
  /** The figure's number (exact value, or the bound it gives). */
  value: number;
  exact: boolean;
  /** The token right before the figure's first token (its qualifier included), folded. */
  before: string | null;
  partitive: boolean;
  /** No counted noun of its own ("these two"): it can only point back, whatever it was taken to count. */
  bare: boolean;
  paragraph: number;
};

/** Whether the token before a figure is a definite article or a demonstrative. */
export function isDeterminer(token: Token | undefined): boolean {
  return token !== undefined && token.kind === 'w' && DETERMINERS.has(token.f);
}

/**
 * Which figures (in article order) refer back to a count given before them.
 * A figure that is itself a reference never licenses a later one: the count
 * must have been given as a figure.
 */
export function backReferences(figures: readonly ReferenceCandidate[]): boolean[] {
  const out = figures.map(() => false);
  for (let i = 0; i < figures.length; i++) {
    const f = figures[i] as ReferenceCandidate;
    if (f.counted === 'money' || f.counted === 'share_percent') continue;
    const bareReference = f.bare && f.before !== null;
    if (f.counted === 'other' && !bareReference) continue;
    const earlier = figures.slice(0, i).filter((e, k) => !out[k] && (e.counted === f.counted || (bareReference && e.counted !== 'other')));
    if (f.exact && f.before !== null && earlier.some((e) => e.exact && e.value === f.value)) out[i] = true;
    else if (f.partitive && earlier.some((e) => e.paragraph === f.paragraph && !e.partitive && e.value >= f.value)) out[i] = true;
  }
  return out;
}
