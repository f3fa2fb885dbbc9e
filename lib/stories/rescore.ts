// Which stored pair scores an import makes stale. A pair's score depends on the
// counts of every key of its two articles (the IDF of what they share, and what
// each could share), and on whether an Arabic word is known as a name. A new
// article changes the counts of its own keys only, so the pairs to score again
// are those where either article holds one of them. Bounded per import: the
// rest wait for the next import touching them or for `npm run stories:regroup`.
import 'server-only';

export type StoredPair = { a: string; b: string };

/** Stored pairs (not involving the new article) whose score may have moved; the most affected first, at most `limit`. */
export function pairsToRescore<P extends StoredPair>(
  newKeys: ReadonlySet<string>,
  pairs: Iterable<P>,
  keysOf: (articleId: string) => ReadonlySet<string> | undefined,
  limit = 200,
): P[] {
  const touched = new Map<string, number>();
  const touches = (id: string) => {
    let n = touched.get(id);
    if (n === undefined) {
      n = 0;
      for (const key of keysOf(id) ?? []) if (newKeys.has(key)) n++;
      touched.set(id, n);
    }
    return n;
  };
  const affected: Array<{ pair: P; weight: number }> = [];
  for (const pair of pairs) {
    const weight = touches(pair.a) + touches(pair.b);
    if (weight > 0) affected.push({ pair, weight });
  }
  affected.sort((x, y) => y.weight - x.weight || (x.pair.a < y.pair.a ? -1 : x.pair.a > y.pair.a ? 1 : x.pair.b < y.pair.b ? -1 : x.pair.b > y.pair.b ? 1 : 0));
  return affected.slice(0, limit).map((x) => x.pair);
}
