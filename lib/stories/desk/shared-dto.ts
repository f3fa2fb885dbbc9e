// What two articles share, as the API shows it: stored SharedEvidence (keys
// and all, surfaces in the stored pair's order) turned round so the first
// surface is always the side the reader is looking from.
import 'server-only';
import type { SharedEvidenceDto, StoryEvidenceDto } from '../../validation/stories';
import type { StoryEvidence } from '../describe-story';
import type { SharedEvidence } from '../types';

/** `flip`: the reader's side is the stored pair's second article. */
export function toSharedDto(shared: readonly SharedEvidence[], flip: boolean): SharedEvidenceDto[] {
  return shared.map((s) => ({
    kind: s.kind,
    ...(s.entityType ? { entityType: s.entityType } : {}),
    surfaces: flip ? [s.surfaces[1], s.surfaces[0]] : [s.surfaces[0], s.surfaces[1]],
    weight: s.weight,
    match: s.match,
  }));
}

export function toStoryEvidenceDto(evidence: readonly StoryEvidence[]): StoryEvidenceDto[] {
  return evidence.map((e) => ({
    kind: e.kind,
    ...(e.entityType ? { entityType: e.entityType } : {}),
    surfaces: e.surfaces,
    weight: e.weight,
    links: e.links,
  }));
}
