// The constants of story grouping. Thresholds and weights were chosen on the
// tuning split of tests/fixtures/stories/ only (docs/STORIES.md says how).
import 'server-only';
import type { EntityType, EvidenceKind } from './types';

export type StoryConfig = {
  /** At or above: an article joins a story by itself. */
  joinThreshold: number;
  /** At or above (and below joinThreshold): the link is suggested to an editor. */
  suggestThreshold: number;
  /** Weight of each kind of evidence, names by entity type. */
  weights: {
    entity: Readonly<Record<EntityType, number>>;
    kind: Readonly<Record<Exclude<EvidenceKind, 'name'>, number>>;
    /** A day and month ("23 February") against a bare month (`m:`) or year (`y:`). */
    month: number;
    year: number;
    /** An Arabic word no other article has as a name, shared between two Arabic articles. */
    arabicWord: number;
    /**
     * A name shared by one word only, where both articles' names have other
     * words that do not match ("Asamblea Nacional" / "Guardia Nacional", "Juan Guaidó" / "Juan Manuel Caicedo").
     */
    partialName: number;
    /** Figures by how many significant digits they have: 7, 23 or 5,000 recur everywhere, 567 and 365,315 do not. */
    figure: Readonly<{ oneOrTwoDigits: number; threeDigits: number }>;
  };
  /**
   * Unrelated articles assumed on any desk besides the ones counted: keeps a
   * small desk (the five seeds alone) from finding every shared key common.
   */
  priorDocuments: number;
  /** Evidence weights are raised to this power: 2 makes the score the cosine of weighted evidence vectors, so rare evidence counts more. */
  power: number;
  /** A link needs at least this many shared names, figures or dates, whatever the words say. */
  minSharedSpecific: number;
  /**
   * Publication dates are evidence too. Within `graceDays` of each other two
   * dated articles' score is multiplied by `closeBoost` (reports of one event
   * come out together); beyond, that is divided by 1 + (gap − graceDays) /
   * `halvingDays`, so far-apart reports need more shared evidence. A pair with
   * an undated article is scored on its content alone.
   */
  time: Readonly<{ graceDays: number; halvingDays: number; closeBoost: number }>;
};

export const STORY_CONFIG: Readonly<StoryConfig> = Object.freeze({
  joinThreshold: 0.17,
  suggestThreshold: 0.12,
  weights: Object.freeze({
    entity: Object.freeze({ person: 1, place: 1, organisation: 0.8, name: 0.9 }),
    kind: Object.freeze({ number: 0.9, date: 1.2, weekday: 0.25, term: 0.3, event: 1 }),
    month: 0.4,
    year: 0.2,
    arabicWord: 0.3,
    partialName: 0.25,
    figure: Object.freeze({ oneOrTwoDigits: 0.35, threeDigits: 0.8 }),
  }),
  priorDocuments: 20,
  power: 1,
  minSharedSpecific: 2,
  time: Object.freeze({ graceDays: 2, halvingDays: 5, closeBoost: 1.6 }),
});

/**
 * Names the extraction and scoring rules and the derived titles: stored evidence of
 * another version is recomputed, which regroups each article at start-up
 * (groupUngrouped) and so re-titles every story once. 4: titles name the event.
 */
export const STORIES_VERSION = 4;
