// Average-link (or single-link) merging of groups of articles, best pair of
// groups first, while their link stays at or above a threshold. Deterministic:
// groups are kept as sorted id lists, ties go to the earlier groups by id.
import 'server-only';

export type Linkage = 'average' | 'single';

export type AgglomerateOptions = {
  threshold: number;
  linkage?: Linkage;
  /** Groups to start from (must stay together); every other id starts alone. */
  seeds?: ReadonlyArray<readonly string[]>;
  /** Whether two groups may merge at all (editor decisions: rejected pairs, splits, pinned stories). */
  canMerge?: (x: readonly string[], y: readonly string[]) => boolean;
};

export const byId = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** How strongly two groups belong together: the mean pair score (average link) or the best one (single link). */
export function linkScore(x: readonly string[], y: readonly string[], score: (a: string, b: string) => number, linkage: Linkage = 'average'): number {
  let sum = 0;
  let max = 0;
  for (const a of x) {
    for (const b of y) {
      const s = score(a, b);
      sum += s;
      if (s > max) max = s;
    }
  }
  return linkage === 'single' ? max : sum / (x.length * y.length || 1);
}

/**
 * Merges groups best-first while their link is at or above the threshold.
 * Keeps the summed (average link) or best (single link) pair score between
 * every two groups, updated on each merge, so n articles cost O(n³) additions
 * at worst and no pair is scored twice.
 */
export function agglomerate(ids: readonly string[], score: (a: string, b: string) => number, options: AgglomerateOptions): string[][] {
  const seeded = new Set(options.seeds?.flat() ?? []);
  const single = options.linkage === 'single';
  const groups: string[][] = [...(options.seeds ?? []).map((g) => [...g].sort(byId)), ...ids.filter((id) => !seeded.has(id)).map((id) => [id])];
  // Slots never move; `active` lists the live ones in order of their first id (the tie-break).
  const n = groups.length;
  const link: Float64Array[] = groups.map((x, i) => {
    const row = new Float64Array(n);
    for (let j = 0; j < i; j++) {
      const y = groups[j] ?? [];
      let value = 0;
      for (const a of x) for (const b of y) value = single ? Math.max(value, score(a, b)) : value + score(a, b);
      row[j] = value;
    }
    return row;
  });
  const get = (i: number, j: number) => (i > j ? link[i]?.[j] : link[j]?.[i]) ?? 0;
  const set = (i: number, j: number, value: number) => {
    const row = i > j ? link[i] : link[j];
    if (row) row[i > j ? j : i] = value;
  };
  const first = (slot: number) => groups[slot]?.[0] ?? '';
  let active = groups.map((_, i) => i).sort((x, y) => byId(first(x), first(y)));

  for (;;) {
    let best: { i: number; j: number; s: number } | null = null;
    for (let p = 0; p < active.length; p++) {
      for (let q = p + 1; q < active.length; q++) {
        const i = active[p] ?? 0;
        const j = active[q] ?? 0;
        const x = groups[i] ?? [];
        const y = groups[j] ?? [];
        const s = single ? get(i, j) : get(i, j) / (x.length * y.length || 1);
        if (s >= options.threshold && (!best || s > best.s) && (options.canMerge?.(x, y) ?? true)) best = { i, j, s };
      }
    }
    if (!best) return active.map((slot) => groups[slot] ?? []);
    const { i, j } = best;
    groups[i] = [...(groups[i] ?? []), ...(groups[j] ?? [])].sort(byId);
    groups[j] = [];
    active = active.filter((slot) => slot !== j);
    for (const k of active) {
      if (k === i) continue;
      set(k, i, single ? Math.max(get(k, i), get(k, j)) : get(k, i) + get(k, j));
    }
    active.sort((x, y) => byId(first(x), first(y)));
  }
}
