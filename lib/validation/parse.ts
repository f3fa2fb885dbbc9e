// zod → AppError('invalid_input') naming the field and the reason.
import type { z } from 'zod';
import { AppError } from '../errors';

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, field?: string): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: [field, ...i.path].filter((p) => p !== undefined && p !== '').join('.'), message: i.message }));
  const first = issues[0]!;
  throw new AppError('invalid_input', first.path ? `${first.path}: ${first.message}` : first.message, { issues });
}
