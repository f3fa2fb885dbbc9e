// The one error type the domain layer throws; entry points map it to an HTTP
// status or a socket ack. Anything else is a bug and is reported as `internal`.
export type AppErrorCode =
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
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
  invalid_input: 400,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
  unavailable: 503,
  internal: 500,
};

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

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
