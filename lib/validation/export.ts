// The export query: the claims list's own filters plus reviewer, decision date
// range, story and hand-picked ids. Shared by the Export dialog and the API.
import { z } from './zod';
import { listClaimsQuerySchema } from './claims';
import { isoDay } from './dates';
import { isId } from './ids';
import { storyIdSchema } from './stories';
import { storableText } from './text';

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

const day = isoDay('Dates must be YYYY-MM-DD.');
const MAX_IDS = 1000;

export const exportQuerySchema = listClaimsQuerySchema
  .omit({ cursor: true, limit: true })
  .extend({
    format: z.enum(EXPORT_FORMATS, { error: `format must be one of: ${EXPORT_FORMATS.join(', ')}.` }),
    reviewer: storableText().trim().min(1).max(320).optional(),
    from: day.optional(),
    to: day.optional(),
    /** Only the articles of this story (lib/stories/desk). */
    story: storyIdSchema.optional(),
    ids: z
      .string()
      .max(MAX_IDS * 40, `At most ${MAX_IDS} ids per export.`)
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const ids = v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (ids.length > MAX_IDS) ctx.addIssue({ code: 'custom', message: `At most ${MAX_IDS} ids per export.` });
        const bad = ids.find((id) => !isId(id));
        if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `"${bad.slice(0, 40)}" is not a claim id.` });
        return ids;
      }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: '"to" must not be before "from".' });
export type ExportQuery = z.infer<typeof exportQuerySchema>;
