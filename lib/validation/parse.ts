// The one zod → AppError mapping: 'invalid_input', the message naming the first
// field and its reason, every issue in `issues` (HTTP bodies and socket acks alike).
import type { z } from 'zod';
import { AppError, type FieldIssue } from '../errors';

export type ParseNames = {
  /** Prefixed to every issue path: the name of a value parsed on its own (a path parameter). */
  field?: string;
  /** What the message calls the input when an issue concerns all of it (a socket event). */
  whole?: string;
};

export function invalidInputError(error: z.ZodError, names: ParseNames = {}): AppError {
  const issues: FieldIssue[] = error.issues.map((i) => ({
    path: [names.field, ...i.path].filter((p) => p !== undefined && p !== '').map(String).join('.'),
    message: i.message,
  }));
  const first = issues[0];
  if (!first) return new AppError('invalid_input', 'Invalid input.', { issues });
  const label = first.path || names.whole;
  return new AppError('invalid_input', label ? `${label}: ${first.message}` : first.message, { issues });
}

/** The input as the schema's output type, or AppError('invalid_input'). */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, names?: ParseNames | string): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidInputError(result.error, typeof names === 'string' ? { field: names } : names);
}
