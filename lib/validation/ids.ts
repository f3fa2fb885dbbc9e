// Record ids are PostgreSQL `uuid` columns. z.guid() accepts any 8-4-4-4-12 hex
// id: the form PostgreSQL prints for every UUID version, and nothing it would
// refuse. z.uuid() (zod 4: RFC 9562 versions and variant only) would turn away
// ids a uuid column can hold, and looser checks let "----…----" through to a 500.
import { z } from './zod';

/** A uuid-column id inside a payload the server wrote (audit rows, notifications). */
export const recordIdSchema = z.guid();

/** A uuid-column id; `message` is shown after the field name ("id: …"). */
export function idSchema(message: string) {
  return z.guid({ error: message });
}

/** Whether a free-text value (a filter that takes an email or an id) is an id. */
export function isId(value: string): boolean {
  return recordIdSchema.safeParse(value).success;
}
