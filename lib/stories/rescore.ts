// Which stored pair scores an import makes stale. A new article changes the
// counts of its own keys: the IDF of a key two stored articles share, and
// whether an Arabic word is known as a name (the first article to write it with
// capitals links it across scripts). Those pairs are scored again, bounded per
// import; the rest wait for the next import touching them or for
// `npm run stories:regroup`. (What each article could share moves too, by
// little: that is left to the full regroup.)
import 'server-only';

export type StoredPair = { a: string; b: string };
export type StaleKeys = {
  /** The new article's keys (`evidenceKeys`): a pair sharing one of them has a moved IDF. */
  keys: ReadonlySet<string>;
  /** Keys this import made known as a name for the first time: a pair holding one on either side may now match it. */
  newlyNamed: ReadonlySet<string>;
};

/** Stored pairs (not involving the new article) whose score may have moved; the most affected first, at most `limit`. */
export function pairsToRescore<P extends StoredPair>(
  stale: StaleKeys,
  pairs: Iterable<P>,
  keysOf: (articleId: string) => ReadonlySet<string> | undefined,
  limit = 200,
): P[] {
  const affected: Array<{ pair: P; weight: number }> = [];
  for (const pair of pairs) {
    const a = keysOf(pair.a);
    const b = keysOf(pair.b);
    if (!a || !b) continue;
    let weight = 0;
    for (const key of stale.keys) if (a.has(key) && b.has(key)) weight++;
    for (const key of stale.newlyNamed) if (a.has(key) || b.has(key)) weight++;
    if (weight > 0) affected.push({ pair, weight });
  }
  affected.sort((x, y) => y.weight - x.weight || (x.pair.a < y.pair.a ? -1 : x.pair.a > y.pair.a ? 1 : x.pair.b < y.pair.b ? -1 : x.pair.b > y.pair.b ? 1 : 0));
  return affected.slice(0, limit).map((x) => x.pair);
}
