// The server's field issues ({ path, message }[]) by field, first message each,
// and the form-level sentence: plain words, never a field's path.
import type { ApiError } from './api-client';

export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(error: ApiError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues ?? []) out[issue.path] ??= issue.message;
  return out;
}

/**
 * The form-level sentence: "Check the fields marked below." when every issue is
 * shown by its field, else the first other issue's own message (the server's
 * message starts with the field's path, which means nothing to a reader).
 */
export function formErrorOf(error: ApiError, shownFields: readonly string[]): string | null {
  const issues = error.issues ?? [];
  const elsewhere = issues.find((i) => !shownFields.includes(i.path));
  if (issues.length > 0 && !elsewhere) return 'Check the fields marked below.';
  return elsewhere?.message ?? error.message;
}

/**
 * A verdict form's errors (claims and figures): evidence issues moved from the
 * index sent to the row on screen (rows without a URL are not sent), each field
 * its first message, and the form-level sentence.
 */
export function verdictErrors(error: ApiError, rowOf: readonly number[]): { message: string | null; fields: FieldErrors } {
  const issues = (error.issues ?? []).map((i) => {
    const m = /^evidence\.(\d+)(\..*)?$/.exec(i.path);
    const row = m ? rowOf[Number(m[1])] : undefined;
    return row === undefined || !m ? i : { ...i, path: `evidence.${row}${m[2] ?? ''}` };
  });
  const moved = { ...error, issues };
  const fields = fieldErrors(moved);
  const shown = Object.keys(fields).filter((p) => p === 'reason' || /^evidence\.\d+\.url$/.test(p));
  // The verdict forms show this sentence under their fields, beside the save button.
  const message = formErrorOf(moved, shown);
  return { message: message === 'Check the fields marked below.' ? 'Check the fields marked above.' : message, fields };
}
