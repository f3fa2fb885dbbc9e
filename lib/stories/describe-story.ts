// What a story's articles share, summed over its links: the evidence a story
// page lists as its "why", and a short title that names the event (story-title.ts)
// or, when no kind of event is shared, the heaviest names.
import 'server-only';
import { eventTitle, type TitleOptions } from './story-title';
import type { EntityType, EvidenceKind, PairScore } from './types';

export type StoryEvidence = {
  kind: EvidenceKind;
  entityType?: EntityType;
  keys: string[];
  /** Every spelling seen, commonest first: "Guaidó", "Гуайдо", "غوايدو". */
  surfaces: string[];
  /** Summed over the links that share it. */
  weight: number;
  /** How many links share it. */
  links: number;
};

export type StoryDescription = { title: string; evidence: StoryEvidence[] };

const TITLE_NAMES = 3;
const LATIN = /^[\p{Script=Latin}\p{N}\p{P}\s]+$/u;

/**
 * Aggregates the shared evidence of a story's links (items matched under
 * overlapping keys are one item) and titles the story with its event
 * ("Defections · Cúcuta · 23 Feb 2019", eventTitle) or, when its articles
 * share no kind of event, with its heaviest names and, when its articles agree
 * on one, its day: "Cúcuta, Guaidó, Migración Colombia — 23 de fevereiro".
 * Latin-script spellings are preferred for the title, the commonest first.
 */
export function describeStory(links: readonly PairScore[], options: { limit?: number } & TitleOptions = {}): StoryDescription {
  const groups: Array<StoryEvidence & { counts: Map<string, number> }> = [];
  const byKey = new Map<string, number>();
  for (const link of links) {
    for (const shared of link.shared) {
      const found = shared.keys.map((k) => byKey.get(k)).find((i) => i !== undefined);
      let group = found === undefined ? undefined : groups[found];
      if (!group) {
        group = {
          kind: shared.kind,
          keys: [],
          surfaces: [],
          weight: 0,
          links: 0,
          counts: new Map(),
          ...(shared.entityType ? { entityType: shared.entityType } : {}),
        };
        groups.push(group);
      }
      const index = groups.indexOf(group);
      for (const key of shared.keys) {
        if (!group.keys.includes(key)) group.keys.push(key);
        byKey.set(key, index);
      }
      group.weight += shared.weight;
      group.links++;
      for (const surface of shared.surfaces) group.counts.set(surface, (group.counts.get(surface) ?? 0) + 1);
    }
  }
  const all = groups
    .map(({ counts, ...g }) => ({
      ...g,
      keys: [...g.keys].sort(),
      surfaces: [...counts.entries()].sort((x, y) => y[1] - x[1] || x[0].length - y[0].length || x[0].localeCompare(y[0])).map(([s]) => s),
      weight: Math.round(g.weight * 1000) / 1000,
    }))
    .sort((x, y) => y.weight - x.weight || (x.keys[0] ?? '').localeCompare(y.keys[0] ?? ''));
  const evidence = all.slice(0, options.limit ?? 30);
  const event = eventTitle(all, options);
  if (event) return { title: event, evidence };

  const titleSurface = (e: StoryEvidence) => e.surfaces.find((s) => LATIN.test(s)) ?? e.surfaces[0] ?? '';
  const names = evidence
    .filter((e) => e.kind === 'name')
    .slice(0, TITLE_NAMES)
    .map(titleSurface);
  const day = evidence.find((e) => e.kind === 'date' && e.keys.some((k) => k.startsWith('d:')));
  const title = [names.join(', '), day ? titleSurface(day) : ''].filter(Boolean).join(' — ');
  return { title, evidence };
}
