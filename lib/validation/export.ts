// The export query: the claims list's own filters plus reviewer, decision date
// range, story and hand-picked ids. Shared by the Export dialog and the API.
import { z } from './zod';
import { EXPORT_FORMATS } from './vocabulary';
export { EXPORT_FORMATS, EXPORT_FORMAT_LABELS, EXPORT_FORMAT_HELP } from './vocabulary';
export type { ExportFormat } from './vocabulary';
import { listClaimsQuerySchema } from './claims';
import { isoDay } from './dates';
import { isId } from './ids';
import { storyIdSchema } from './stories';
import { storableText } from './text';

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
