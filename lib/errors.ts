// The one error type the domain layer throws; entry points map it to an HTTP
// status or a socket ack. Anything else is a bug and is reported as `internal`.
import type { z } from 'zod';

export type AppErrorCode =
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  // A story an editor merged into another: 404 like not_found, with `mergedInto` beside the error.
  | 'story_merged'
  | 'invalid_input'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unavailable'
  | 'internal';

const STATUS: Record<AppErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  story_merged: 404,
  invalid_input: 400,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
  unavailable: 503,
  internal: 500,
};

/** Whether a code from outside (another thread, a socket ack) is one of ours. */
export function isAppErrorCode(code: string): code is AppErrorCode {
  return Object.hasOwn(STATUS, code);
}

/** The HTTP status an error code answers with (a socket ack carries only the code). */
export function statusOfCode(code: string): number {
  return (STATUS as Record<string, number | undefined>)[code] ?? 500;
}

export type FieldIssue = { path: string; message: string };

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details?: { issues?: FieldIssue[]; [key: string]: unknown };
  /** Top-level fields sent beside `error`, e.g. the current claim on a 409. */
  readonly extra?: Record<string, unknown>;

  constructor(code: AppErrorCode, message: string, details?: AppError['details'], extra?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.extra = extra;
  }

  get status() {
    return STATUS[this.code];
  }
}

/** A 400 about one field of the input, shaped like a failed parse (the message starts with the field). */
export function fieldError(path: string, message: string): AppError {
  return new AppError('invalid_input', `${path}: ${message}`, { issues: [{ path, message }] });
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

// The one zod → AppError mapping: 'invalid_input', the message naming the first
// field and its reason, every issue in `issues` (HTTP bodies and socket acks alike).
export type ParseNames = {
  /** Prefixed to every issue path: the name of a value parsed on its own (a path parameter). */
  field?: string;
  /** What the message calls the input when an issue concerns all of it (a socket event). */
  whole?: string;
};

export function invalidInputError(error: z.ZodError, names: ParseNames = {}): AppError {
  const issues: FieldIssue[] = error.issues.map((i) => ({
    path: [names.field, ...i.path]
      .filter((p) => p !== undefined && p !== '')
      .map(String)
      .join('.'),
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
