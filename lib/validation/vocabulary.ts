// The desk's vocabulary: statuses, roles, what a figure counts, export
// formats, length limits and their labels. No zod here: client components
// take these without loading the schema library, which every desk page did
// when they came from the schema modules (about 390 KB of script parsed
// before the first paint; issue 16). The schema modules re-export them, so
// server code reads them from either place; a test holds the reading pages'
// client components free of zod (tests/unit/import-boundaries.test.ts).

// Claims.
export const CLAIM_STATUSES = ['unreviewed', 'verified', 'disputed', 'outdated'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const LANGUAGE_SOURCES = ['detected', 'override', 'declared'] as const;
export type LanguageSource = (typeof LANGUAGE_SOURCES)[number];

// Verdicts and comments: the longest reason, the most evidence links, the longest comment.
export const REASON_MAX = 2000;
export const EVIDENCE_MAX = 10;
export const COMMENT_MAX = 5000;

// People.
export const ROLES = ['editor', 'reviewer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { editor: 'Editor', reviewer: 'Reviewer', viewer: 'Viewer' };

export const PEOPLE_STATUSES = ['active', 'disabled', 'invited'] as const;
export type PersonStatus = (typeof PEOPLE_STATUSES)[number];

// Figures (issue 13).
/**
 * What a figure counts. Figures are compared only within one of these: "567
 * defected" with "104 fled", never with "365,315 soldiers" (troops_total) or
 * "50 countries" (countries). `other` is a number the extractor could not
 * place; it is listed but never in conflict with anything.
 */
export const FIGURE_COUNTED = [
  'people_defected', // soldiers, police or officials who defected, deserted, fled or crossed over
  'people_killed',
  'people_injured',
  'people_missing', // missing, unaccounted for
  'people_detained', // arrested, detained, held
  'people_displaced', // refugees, migrants, evacuated, displaced, crossing as civilians
  'people_protesting', // protesters, demonstrators, a crowd
  'people_other', // people counted in no category above
  'troops_total', // the size of an army or force, troops deployed
  'aid_tonnes', // humanitarian aid by weight
  'aid_shipments', // trucks, shipments, containers of aid
  'money', // an amount of money (unit: currency code)
  'countries', // countries recognising, supporting or condemning
  'share_percent', // a percentage (unit "%")
  'other',
] as const;
export type FigureCounted = (typeof FIGURE_COUNTED)[number];

export const FIGURE_COUNTED_LABELS: Record<FigureCounted, string> = {
  people_defected: 'Defections',
  people_killed: 'Deaths',
  people_injured: 'Injured',
  people_missing: 'Missing',
  people_detained: 'Detentions',
  people_displaced: 'Displaced and migrants',
  people_protesting: 'Protesters',
  people_other: 'People (other)',
  troops_total: 'Troops in total',
  aid_tonnes: 'Aid (tonnes)',
  aid_shipments: 'Aid shipments',
  money: 'Money',
  countries: 'Countries',
  share_percent: 'Percentages',
  other: 'Other figures',
};

/**
 * exact "23" and about "about 104" carry `value`; more_than ">100" and
 * at_least "≥5" carry `min`; fewer_than and at_most carry `max`; between
 * "50 to 60" carries both. `approximate` marks a hedged bound ("just over a
 * hundred" → more_than 100, approximate).
 */
export const FIGURE_QUALIFIERS = ['exact', 'about', 'more_than', 'at_least', 'fewer_than', 'at_most', 'between'] as const;
export type FigureQualifier = (typeof FIGURE_QUALIFIERS)[number];

export const FIGURE_QUALIFIER_SIGNS: Record<FigureQualifier, string> = {
  exact: '=',
  about: '≈',
  more_than: '>',
  at_least: '≥',
  fewer_than: '<',
  at_most: '≤',
  between: '–',
};

export const FIGURE_ORIGINS = ['extracted', 'added'] as const;
export type FigureOrigin = (typeof FIGURE_ORIGINS)[number];

/** Fields an editor can correct (and that re-extraction then keeps). */
export const FIGURE_CORRECTABLE = ['numbers', 'counted', 'attribution', 'time'] as const;
export type FigureCorrectable = (typeof FIGURE_CORRECTABLE)[number];

/** The most rows one "Show all" page of a board group holds. */
export const STORY_FIGURES_PAGE_MAX = 500;

// Exports.
// Additive only: the export.produced audit payload reads this list, and old rows must still parse.
export const EXPORT_FORMATS = ['csv', 'figures-csv', 'json', 'claimreview', 'html', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'CSV spreadsheet',
  'figures-csv': 'Figures spreadsheet (CSV)',
  json: 'JSON data (with history)',
  claimreview: 'schema.org ClaimReview (JSON-LD)',
  html: 'Printable report (HTML)',
  pdf: 'PDF report',
};

/** One line under each format in the Export dialog: what the file holds. */
export const EXPORT_FORMAT_HELP: Record<ExportFormat, string> = {
  csv: 'One row per claim with its verdict, reviewer and dates.',
  'figures-csv':
    'One row per figure (dismissed ones left out): claim, article, story, language, value, qualifier, min, max, what is counted, source, relayed by, time, date, sentence, verdict, reason, decided by and when.',
  json: 'Every claim with its verdict history and its figures.',
  claimreview: 'One review per decided claim and per reviewed figure, for fact-check markup.',
  html: 'A page to print: summary, each story’s figures board with its charts, every claim.',
  pdf: 'The printable report as a PDF, with the figures boards and charts.',
};
