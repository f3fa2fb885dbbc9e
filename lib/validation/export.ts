// The export query: the claims list's own filters plus reviewer, decision date
// range and hand-picked ids. Shared by the Export dialog and the API.
import { z } from './zod';
import { listClaimsQuerySchema } from './claims';
import { storableText } from './text';

export const EXPORT_FORMATS = ['csv', 'json', 'claimreview', 'html', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'CSV spreadsheet',
  json: 'JSON data (with history)',
  claimreview: 'schema.org ClaimReview (JSON-LD)',
  html: 'Printable report (HTML)',
  pdf: 'PDF report',
};

const day = z.iso.date({ error: 'Dates must be YYYY-MM-DD.' });

export const exportQuerySchema = listClaimsQuerySchema
  .omit({ cursor: true, limit: true })
  .extend({
    format: z.enum(EXPORT_FORMATS, { error: `format must be one of: ${EXPORT_FORMATS.join(', ')}.` }),
    reviewer: storableText().trim().min(1).max(320).optional(),
    from: day.optional(),
    to: day.optional(),
    ids: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const ids = v.split(',').map((s) => s.trim()).filter(Boolean);
        if (ids.length > 1000) ctx.addIssue({ code: 'custom', message: 'At most 1000 ids per export.' });
        for (const id of ids) {
          if (!z.uuid().safeParse(id).success) ctx.addIssue({ code: 'custom', message: `"${id.slice(0, 40)}" is not a claim id.` });
        }
        return ids;
      }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: '"to" must not be before "from".' });
export type ExportQuery = z.infer<typeof exportQuerySchema>;
