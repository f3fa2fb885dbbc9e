// Clustering quality against labels: B-cubed precision/recall/F1 (Amigó et
// al. 2009) and pairwise precision/recall, overall and per language pair.
import 'server-only';

export type Labelled = { id: string; story: string; language: string };
export type BCubed = { precision: number; recall: number; f1: number };
export type Pairwise = { precision: number; recall: number; truePairs: number; predictedPairs: number; correctPairs: number };
export type LanguagePairScore = { languages: string; articles: number; bcubed: BCubed; pairwise: Pairwise };
export type ClusterScores = { articles: number; stories: number; predicted: number; bcubed: BCubed; pairwise: Pairwise; perLanguagePair: LanguagePairScore[] };

/** `predicted`: each article id → the id of its predicted group. */
export function scoreClustering(items: readonly Labelled[], predicted: ReadonlyMap<string, string>): ClusterScores {
  const languages = [...new Set(items.map((i) => i.language))].sort();
  const perLanguagePair: LanguagePairScore[] = [];
  for (let x = 0; x < languages.length; x++) {
    for (let y = x; y < languages.length; y++) {
      const lx = languages[x] ?? '';
      const ly = languages[y] ?? '';
      const subset = items.filter((i) => i.language === lx || i.language === ly);
      const pairs = pairwise(subset, predicted, (a, b) => (a.language === lx && b.language === ly) || (a.language === ly && b.language === lx));
      if (pairs.truePairs === 0 && pairs.predictedPairs === 0) continue;
      perLanguagePair.push({ languages: lx === ly ? lx : `${lx}–${ly}`, articles: subset.length, bcubed: bcubed(subset, predicted), pairwise: pairs });
    }
  }
  return {
    articles: items.length,
    stories: new Set(items.map((i) => i.story)).size,
    predicted: new Set(items.map((i) => groupOf(predicted, i.id))).size,
    bcubed: bcubed(items, predicted),
    pairwise: pairwise(items, predicted, () => true),
    perLanguagePair,
  };
}

const groupOf = (predicted: ReadonlyMap<string, string>, id: string) => predicted.get(id) ?? `alone:${id}`;

/** Per article: the share of its predicted group that shares its story (precision) and of its story that shares its group (recall). */
export function bcubed(items: readonly Labelled[], predicted: ReadonlyMap<string, string>): BCubed {
  if (items.length === 0) return { precision: 0, recall: 0, f1: 0 };
  let p = 0;
  let r = 0;
  for (const i of items) {
    const group = items.filter((j) => groupOf(predicted, j.id) === groupOf(predicted, i.id));
    const story = items.filter((j) => j.story === i.story);
    const both = group.filter((j) => j.story === i.story).length;
    p += both / group.length;
    r += both / story.length;
  }
  const precision = p / items.length;
  const recall = r / items.length;
  return { precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** Over pairs of distinct articles that `counts`: predicted together and truly together. Precision is 1 when nothing is predicted together. */
export function pairwise(items: readonly Labelled[], predicted: ReadonlyMap<string, string>, counts: (a: Labelled, b: Labelled) => boolean): Pairwise {
  let truePairs = 0;
  let predictedPairs = 0;
  let correctPairs = 0;
  for (let x = 0; x < items.length; x++) {
    for (let y = x + 1; y < items.length; y++) {
      const a = items[x];
      const b = items[y];
      if (!a || !b || !counts(a, b)) continue;
      const same = a.story === b.story;
      const together = groupOf(predicted, a.id) === groupOf(predicted, b.id);
      if (same) truePairs++;
      if (together) predictedPairs++;
      if (same && together) correctPairs++;
    }
  }
  return {
    precision: predictedPairs ? correctPairs / predictedPairs : 1,
    recall: truePairs ? correctPairs / truePairs : 1,
    truePairs,
    predictedPairs,
    correctPairs,
  };
}
