// Re-makes the pending suggestions around stories whose members just changed:
// every pending one involving them is deleted, then each pair of stories
// (them, and the stories they had suggestions with) whose average link is at
// or above the suggestion threshold becomes a pending suggestion again,
// unless an editor kept any of their articles apart. Decided suggestions stay
// as the record. Average link is the join rule's: pairs never scored count 0.
import 'server-only';
import type { Tx } from '../../db';
import { storyConfig } from './story-config';
import type { StoredLinkRow } from './stored-link';
import { parseStoredShared } from './stored-link';

/** Article pairs kept with a suggestion, strongest first: what the editor is shown. */
const PAIRS_KEPT = 5;

const pairOf = (x: string, y: string): [string, string] => (x < y ? [x, y] : [y, x]);
const pairKey = (x: string, y: string) => pairOf(x, y).join(' ');

export type SuggestionRefresh = {
  /** Pending suggestions made, as [story a, story b]. */
  made: Array<[string, string]>;
  /** The stories whose pending suggestions changed (a pair dropped and not made again, or made anew). */
  stories: string[];
};

export async function refreshSuggestions(tx: Tx, storyIds: readonly string[]): Promise<SuggestionRefresh> {
  const around = [...new Set(storyIds)];
  if (around.length === 0) return { made: [], stories: [] };
  const dropped = await tx.$queryRaw<{ a: string; b: string }[]>`
    DELETE FROM story_suggestions WHERE status = 'pending' AND (story_a_id = ANY(${around}::uuid[]) OR story_b_id = ANY(${around}::uuid[]))
    RETURNING story_a_id::text AS a, story_b_id::text AS b`;
  const inAround = new Set(around);
  const stories = [...new Set([...around, ...dropped.flatMap((d) => [d.a, d.b])])];

  const sizes = await storySizes(tx, stories);
  const links = await tx.$queryRaw<Array<StoredLinkRow & { sa: string; sb: string }>>`
    SELECT l.a::text AS a, l.b::text AS b, l.score, l.shared, ca.story_id::text AS sa, cb.story_id::text AS sb
    FROM claims ca JOIN story_links l ON l.a = ca.id JOIN claims cb ON cb.id = l.b
    WHERE ca.story_id = ANY(${stories}::uuid[]) AND cb.story_id = ANY(${stories}::uuid[]) AND ca.story_id <> cb.story_id`;
  const apart = await tx.$queryRaw<{ sa: string; sb: string }[]>`
    SELECT DISTINCT ca.story_id::text AS sa, cb.story_id::text AS sb
    FROM story_apart p JOIN claims ca ON ca.id = p.a JOIN claims cb ON cb.id = p.b
    WHERE ca.story_id = ANY(${stories}::uuid[]) AND cb.story_id = ANY(${stories}::uuid[])`;
  const keptApart = new Set(apart.map((p) => pairKey(p.sa, p.sb)));

  const between = new Map<string, { stories: [string, string]; sum: number; links: typeof links }>();
  for (const link of links) {
    if (!inAround.has(link.sa) && !inAround.has(link.sb)) continue;
    const key = pairKey(link.sa, link.sb);
    const entry = between.get(key) ?? { stories: pairOf(link.sa, link.sb), sum: 0, links: [] };
    entry.sum += link.score;
    entry.links.push(link);
    between.set(key, entry);
  }

  const { suggestThreshold } = storyConfig();
  const made: Array<[string, string]> = [];
  for (const [
    key,
    {
      stories: [storyA, storyB],
      sum,
      links: pairLinks,
    },
  ] of [...between].sort(([x], [y]) => (x < y ? -1 : 1))) {
    const score = Math.round((sum / ((sizes.get(storyA) ?? 1) * (sizes.get(storyB) ?? 1))) * 10_000) / 10_000;
    if (score < suggestThreshold || keptApart.has(key)) continue;
    const pairs = [...pairLinks]
      .sort((x, y) => y.score - x.score || (x.a < y.a ? -1 : 1))
      .slice(0, PAIRS_KEPT)
      .map((l) => {
        const shared = parseStoredShared(l.shared);
        // a in story A: a link stored the other way round is turned, surfaces too.
        return l.sa === storyA
          ? { a: l.a, b: l.b, score: l.score, shared }
          : { a: l.b, b: l.a, score: l.score, shared: shared.map((s) => ({ ...s, surfaces: [s.surfaces[1], s.surfaces[0]] })) };
      });
    await tx.$executeRaw`
      INSERT INTO story_suggestions (id, story_a_id, story_b_id, score, pairs)
      VALUES (gen_random_uuid(), ${storyA}::uuid, ${storyB}::uuid, ${score}::float8, ${JSON.stringify(pairs)}::jsonb)
      ON CONFLICT (story_a_id, story_b_id) WHERE status = 'pending' DO NOTHING`;
    made.push([storyA, storyB]);
  }
  const before = new Set(dropped.map((d) => pairKey(d.a, d.b)));
  const after = new Set(made.map(([a, b]) => pairKey(a, b)));
  const changed = [
    ...dropped.map((d): [string, string] => [d.a, d.b]).filter(([a, b]) => !after.has(pairKey(a, b))),
    ...made.filter(([a, b]) => !before.has(pairKey(a, b))),
  ];
  return { made, stories: [...new Set(changed.flat())] };
}

async function storySizes(tx: Tx, stories: string[]): Promise<Map<string, number>> {
  const rows = await tx.$queryRaw<{ story_id: string; n: number }[]>`
    SELECT story_id::text AS story_id, count(*)::int AS n FROM claims WHERE story_id = ANY(${stories}::uuid[]) GROUP BY story_id`;
  return new Map(rows.map((r) => [r.story_id, r.n]));
}
