// The server's field issues ({ path, message }[]) by field, first message each.
import type { ApiError } from './api-client';

export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(error: ApiError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues ?? []) out[issue.path] ??= issue.message;
  return out;
}

/** The form-level sentence: the server's, unless every issue is already shown by its field. */
export function formErrorOf(error: ApiError, shownFields: readonly string[]): string | null {
  const issues = error.issues ?? [];
  if (issues.length > 0 && issues.every((i) => shownFields.includes(i.path))) return 'Check the fields marked below.';
  return error.message;
}
