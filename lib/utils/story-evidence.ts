// How the story pages sort the "why" for a reader in a hurry: shared evidence
// grouped by kind (what happened, people, places, organisations, figures, dates), each group
// heaviest first, and the scores put beside the thresholds. Client-safe.
import type { EntityTypeDto, EvidenceKindDto } from '../validation/stories';

export const EVIDENCE_GROUPS = ['events', 'people', 'places', 'organisations', 'names', 'figures', 'dates', 'words'] as const;
export type EvidenceGroup = (typeof EVIDENCE_GROUPS)[number];

export const EVIDENCE_GROUP_LABELS: Record<EvidenceGroup, string> = {
  events: 'What happened',
  people: 'People',
  places: 'Places',
  organisations: 'Organisations',
  names: 'Other names',
  figures: 'Figures',
  dates: 'Dates',
  words: 'Words',
};

/** One item's kind, as a screen reader hears it before the chip ("Person: Guaidó"). */
export const EVIDENCE_KIND_LABELS: Record<EvidenceGroup, string> = {
  events: 'Kind of event',
  people: 'Person',
  places: 'Place',
  organisations: 'Organisation',
  names: 'Name',
  figures: 'Figure',
  dates: 'Date',
  words: 'Word',
};

const BY_ENTITY: Record<EntityTypeDto, EvidenceGroup> = { person: 'people', place: 'places', organisation: 'organisations', name: 'names' };
const BY_KIND: Record<Exclude<EvidenceKindDto, 'name'>, EvidenceGroup> = { number: 'figures', date: 'dates', weekday: 'dates', term: 'words', event: 'events' };

export function evidenceGroup(item: { kind: EvidenceKindDto; entityType?: EntityTypeDto }): EvidenceGroup {
  if (item.kind === 'name') return BY_ENTITY[item.entityType ?? 'name'];
  return BY_KIND[item.kind];
}

/** The items by group, in the order of EVIDENCE_GROUPS, heaviest first inside each; empty groups left out. */
export function groupEvidence<T extends { kind: EvidenceKindDto; entityType?: EntityTypeDto; weight: number }>(
  items: readonly T[],
): Array<{ group: EvidenceGroup; label: string; items: T[] }> {
  return EVIDENCE_GROUPS.map((group) => ({
    group,
    label: EVIDENCE_GROUP_LABELS[group],
    items: items.filter((i) => evidenceGroup(i) === group).sort((a, b) => b.weight - a.weight),
  })).filter((g) => g.items.length > 0);
}

/** Every distinct spelling once, in order (a pair's two surfaces are often the same word). */
export function distinctSurfaces(surfaces: readonly string[]): string[] {
  const seen = new Set<string>();
  return surfaces.filter((s) => {
    const key = s.normalize('NFC');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export type ScoreBand = 'joins' | 'suggested' | 'below';

/** Where a score sits against the thresholds: at or above join, between the two, or below suggest. */
export function scoreBand(score: number, thresholds: { join: number; suggest: number }): ScoreBand {
  if (score >= thresholds.join) return 'joins';
  if (score >= thresholds.suggest) return 'suggested';
  return 'below';
}

export const SCORE_BAND_LABELS: Record<ScoreBand, string> = {
  joins: 'joins automatically',
  suggested: 'suggested for an editor',
  below: 'below the suggestion threshold',
};

/** A 0–1 score with two decimals, as the audit trail writes it ("0.23"). */
export const formatScore = (score: number): string => score.toFixed(2);

/**
 * How another article is linked to this one, in the desk's words (the claim
 * page's story panel): "Joined this story automatically: strong match". A
 * join at twice the join threshold or more is strong; under that, clear.
 */
export function describeLink(score: number, thresholds: { join: number; suggest: number }): string {
  switch (scoreBand(score, thresholds)) {
    case 'joins':
      return `Joined this story automatically: ${score >= thresholds.join * 2 ? 'strong' : 'clear'} match`;
    case 'suggested':
      return 'Suggested for this story: an editor decides';
    case 'below':
      return 'Weak match: kept apart unless an editor joins it';
  }
}
