// Shapes shared by the browser and the server for figures (issue 13): the
// vocabulary of what a figure counts, what GET /api/claims/{id}/figures and
// GET /api/stories/{id}/figures return, the bodies editors and reviewers send,
// and the figure snapshot audit events carry. Client-safe (zod only).
import { z } from './zod';
import {
  FIGURE_COUNTED,
  FIGURE_QUALIFIERS,
  STORY_FIGURES_PAGE_MAX,
  type FigureCounted,
  type FigureQualifier,
  type FigureOrigin,
  type FigureCorrectable,
} from './vocabulary';
export {
  FIGURE_COUNTED,
  FIGURE_COUNTED_LABELS,
  FIGURE_QUALIFIERS,
  FIGURE_QUALIFIER_SIGNS,
  FIGURE_ORIGINS,
  FIGURE_CORRECTABLE,
  STORY_FIGURES_PAGE_MAX,
} from './vocabulary';
export type { FigureCounted, FigureQualifier, FigureOrigin, FigureCorrectable } from './vocabulary';
import { CLAIM_STATUSES, type ClaimStatus } from './claims';
import { idSchema } from './ids';
import { storableText } from './text';
import { verdictFields, withReReviewRule, type Evidence } from './verdicts';
import { isoDay } from './dates';

export const figureIdSchema = idSchema('figure ids are UUIDs; this one is malformed.');

/** The numbers of a figure, by qualifier (the figures_numbers_check constraint says the same). */
export type FigureNumbers = { qualifier: FigureQualifier; value: number | null; min: number | null; max: number | null; approximate: boolean };

/** One figure as the API returns it. Spans are JS string offsets into the claim's body as stored. */
export type FigureDto = FigureNumbers & {
  id: string;
  claimId: string;
  storyId: string | null;
  ordinal: number;
  origin: FigureOrigin;
  unit: string | null;
  counted: FigureCounted;
  /** The counted noun phrase as written ("militares"), in the article's language. */
  countedText: string | null;
  /** As written ("Marco Rubio … on his Twitter account"), and its parts where the text allows. */
  attribution: { text: string | null; source: string | null; relayedBy: string | null };
  /** As written ("Thursday"), and the day it resolves to (YYYY-MM-DD) when the article's date is known. */
  time: { text: string | null; date: string | null };
  span: { start: number; end: number; text: string };
  sentence: { start: number; end: number; text: string };
  /** A later figure of the same article that updates this one. */
  supersededById: string | null;
  correctedFields: FigureCorrectable[];
  dismissed: boolean;
  /** The verdict, with the claim's rules. */
  status: ClaimStatus;
  version: number;
  reason: string | null;
  evidence: Evidence[];
  reReviewAt: string | null;
  decidedBy: { id: string; displayName: string } | null;
  decidedAt: string | null;
  /** The article it sits in, for the board. */
  article: { title: string; language: string; direction: 'ltr' | 'rtl'; outlet: string | null; publishedAt: string | null };
};

/** A conflict on the board: two figures of one group that cannot both be right. */
export type FigureConflict = {
  a: string;
  b: string;
  /** Different sources whose intervals don't overlap, or one source saying two things about the same time. */
  kind: 'sources_disagree' | 'same_time_disagree';
  /** One sentence a reviewer reads ("567 (Migración Colombia) and about 104 (CNN en Español) don't overlap"). */
  why: string;
};

/** A progression: one source's figure rising (or falling) over time, 23 → 60 → 567. Not a conflict. */
export type FigureProgression = { source: string | null; figureIds: string[] };

/** A breakdown: figures of one sentence that add up to a total of their article ("20 soldiers and 3 police" of 23). Parts are never in conflict. */
export type FigureBreakdown = { totalId: string; partIds: string[] };

/** One group of the board: every live (not dismissed) figure of a story counting the same thing. */
export type FigureGroup = {
  counted: FigureCounted;
  label: string;
  /** "Defections: 4 to 567 across 5 articles, 3 languages, 4 sources". */
  summary: string;
  /** In time order where dates are known, then article order. */
  figureIds: string[];
  /** At most CONFLICT_LIST_CAP (lib/figures/board.ts) are listed; large groups have many more. */
  conflicts: FigureConflict[];
  /** How many conflicting pairs the group has in all (listed or not). */
  conflictCount?: number;
  progressions: FigureProgression[];
  /** Parts of a total, shown as such and left out of conflicts (absent in payloads built before breakdowns existed). */
  breakdowns?: FigureBreakdown[];
  range: { min: number; max: number } | null;
  articles: number;
  languages: number;
  sources: number;
};

/** GET /api/claims/{id}/figures. Dismissed figures are included, flagged. */
export type ClaimFiguresResponse = { figures: FigureDto[] };
/** GET /api/stories/{id}/figures. `groups` only name live figures; `other` figures come last. */
export type StoryFiguresResponse = { figures: FigureDto[]; groups: FigureGroup[] };

/**
 * GET /api/stories/{id}/figures query. None: every figure and group (the API
 * as issue 13 gives it). `view=board`: the board as the page sends it (each
 * group's first rows and its chart's points, board-payload.ts). `counted`:
 * one page of that group's figures in board order, from `offset`. Not both:
 * the route answers invalid_input.
 */
export const storyFiguresQuerySchema = z.object({
  view: z.enum(['board'], { error: 'view can only be "board".' }).optional(),
  counted: z.enum(FIGURE_COUNTED, { error: "counted must be one of the board's groups." }).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(STORY_FIGURES_PAGE_MAX).default(100),
});
export type StoryFiguresQuery = z.infer<typeof storyFiguresQuerySchema>;
/** GET /api/stories/{id}/figures?counted=…: figures `offset` to `offset + limit` of the group (in its figureIds order). */
export type StoryFiguresPage = { counted: FigureCounted; figures: FigureDto[]; offset: number; total: number; nextOffset: number | null };

const INT32_MAX = 2_147_483_647;
const expectedVersion = z
  .number({ error: 'expectedVersion (the figure version you saw) is required.' })
  .int('expectedVersion must be a whole number.')
  .min(1, 'expectedVersion must be 1 or more.')
  .max(INT32_MAX, 'expectedVersion is larger than any figure version.');
const note = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  storableText().trim().max(1000, 'A note is limited to 1,000 characters.').optional(),
);
const optionalText = (what: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    storableText().trim().max(max, `${what} is limited to ${max} characters.`).nullable(),
  );
const finite = (name: string) =>
  z
    .number({ error: `${name} must be a number.` })
    .refine(Number.isFinite, `${name} must be a finite number.`)
    .refine((n) => Math.abs(n) <= 1e15, `${name} is out of range.`);

/** The numbers as a body gives them; the qualifier decides which are required. */
export const figureNumbersSchema = z
  .object({
    qualifier: z.enum(FIGURE_QUALIFIERS, { error: `qualifier must be one of: ${FIGURE_QUALIFIERS.join(', ')}.` }),
    value: finite('value').nullish(),
    min: finite('min').nullish(),
    max: finite('max').nullish(),
    approximate: z.boolean().default(false),
  })
  .superRefine((n, ctx) => {
    const need = (field: 'value' | 'min' | 'max', present: boolean) => {
      const has = n[field] !== null && n[field] !== undefined;
      if (present && !has) ctx.addIssue({ code: 'custom', path: [field], message: `A "${n.qualifier}" figure needs ${field}.` });
      if (!present && has) ctx.addIssue({ code: 'custom', path: [field], message: `A "${n.qualifier}" figure takes no ${field}.` });
    };
    const q = n.qualifier;
    need('value', q === 'exact' || q === 'about');
    need('min', q === 'more_than' || q === 'at_least' || q === 'between');
    need('max', q === 'fewer_than' || q === 'at_most' || q === 'between');
    if (q === 'between' && n.min != null && n.max != null && n.min > n.max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'max must not be below min.' });
    }
  });

const countedField = z.enum(FIGURE_COUNTED, { error: `counted must be one of: ${FIGURE_COUNTED.join(', ')}.` });
const attributionFields = {
  attribution: optionalText('The attribution', 500),
  source: optionalText('The source', 200),
  relayedBy: optionalText('The relaying outlet', 200),
};
const timeFields = { timeText: optionalText('The time expression', 200), timeDate: isoDay('timeDate must be a date (YYYY-MM-DD).').nullish() };

/** POST /api/claims/{id}/figures (editors): a figure the extractor missed, at a span of the body. */
export const figureAddSchema = z
  .object({
    spanStart: z.number().int('spanStart must be a whole number.').min(0, 'spanStart must be 0 or more.').max(INT32_MAX),
    spanEnd: z.number().int('spanEnd must be a whole number.').min(1, 'spanEnd must be 1 or more.').max(INT32_MAX),
    numbers: figureNumbersSchema,
    unit: optionalText('The unit', 40).optional(),
    counted: countedField,
    countedText: optionalText('The counted phrase', 200).optional(),
    ...attributionFields,
    ...timeFields,
    note,
  })
  .refine((f) => f.spanStart < f.spanEnd, { path: ['spanEnd'], error: 'spanEnd must be after spanStart.' });
export type FigureAddInput = z.infer<typeof figureAddSchema>;

/** PATCH /api/figures/{id} (editors): only the groups named are changed, and then kept through re-extraction. */
export const figureCorrectionSchema = z
  .object({
    expectedVersion,
    numbers: figureNumbersSchema.optional(),
    counted: countedField.optional(),
    attribution: z.object(attributionFields).optional(),
    time: z.object(timeFields).optional(),
    note,
  })
  .refine((c) => c.numbers || c.counted || c.attribution || c.time, { error: 'Name at least one of numbers, counted, attribution or time to correct.' });
export type FigureCorrectionInput = z.infer<typeof figureCorrectionSchema>;

/** POST /api/figures/{id}/dismissal (editors): dismiss a false figure, or bring it back. */
export const figureDismissalSchema = z.object({
  dismissed: z.boolean({ error: 'dismissed must be true or false.' }),
  expectedVersion,
  note,
});
export type FigureDismissalInput = z.infer<typeof figureDismissalSchema>;

/** POST /api/figures/{id}/verdict: the claim verdict's fields and rules (expectedVersion is the figure's). */
export const figureVerdictSchema = withReReviewRule(z.object({ ...verdictFields, expectedVersion }));
export type FigureVerdictInput = z.infer<typeof figureVerdictSchema>;

// Audit payloads (lib/validation/audit-events.ts). Old rows are immutable:
// keep these readable when they change.
export const figureSnapshotSchema = z.object({
  figureId: z.guid(),
  version: z.number().int(),
  qualifier: z.enum(FIGURE_QUALIFIERS),
  value: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  approximate: z.boolean(),
  unit: z.string().nullable(),
  counted: z.enum(FIGURE_COUNTED),
  attribution: z.string().nullable(),
  source: z.string().nullable(),
  relayedBy: z.string().nullable(),
  timeText: z.string().nullable(),
  timeDate: z.string().nullable(),
  spanStart: z.number().int(),
  spanEnd: z.number().int(),
});
export type FigureSnapshot = z.infer<typeof figureSnapshotSchema>;

export const figureVerdictStateSchema = z.object({
  figureId: z.guid(),
  status: z.enum(CLAIM_STATUSES),
  reason: z.string().nullable(),
  evidence: z.array(z.object({ url: z.string(), label: z.string().nullable() })),
  reReviewAt: z.string().nullable(),
  version: z.number().int(),
  decidedById: z.guid().nullable(),
});
export type FigureVerdictState = z.infer<typeof figureVerdictStateSchema>;

/** An extraction run over one article: on import, or when FIGURES_VERSION changed. */
export const figureExtractionSchema = z.object({
  extractorVersion: z.number().int(),
  /** Figures the article has after the run (live, not dismissed). */
  count: z.number().int(),
  created: z.number().int(),
  /** Existing figures matched by span: verdicts, corrections and dismissals kept. */
  kept: z.number().int(),
  /** Extracted figures no longer found, without a verdict or a correction: removed. */
  removed: z.number().int(),
});
