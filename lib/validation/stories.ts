// Shapes shared by the browser and the server for stories (issue 12): what
// GET /api/stories and GET /api/stories/{id} return, the editor decisions'
// bodies (POST /api/stories/{id}/{decision}), and what a live change carries.
// Client-safe (zod only).
import { z } from './zod';
import type { ClaimStatus } from './claims';
import { claimIdSchema } from './claims';
import { idSchema } from './ids';
import { storableText } from './text';

export const storyIdSchema = idSchema('story ids are UUIDs; this one is malformed.');
export const suggestionIdSchema = idSchema('suggestion ids are UUIDs; this one is malformed.');

const INT32_MAX = 2_147_483_647;
const versionField = (name: string, what: string) =>
  z
    .number({ error: `${name} (the ${what} version you saw) is required.` })
    .int(`${name} must be a whole number.`)
    .min(1, `${name} must be 1 or more.`)
    .max(INT32_MAX, `${name} is larger than any story version.`);
const note = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  storableText().trim().max(1000, 'A note is limited to 1,000 characters.').optional(),
);

export const STORY_DECISIONS = ['confirm', 'reject', 'move', 'split', 'merge', 'rename'] as const;
export type StoryDecision = (typeof STORY_DECISIONS)[number];

/** Bodies of POST /api/stories/{id}/{decision}. `expectedVersion` is the version of story {id}. */
export const storyDecisionSchemas = {
  /** The suggestion's other story joins story {id}. */
  confirm: z.object({ suggestionId: suggestionIdSchema, expectedVersion: versionField('expectedVersion', 'story'), note }),
  /** The two stories are kept apart for good. */
  reject: z.object({ suggestionId: suggestionIdSchema, expectedVersion: versionField('expectedVersion', 'story'), note }),
  /** Moves one of story {id}'s articles to `toStoryId`, or to a new story of its own when null. */
  move: z.object({
    claimId: claimIdSchema,
    toStoryId: storyIdSchema.nullable(),
    expectedVersion: versionField('expectedVersion', 'story'),
    note,
  }),
  /** The articles named leave story {id} for a new story (at least one stays). */
  split: z.object({
    claimIds: z.array(claimIdSchema).min(1, 'Name at least one article to split off.').max(500, 'At most 500 articles can be split off at once.'),
    title: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      storableText().trim().max(200, 'Story titles are limited to 200 characters.').optional(),
    ),
    expectedVersion: versionField('expectedVersion', 'story'),
    note,
  }),
  /** Story `otherStoryId`'s articles join story {id}. */
  merge: z.object({
    otherStoryId: storyIdSchema,
    expectedVersion: versionField('expectedVersion', 'story'),
    otherVersion: versionField('otherVersion', 'other story'),
    note,
  }),
  /** null (or blank) goes back to the derived title. */
  rename: z.object({
    title: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      storableText().trim().min(1).max(200, 'Story titles are limited to 200 characters.').nullable(),
    ),
    expectedVersion: versionField('expectedVersion', 'story'),
    note,
  }),
} as const satisfies Record<StoryDecision, z.ZodType>;
export type StoryDecisionInput<D extends StoryDecision> = z.infer<(typeof storyDecisionSchemas)[D]>;

export const listStoriesQuerySchema = z.object({
  q: storableText().trim().max(200, 'Search text is limited to 200 characters.').optional(),
  /** Only stories with at least this many articles (2 hides articles alone). */
  minSize: z.coerce.number().int().min(1).max(1000).default(1),
  cursor: storableText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListStoriesQuery = z.infer<typeof listStoriesQuerySchema>;

export type EvidenceKindDto = 'name' | 'number' | 'date' | 'weekday' | 'term' | 'event';
export type EntityTypeDto = 'person' | 'place' | 'organisation' | 'name';

/** One piece of evidence two articles share, as each writes it: ["Guaidó", "Гуайдо"]. */
export type SharedEvidenceDto = {
  kind: EvidenceKindDto;
  entityType?: EntityTypeDto;
  /** How it is written in the first and the second article. */
  surfaces: [string, string];
  weight: number;
  match: 'exact' | 'fuzzy' | 'skeleton';
};

/** What a story's articles share, summed over its links: the story page's "why". */
export type StoryEvidenceDto = {
  kind: EvidenceKindDto;
  entityType?: EntityTypeDto;
  /** Every spelling seen, commonest first: "Guaidó", "Гуайдо", "غوايدو". */
  surfaces: string[];
  weight: number;
  /** How many article pairs share it. */
  links: number;
};

export type StorySummary = {
  id: string;
  /** The editor's title when set, else the derived one. */
  title: string;
  derivedTitle: string;
  customTitle: string | null;
  version: number;
  /** Articles in it. */
  size: number;
  /** Articles with a verdict. */
  decided: number;
  /** Languages of its articles, commonest first. */
  languages: string[];
  /** Pending suggestions involving it. */
  pendingSuggestions: number;
  updatedAt: string;
  /** Set when an editor merged it into another story (it then has no articles). */
  mergedIntoId: string | null;
};

export type StoryArticleDto = {
  claimId: string;
  title: string;
  language: string;
  direction: 'ltr' | 'rtl';
  outlet: string | null;
  publishedAt: string | null;
  status: ClaimStatus;
  version: number;
  /** An editor decided its story: grouping never moves it. */
  pinned: boolean;
  /** Its strongest link inside the story (null: alone, or placed by an editor without one). */
  bestLink: { claimId: string; score: number } | null;
};

export type StorySuggestionDto = {
  id: string;
  /** The other story (this story is the one asked for). */
  otherStory: Pick<StorySummary, 'id' | 'title' | 'size' | 'version' | 'languages'>;
  score: number;
  /** The strongest article pairs behind it: `claimId` here, `otherClaimId` there, and what they share (surfaces: [here, there]). */
  pairs: Array<{ claimId: string; otherClaimId: string; score: number; shared: SharedEvidenceDto[] }>;
};

export type StoryDetail = StorySummary & {
  articles: StoryArticleDto[];
  /** What its articles share, heaviest first. */
  evidence: StoryEvidenceDto[];
  suggestions: StorySuggestionDto[];
  /** The join and suggestion thresholds in force, shown beside the scores. */
  thresholds: { join: number; suggest: number };
};

/** The claim page's story panel: the other articles, each with what it shares with this one (surfaces: [this, other]). */
export type ClaimStoryDto = {
  story: Pick<StorySummary, 'id' | 'title' | 'size' | 'decided' | 'version'>;
  others: Array<{
    claimId: string;
    title: string;
    language: string;
    direction: 'ltr' | 'rtl';
    status: ClaimStatus;
    /** null: in the story without a scored link to this article. */
    score: number | null;
    shared: SharedEvidenceDto[];
  }>;
};
